// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TextReveal",
  products: [
    .library(name: "TextLayout", targets: ["TextLayout"]),
    .library(name: "TextShaping", targets: ["TextShaping"]),
    .library(name: "TextRaster", targets: ["TextRaster"]),
    .library(name: "TextReveal", targets: ["TextReveal"]),
    .library(name: "TextMarkdown", targets: ["TextMarkdown"]),
    .executable(name: "textreveal", targets: ["textreveal"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Property tests only (TextShapingTests): generated inputs, shrunk to a minimal failure.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // MARK: - C libraries
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
    ),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
    ),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // The Markdown tests' reference (TextMarkdown has its own parser). libcmark-gfm.pc links
    // the extensions library too; the modulemap also names both, since Debian ships no .pc
    // file for libcmark-gfm-extensions on its own.
    .systemLibrary(
      name: "CCmarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [
        .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"]),
      ]
    ),
    // ICU's headers clash with the copy of ICU inside Foundation when imported into Swift, so a
    // small C target wraps the few calls we need behind plain C types.
    .target(
      name: "CICUShim",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
    ),

    // MARK: - Swift modules
    .target(name: "TextLayout"),
    .target(
      name: "TextShaping",
      dependencies: ["TextLayout", "CFreeType", "CHarfBuzz", "CFontconfig", "CICUShim"]
    ),
    .target(name: "TextReveal", dependencies: ["TextLayout"]),
    .target(name: "TextMarkdown", dependencies: ["TextLayout"]),
    .target(
      name: "TextRaster",
      dependencies: ["TextLayout", "TextShaping", "TextReveal", "CFreeType", "CZlib"]
    ),
    .executableTarget(
      name: "textreveal",
      dependencies: [
        "TextLayout", "TextShaping", "TextReveal", "TextRaster", "TextMarkdown",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: - Tests
    .target(name: "TestSupport", dependencies: ["TextLayout"], path: "Tests/TestSupport"),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"]),
    .testTarget(
      name: "TextShapingTests",
      dependencies: [
        "TextShaping", "TextLayout", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Resources")]
    ),
    .testTarget(
      name: "TextRevealTests",
      dependencies: ["TextReveal", "TextLayout", "TextShaping", "TestSupport"]
    ),
    .testTarget(
      name: "TextRasterTests",
      dependencies: [
        "TextRaster", "TextShaping", "TextLayout", "TextReveal", "CZlib", "TestSupport",
      ],
      // Golden PNGs, read from the source tree (see SnapshotTests.swift), not bundled.
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "TextMarkdownTests",
      dependencies: ["TextMarkdown", "TextLayout", "TextShaping", "CCmarkGFM", "TestSupport"]),
    .testTarget(name: "TextRevealCLITests", dependencies: ["textreveal", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
