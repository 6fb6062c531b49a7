// swift-tools-version: 6.1
import PackageDescription

// GTK 4 widgets for the TextReveal components, and a demo application. A package of its own so
// that GTK never reaches a user of the library who does not ask for it: only `make gtk-demo` and
// `make gtk-check` build it.
let package = Package(
  name: "TextRevealGTK",
  products: [
    .library(name: "TextRevealGTK", targets: ["TextRevealGTK"]),
    .executable(name: "textreveal-gtk-demo", targets: ["TextRevealGTKDemo"]),
  ],
  dependencies: [
    .package(name: "TextReveal", path: "..")
  ],
  targets: [
    // MARK: - C libraries
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]
    ),
    // GObject's type macros (a GtkWidget subclass) and the variadic property calls.
    .target(name: "CGtkShim", dependencies: ["CGtk"]),

    // MARK: - Swift modules
    .target(
      name: "TextRevealGTK",
      dependencies: [
        "CGtk", "CGtkShim",
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextRaster", package: "TextReveal"),
      ]
    ),
    .executableTarget(
      name: "TextRevealGTKDemo",
      dependencies: [
        "TextRevealGTK", "CGtk", "CGtkShim",
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextMarkdown", package: "TextReveal"),
        .product(name: "TextRevealDemoSupport", package: "TextReveal"),
      ]
    ),

    // MARK: - Tests
    .testTarget(
      name: "TextRevealGTKTests",
      dependencies: [
        "TextRevealGTK", "TextRevealGTKDemo",
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextRaster", package: "TextReveal"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
