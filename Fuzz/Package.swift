// swift-tools-version: 6.1
import PackageDescription

// Fuzz targets for libFuzzer, one per entry point of TextReveal (see docs/Testing.md). A
// package of its own so that the main package never builds them: they need
// `-sanitize=fuzzer`, which `make fuzz` passes.
let package = Package(
  name: "TextRevealFuzz",
  dependencies: [
    .package(name: "TextReveal", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    .target(name: "FuzzDriver"),
    // cmark-gfm, the Markdown parser's oracle (the main package's shim.h, linked).
    .systemLibrary(
      name: "CCmarkOracle",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
    ),
    .executableTarget(
      name: "fuzz-layout",
      dependencies: [
        "FuzzDriver",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
      ]
    ),
    // The command-line tool's record readers, compiled from its own files (links to them):
    // an executable target cannot be imported from another package.
    .executableTarget(
      name: "fuzz-records",
      dependencies: [
        "FuzzDriver",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
        .product(name: "TextRaster", package: "TextReveal"),
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextRevealDemoSupport", package: "TextReveal"),
        .product(name: "TextMarkdown", package: "TextReveal"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The Markdown parser: linear work on the input and on it repeated, and the same styles
    // as cmark-gfm's own tree where the two must agree.
    .executableTarget(
      name: "fuzz-markdown",
      dependencies: [
        "FuzzDriver", "CCmarkOracle",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextMarkdown", package: "TextReveal"),
      ]
    ),
    // Batched style updates against a byte-by-byte model.
    .executableTarget(
      name: "fuzz-styles",
      dependencies: ["FuzzDriver", .product(name: "TextLayout", package: "TextReveal")]
    ),
    .executableTarget(
      name: "fuzz-shaping",
      dependencies: [
        "FuzzDriver",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
      ]
    ),
    .executableTarget(
      name: "fuzz-fonts",
      dependencies: [
        "FuzzDriver",
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
