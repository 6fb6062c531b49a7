import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PlaygroundCore
import Testing

/// An answer of the playground over HTTP: its status, headers and JSON object.
struct Answer {
  var status: Int
  var headers: HTTPFields
  var body: ByteBuffer
  var json: [String: Any]

  init(_ response: TestResponse) {
    status = response.status.code
    headers = response.headers
    body = response.body
    json =
      (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)))
      as? [String: Any] ?? [:]
  }

  init(_ response: TestClient.Response) {
    status = response.status.code
    headers = response.headers
    body = response.body ?? ByteBuffer()
    json =
      (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any]
      ?? [:]
  }

  var error: String? { json["error"] as? String }
  var session: String? { json["session"] as? String }
  var version: Int? { json["version"] as? Int }
  var settings: [String: Any] { json["settings"] as? [String: Any] ?? [:] }
  var tapAction: String? { (json["tap"] as? [String: Any])?["action"] as? String }

  func view(_ component: String) -> [String: Any] {
    (json["components"] as? [String: Any])?[component] as? [String: Any] ?? [:]
  }

  func state(_ component: String) -> [String: Any] {
    view(component)["state"] as? [String: Any] ?? [:]
  }

  /// The still's height in points, padding included.
  func height(_ component: String) -> Double {
    (view(component)["size"] as? [String: Any])?["height"] as? Double ?? 0
  }
}

extension TestClientProtocol {
  /// Sends a request, with a JSON body if given (and its content type, unless the headers
  /// say otherwise).
  func send(
    _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, headers: HTTPFields = [:]
  ) async throws -> Answer {
    var headers = headers
    if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
    let response = try await executeRequest(
      uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    return Answer(response)
  }

  /// A new session, as the page makes one.
  func newSession() async throws -> (id: String, answer: Answer) {
    let answer = try await send(.post, "/api/session", json: "{}")
    #expect(answer.status == 201)
    return (try #require(answer.session), answer)
  }

  func state(_ id: String) async throws -> Answer {
    try await send(.get, "/api/session/\(id)")
  }

  func settings(_ id: String, _ json: String) async throws -> Answer {
    try await send(.post, "/api/session/\(id)/settings", json: json)
  }

  func action(_ id: String, _ component: String, _ action: String) async throws -> Answer {
    try await send(
      .post, "/api/session/\(id)/action",
      json: #"{"component":"\#(component)","action":"\#(action)"}"#)
  }

  func tap(_ id: String, _ component: String, x: Double, y: Double) async throws -> Answer {
    try await send(
      .post, "/api/session/\(id)/tap", json: #"{"component":"\#(component)","x":\#(x),"y":\#(y)}"#)
  }

  func tap(_ id: String, _ component: String, center rect: Any?) async throws -> Answer {
    let rect = try #require(rect as? [String: Double])
    return try await tap(
      id, component, x: rect["x"]! + rect["width"]! / 2, y: rect["y"]! + rect["height"]! / 2)
  }
}

/// Runs a test against the playground served over real HTTP on a free loopback port.
func withPlayground(
  limits: PlaygroundLimits = PlaygroundLimits(),
  registry: ConnectionRegistry? = nil,
  _ test: @escaping @Sendable (any TestClientProtocol, PlaygroundService) async throws -> Void
) async throws {
  let service = try PlaygroundService(limits: limits)
  let app = PlaygroundServer(host: "localhost", port: 0).application(
    service: service, registry: registry)
  try await app.test(.live) { client in
    try await test(client, service)
  }
}

/// A frame of a tap's animation, as the page reads it from the stream (see `FrameSink`).
struct Frame {
  var milliseconds: Int
  var x: Int
  var y: Int
  var width: Int
  var height: Int
  var canvasWidth: Int
  var canvasHeight: Int
  var isStretched: Bool
  var pixels: [UInt8]

  var isPNG: Bool { pixels.starts(with: [0x89, 0x50, 0x4E, 0x47]) }

  /// The frames of a stream's bytes; fails the test on a frame cut short.
  static func frames(in bytes: ByteBuffer) throws -> [Frame] {
    var bytes = bytes
    var frames: [Frame] = []
    while bytes.readableBytes > 0 {
      var header: [Int] = []
      for _ in 0..<9 {
        let value = bytes.readInteger(endianness: .big, as: UInt32.self)
        header.append(Int(try #require(value)))
      }
      let pixels = bytes.readBytes(length: header[0])
      frames.append(
        Frame(
          milliseconds: header[1], x: header[2], y: header[3], width: header[4],
          height: header[5], canvasWidth: header[6], canvasHeight: header[7],
          isStretched: header[8] == 1, pixels: try #require(pixels)))
    }
    return frames
  }
}

extension TestClientProtocol {
  /// The frames a tap's answer names, read to their end.
  func frames(of answer: Answer, _ component: String) async throws -> [Frame] {
    let url = try #require(answer.view(component)["animation"] as? String)
    let stream = try await send(.get, url)
    #expect(stream.status == 200)
    #expect(stream.headers[.contentType] == "application/octet-stream")
    return try Frame.frames(in: stream.body)
  }

  /// A tap whose answer goes on with its frames, as the page sends it: the JSON answer, a
  /// newline, then the frames.
  func tapFollowed(
    _ id: String, _ component: String, center rect: Any?
  ) async throws -> (answer: [String: Any], frames: [Frame], contentType: String?) {
    let rect = try #require(rect as? [String: Double])
    let (x, y) = (rect["x"]! + rect["width"]! / 2, rect["y"]! + rect["height"]! / 2)
    let response = try await executeRequest(
      uri: "/api/session/\(id)/tap", method: .post,
      headers: [.contentType: "application/json"],
      body: ByteBuffer(
        string: #"{"component":"\#(component)","x":\#(x),"y":\#(y),"framesFollow":true}"#))
    let bytes = Array(response.body.readableBytesView)
    let line = try #require(bytes.firstIndex(of: 10))
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes[..<line])) as? [String: Any])
    let frames = try Frame.frames(in: ByteBuffer(bytes: bytes[(line + 1)...]))
    return (answer, frames, response.headers[.contentType])
  }
}
