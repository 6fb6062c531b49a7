import Foundation
import HummingbirdTesting
import PlaygroundCore
import Testing

/// Each request's work budget: inputs whose cost grows faster than their size are refused
/// before they are drawn, images past the pixel budget are refused or sent without their
/// animation, and the session stays as it was.
@Suite struct BudgetTests {
  @Test(
    "Markdown with more markup than the budget is refused with 413 before it is parsed",
    arguments: [
      String(repeating: "**a** b ", count: 600), String(repeating: "[a](b) c ", count: 1100),
      String(repeating: "x@y.z ", count: 1100), String(repeating: "www.a.b ", count: 1100),
    ])
  func refusesHeavyMarkdown(text: String) async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let json = String(
        decoding: try JSONSerialization.data(withJSONObject: ["text": text, "markdown": true]),
        as: UTF8.self)
      let answer = try await client.settings(id, json)
      #expect(answer.status == 413)
      #expect(answer.error?.contains("markup") == true)
      #expect(try await client.state(id).version == first.version)
    }
  }

  @Test("more hidden phrases than the budget are refused with 413")
  func refusesManySpoilers() async throws {
    var limits = PlaygroundLimits()
    limits.spoilers = 10
    try await withPlayground(limits: limits) { client, _ in
      let (id, _) = try await client.newSession()
      let within = try await client.settings(
        id, #"{"markdown":true,"text":"\#(String(repeating: "||a|| ", count: 10))"}"#)
      #expect(within.status == 200)
      let over = try await client.settings(
        id, #"{"markdown":true,"text":"\#(String(repeating: "||a|| ", count: 11))"}"#)
      #expect(over.status == 413)
      #expect(over.error?.contains("11 hidden phrases") == true)
    }
  }

  @Test("a 32 KB text at AX5 is drawn collapsed, and expanding it past the pixel budget is a 422")
  func refusesImagesOverBudget() async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      let text = String(repeating: "word ", count: 32 * 1024 / 5)
      let settings = try await client.settings(id, #"{"typeSize":"AX5","text":"\#(text)"}"#)
      #expect(settings.status == 200)
      let more = settings.state("expandable")["moreButton"]
      #expect(settings.view("expandable")["still"] is String)
      // The detector's whole text and the expanded text would be far taller than 4 Mi pixels.
      let expand = try await client.tap(id, "expandable", center: more)
      #expect(expand.status == 422)
      #expect(expand.error?.contains("Mi pixels") == true)
      #expect(try await client.state(id).state("expandable")["isExpanded"] as? Bool == false)
    }
  }

  @Test("an animation past the answer's pixel budget is left out and the still sent alone")
  func dropsAnimationsOverBudget() async throws {
    var limits = PlaygroundLimits()
    limits.answerPixels = 2 << 20
    try await withPlayground(limits: limits) { client, _ in
      let (id, first) = try await client.newSession()
      let answer = try await client.tap(
        id, "expandable", center: first.state("expandable")["moreButton"])
      #expect(answer.status == 200)
      #expect(answer.tapAction == "expand")
      // The stream has one frame: the still, whole.
      let frames = try await client.frames(of: answer, "expandable")
      #expect(frames.count == 1)
      let still = try #require(frames.first)
      #expect(still.x == 0 && still.y == 0 && still.width == still.canvasWidth)
      #expect(Double(still.canvasHeight) == answer.height("expandable") * 2)
      #expect(answer.view("expandable")["still"] is String)
    }
  }

  @Test("inserting rows past the list's limit is a 409 and keeps the list")
  func capsInsertedRows() async throws {
    var limits = PlaygroundLimits()
    limits.listRows = 7
    try await withPlayground(limits: limits) { client, _ in
      let (id, _) = try await client.newSession()
      for _ in 0..<2 { #expect(try await client.action(id, "list", "insert").status == 200) }
      let refused = try await client.action(id, "list", "insert")
      #expect(refused.status == 409)
      #expect(refused.error?.contains("7 rows") == true)
      let rows = try await client.state(id).state("list")["rows"] as? [[String: Any]]
      #expect(rows?.count == 7)
    }
  }
}
