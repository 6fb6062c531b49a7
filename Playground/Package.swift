// swift-tools-version: 6.1
import PackageDescription

// A local web app to use every TextReveal component in a browser. A package of its own so that
// code depending on the library never pulls an HTTP server in: only `make play` needs it.
let package = Package(
  name: "TextRevealPlayground",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "TextReveal", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
  ],
  targets: [
    .target(
      name: "PlaygroundCore",
      dependencies: [
        .product(name: "TextLayout", package: "TextReveal"),
        .product(name: "TextShaping", package: "TextReveal"),
        .product(name: "TextReveal", package: "TextReveal"),
        .product(name: "TextRaster", package: "TextReveal"),
        .product(name: "TextMarkdown", package: "TextReveal"),
        .product(name: "TextRevealDemoSupport", package: "TextReveal"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ],
      resources: [.copy("Assets")]
    ),
    .executableTarget(
      name: "textreveal-playground",
      dependencies: ["PlaygroundCore"]
    ),
    .testTarget(
      name: "PlaygroundCoreTests",
      dependencies: ["PlaygroundCore"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
