import Foundation
import PlaygroundCore
import Testing

/// A tab of the page, as the tests play it: a session with a service, and the last answer.
struct PlaygroundClient {
  let service: PlaygroundService
  var session: String?

  /// An answer: its status and its JSON object.
  struct Answer {
    var status: Int
    var json: [String: Any]

    var error: String? { json["error"] as? String }
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

  init(service: PlaygroundService) {
    self.service = service
  }

  mutating func send(_ method: String, _ path: String, body: String? = nil) async -> Answer {
    await send(method, path, bytes: body.map { Array($0.utf8) } ?? [])
  }

  mutating func send(_ method: String, _ path: String, bytes: [UInt8]) async -> Answer {
    let response = await service.handle(
      PlaygroundRequest(method: method, path: path, session: session, body: bytes))
    let json =
      (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    if response.status == 200, let id = json["session"] as? String { session = id }
    return Answer(status: response.status, json: json)
  }

  mutating func state() async -> Answer { await send("GET", "/api/state") }

  mutating func tap(_ component: String, x: Double, y: Double) async -> Answer {
    await send("POST", "/api/tap", body: #"{"component":"\#(component)","x":\#(x),"y":\#(y)}"#)
  }

  mutating func tap(_ component: String, center rect: Any?) async throws -> Answer {
    let rect = try #require(rect as? [String: Double])
    return await tap(
      component, x: rect["x"]! + rect["width"]! / 2, y: rect["y"]! + rect["height"]! / 2)
  }
}
