// swift-tools-version: 6.1
import PackageDescription

// Benchmarks of TextReveal's layout engine against Pango. A package of its own so that the main
// package never depends on Pango: only `make bench` needs it.
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
    .executableTarget(
      name: "textreveal-bench",
      dependencies: [
        "CPango",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextRaster", package: "TextReveal"),
        .product(name: "TextMarkdown", package: "TextReveal"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
