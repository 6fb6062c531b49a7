// swift-tools-version: 6.1
import PackageDescription

// A local web app to use every TextReveal component in a browser. A package of its own so that
// code depending on the library never pulls an HTTP server in: only `make play` needs it.
let package = Package(
  name: "TextRevealPlayground",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "TextReveal", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    // The connection guard is a SwiftNIO channel handler: timeouts and a connection limit
    // that sheds stalled connections, which Hummingbird's configuration does not offer.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
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
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      resources: [.copy("Assets")]
    ),
    .executableTarget(
      name: "textreveal-playground",
      dependencies: ["PlaygroundCore"]
    ),
    .testTarget(
      name: "PlaygroundCoreTests",
      dependencies: [
        "PlaygroundCore",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
