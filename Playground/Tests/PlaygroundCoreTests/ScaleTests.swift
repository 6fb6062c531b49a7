import Foundation
import HummingbirdTesting
import PlaygroundCore
import Synchronization
import Testing

/// HiDPI: the page sends its `devicePixelRatio` and every image is drawn at it, within a
/// pixel budget that is the same at every scale.
@Suite struct ScaleTests {
  @Test(
    "a session made at a scale draws its images at that many pixels per point",
    arguments: [1, 2, 3])
  func drawsAtTheSessionScale(scale: Int) async throws {
    try await withPlayground { client, _ in
      let answer = try await client.send(.post, "/api/session", json: #"{"scale":\#(scale)}"#)
      #expect(answer.status == 201)
      #expect(answer.json["scale"] as? Int == scale)
      #expect(answer.settings["scale"] as? Int == scale)
      for component in ["expandable", "list", "spoiler"] {
        let size = try #require(answer.view(component)["size"] as? [String: Double])
        let url = try #require(answer.view(component)["still"] as? String)
        let (width, height) = try pixelSize(try await client.send(.get, url))
        #expect(Double(width) == size["width"]! * Double(scale))
        #expect(Double(height) == size["height"]! * Double(scale))
      }
    }
  }

  @Test("a change of scale draws every component again at the new scale")
  func changeOfScaleRedraws() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      #expect(first.json["scale"] as? Int == 2)
      let answer = try await client.settings(id, #"{"scale":3}"#)
      #expect(answer.status == 200)
      #expect(answer.json["scale"] as? Int == 3)
      let url = try #require(answer.view("detector")["still"] as? String)
      let (width, _) = try pixelSize(try await client.send(.get, url))
      #expect(Double(width) == first.view("detector").width * 3)
      // The scale is the session's: a tap answers at it too.
      let tap = try await client.tap(
        id, "expandable", center: answer.state("expandable")["moreButton"])
      let still = try #require(tap.view("expandable")["still"] as? String)
      let (tapWidth, _) = try pixelSize(try await client.send(.get, still))
      #expect(Double(tapWidth) == tap.view("expandable").width * 3)
    }
  }

  @Test(
    "a scale other than 1, 2 or 3 is refused, and no session is made with it",
    arguments: ["0", "4", "-2", "2.5", "1e9", "\"2\""])
  func refusesBadScales(scale: String) async throws {
    try await withPlayground { client, service in
      let (id, first) = try await client.newSession()
      let answer = try await client.settings(id, #"{"scale":\#(scale)}"#)
      #expect(answer.status == 400)
      #expect(answer.error?.contains("scale") == true)
      #expect(try await client.state(id).version == first.version)
      let sessions = await service.sessionCount
      let creation = try await client.send(.post, "/api/session", json: #"{"scale":\#(scale)}"#)
      #expect(creation.status == 400)
      #expect(await service.sessionCount == sessions)
    }
  }

  @Test("the pixel budget is in pixels: what fits at 2x can be over it at 3x")
  func budgetIsPerScale() async throws {
    // The expandable text's still at 2x, measured first.
    let size = Mutex((width: 0.0, height: 0.0))
    try await withPlayground { client, _ in
      let (_, first) = try await client.newSession()
      size.withLock { $0 = (first.view("expandable").width, first.height("expandable")) }
    }
    var limits = PlaygroundLimits()
    limits.imagePixels = size.withLock { Int($0.width * $0.height * 4 * 1.5) }
    try await withPlayground(limits: limits) { client, _ in
      let two = try await client.send(.post, "/api/session", json: #"{"scale":2}"#)
      #expect(two.view("expandable")["still"] is String)
      let three = try await client.send(.post, "/api/session", json: #"{"scale":3}"#)
      #expect(three.view("expandable")["still"] == nil)
      #expect((three.view("expandable")["error"] as? String)?.contains("pixels") == true)
    }
  }
}

extension [String: Any] {
  /// A view's width in points, padding included.
  var width: Double { (self["size"] as? [String: Any])?["width"] as? Double ?? 0 }
}

/// A PNG's width and height in pixels, from its header.
func pixelSize(_ answer: Answer) throws -> (width: Int, height: Int) {
  let bytes = Array(answer.body.readableBytesView)
  try #require(answer.status == 200 && bytes.count > 24)
  let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (word(16), word(20))
}
