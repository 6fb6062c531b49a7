// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TextReveal",
  // Synchronization's Mutex and Atomic, which the engine's caches use.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "TextLayout", targets: ["TextLayout"]),
    .library(name: "TextShaping", targets: ["TextShaping"]),
    .library(name: "TextRaster", targets: ["TextRaster"]),
    .library(name: "TextReveal", targets: ["TextReveal"]),
    .library(name: "TextMarkdown", targets: ["TextMarkdown"]),
    // What the command line, the gallery and the front ends share to show the components:
    // sample texts, avatars, spoiler phrases, appearance options, scripted recordings.
    .library(name: "TextRevealDemoSupport", targets: ["TextRevealDemoSupport"]),
    .executable(name: "textreveal", targets: ["textreveal"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Property tests only (TextShapingTests): generated inputs, shrunk to a minimal failure.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // make docs: the libraries' DocC documentation as a static site.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
    // A processor hint Swift cannot express: bringing a cache line in before it is read
    // (the shape cache's batch probes).
    .target(name: "CPrefetch"),

    // MARK: - Swift modules
    .target(name: "TextLayout"),
    .target(
      name: "TextShaping",
      dependencies: [
        "TextLayout", "CFreeType", "CHarfBuzz", "CFontconfig", "CICUShim", "CPrefetch",
      ]
    ),
    .target(name: "TextReveal", dependencies: ["TextLayout", "TextShaping"]),
    .target(name: "TextMarkdown", dependencies: ["TextLayout"]),
    .target(
      name: "TextRaster",
      dependencies: ["TextLayout", "TextShaping", "TextReveal", "CFreeType", "CZlib"]
    ),
    .target(
      name: "TextRevealDemoSupport",
      dependencies: ["TextReveal", "TextRaster", "TextMarkdown"]
    ),
    .executableTarget(
      name: "textreveal",
      dependencies: [
        "TextLayout", "TextShaping", "TextReveal", "TextRaster", "TextMarkdown",
        "TextRevealDemoSupport",
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
        "TextRaster", "TextShaping", "TextLayout", "TextReveal", "TextMarkdown", "CZlib",
        "TestSupport",
      ],
      // Golden PNGs, read from the source tree (see SnapshotTests.swift), not bundled.
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "TextMarkdownTests",
      dependencies: ["TextMarkdown", "TextLayout", "TextShaping", "CCmarkGFM", "TestSupport"]),
    .testTarget(name: "TextRevealCLITests", dependencies: ["textreveal", "TestSupport"]),
    .testTarget(
      name: "TextRevealDemoSupportTests",
      dependencies: ["TextRevealDemoSupport", "TextReveal", "TextRaster", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
