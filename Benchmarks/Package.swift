// swift-tools-version: 6.1
import PackageDescription

// Benchmarks of TextReveal's layout engine against Pango and Qt. A package of its own so that
// the main package never depends on Pango or Qt: only `make bench` needs them.
let package = Package(
  name: "TextRevealBenchmarks",
  dependencies: [
    .package(name: "TextReveal", path: "..")
  ],
  targets: [
    .systemLibrary(
      name: "CPango",
      pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
    ),
    // Qt 6's compiler and linker flags, for the C++ shim.
    .systemLibrary(
      name: "CQt",
      pkgConfig: "Qt6Gui",
      providers: [.apt(["qt6-base-dev"]), .brew(["qt"])]
    ),
    // QTextLayout behind a C interface (Swift does not import Qt's C++ headers).
    .target(name: "QtShim", dependencies: ["CQt"]),
    .executableTarget(
      name: "textreveal-bench",
      dependencies: [
        "CPango",
        "QtShim",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextRaster", package: "TextReveal"),
        .product(name: "TextMarkdown", package: "TextReveal"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)
