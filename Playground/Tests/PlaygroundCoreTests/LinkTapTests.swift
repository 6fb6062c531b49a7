import Foundation
import HummingbirdTesting
import PlaygroundCore
import Testing

/// Link taps: the answer names the link for the page to open, only for http, https and
/// mailto, and nothing changes on the server.
@Suite struct LinkTapTests {
  @Test(
    "a tap on a link answers it for the page to open only when it is http, https or mailto",
    arguments: [
      ("https://example.com/a?b=c", true), ("http://example.com/", true),
      ("mailto:someone@example.com", true), ("javascript:alert(1)", false),
      ("file:///etc/passwd", false), ("data:text/html,hi", false), ("ftp://example.com/", false),
    ])
  func linkTaps(url: String, opens: Bool) async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      let text = "Read [the link](\(url)) first, then the rest."
      let json = String(
        decoding: try JSONSerialization.data(withJSONObject: ["text": text, "markdown": true]),
        as: UTF8.self)
      let set = try await client.settings(id, json)
      #expect(set.status == 200)
      let links = set.state("expandable")["links"] as? [[String: Double]]
      guard opens else {
        // The parser may make no link of it at all; if it does, the tap opens nothing.
        guard let first = links?.first else { return }
        let answer = try await client.tap(id, "expandable", center: first)
        #expect(answer.status == 200)
        #expect((answer.json["tap"] as? [String: Any])?["link"] == nil)
        return
      }
      let first = try #require(links?.first)
      let answer = try await client.tap(id, "expandable", center: first)
      #expect(answer.status == 200)
      let tap = try #require(answer.json["tap"] as? [String: Any])
      #expect(tap["link"] as? String == url)
      #expect(tap["changed"] as? Bool == false)
      #expect(answer.version == set.version)
      #expect(answer.view("expandable")["animation"] == nil)
    }
  }

  @Test("a tap beside the link opens nothing")
  func besideTheLink() async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      let set = try await client.settings(
        id, #"{"markdown":true,"text":"Words before it, then [a link](https://example.com/)."}"#)
      let link = try #require((set.state("expandable")["links"] as? [[String: Double]])?.first)
      #expect(link["x"]! > 40)
      let answer = try await client.tap(id, "expandable", x: 5, y: link["y"]! + 4)
      #expect(answer.tapAction == "none")
      #expect((answer.json["tap"] as? [String: Any])?["link"] == nil)
    }
  }
}

/// The body-tap option: with `togglesOnTapAnywhere`, a tap on the expandable text's words
/// expands it and collapses it; without it, the same tap does nothing.
@Suite struct TapAnywhereTests {
  @Test("a tap on the words toggles the text only with the option", arguments: [true, false])
  func tapOnTheWords(option: Bool) async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      #expect(first.settings["togglesOnTapAnywhere"] as? Bool == false)
      let set = try await client.settings(id, #"{"togglesOnTapAnywhere":\#(option)}"#)
      #expect(set.settings["togglesOnTapAnywhere"] as? Bool == option)
      let expand = try await client.tap(id, "expandable", x: 20, y: 5)
      #expect(expand.tapAction == (option ? "expand" : "none"))
      #expect(expand.state("expandable")["isExpanded"] as? Bool == option)
      guard option else { return }
      let collapse = try await client.tap(id, "expandable", x: 20, y: 5)
      #expect(collapse.tapAction == "collapse")
      #expect(collapse.state("expandable")["isExpanded"] as? Bool == false)
    }
  }

  @Test("the option is refused when it is not a boolean")
  func refusesNonBoolean() async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      let answer = try await client.settings(id, #"{"togglesOnTapAnywhere":"yes"}"#)
      #expect(answer.status == 400)
      #expect(answer.error?.contains("togglesOnTapAnywhere") == true)
    }
  }
}
