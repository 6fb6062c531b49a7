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
