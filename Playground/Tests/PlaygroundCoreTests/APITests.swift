import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PlaygroundCore
import Testing

@Suite struct APITests {
  @Test(
    "a tap on \"more\" expands the text, naming frames drawn after the answer and a taller still")
  func tapOnMoreExpands() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      #expect(first.state("expandable")["isTruncated"] as? Bool == true)
      let answer = try await client.tap(
        id, "expandable", center: first.state("expandable")["moreButton"])
      #expect(answer.status == 200)
      #expect(answer.tapAction == "expand")
      #expect(answer.state("expandable")["isExpanded"] as? Bool == true)
      #expect(answer.height("expandable") > first.height("expandable"))
      #expect(answer.version == (first.version ?? 0) + 1)
      // Only the tapped component is drawn again.
      #expect(answer.view("list").isEmpty)
      // The answer names the frames, drawn after it, and the still of the end state.
      let animation = try #require(answer.view("expandable")["animation"] as? String)
      #expect(animation.hasPrefix("/api/session/\(id)/frames/"))
      #expect((answer.view("expandable")["animationMilliseconds"] as? Int ?? 0) > 0)
      let frames = try await client.frames(of: answer, "expandable")
      #expect(frames.count >= 2)
      #expect(frames.map(\.milliseconds) == frames.map(\.milliseconds).sorted())
      // The first moved frame is whole and its pixels as they are (nothing to decode); the
      // others are PNGs of what changed, inside the canvas, which is the still's size.
      let firstFrame = try #require(frames.first)
      #expect(
        !firstFrame.isPNG && !firstFrame.isStretched && firstFrame.x == 0 && firstFrame.y == 0)
      #expect(
        firstFrame.width == firstFrame.canvasWidth && firstFrame.height == firstFrame.canvasHeight)
      #expect(firstFrame.pixels.count == firstFrame.width * firstFrame.height * 4)
      #expect(firstFrame.milliseconds > 0)
      for frame in frames.dropFirst() {
        #expect(frame.isPNG)
        #expect(frame.x + frame.width <= frame.canvasWidth)
        #expect(frame.y + frame.height <= frame.canvasHeight)
      }
      #expect(Double(firstFrame.canvasHeight) == answer.height("expandable") * 2)
      // A stream is read once.
      #expect(try await client.send(.get, animation).status == 404)
      let still = try #require(answer.view("expandable")["still"] as? String)
      #expect(still.hasPrefix("/api/session/\(id)/image/"))
      let image = try await client.send(.get, still)
      #expect(image.status == 200)
      #expect(image.headers[.contentType] == "image/png")
      #expect(image.headers[.cacheControl]?.contains("immutable") == true)
      #expect(Array(image.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
      #expect(answer.body.readableBytes < 16 * 1024)
      // Where the answer's time went, for the browser's developer tools.
      let timing = try #require(answer.headers[HTTPField.Name("Server-Timing")!])
      #expect(timing.contains("queue;dur=") && timing.contains("draw;dur="))
      // The reload finds the state.
      #expect(try await client.state(id).state("expandable")["isExpanded"] as? Bool == true)
    }
  }

  @Test("a tap that asks for its frames gets them after its answer, in the same response")
  func framesFollowTheAnswer() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let (answer, frames, type) = try await client.tapFollowed(
        id, "expandable", center: first.state("expandable")["moreButton"])
      #expect(type == "application/vnd.textreveal.answer-frames")
      #expect((answer["tap"] as? [String: Any])?["action"] as? String == "expand")
      #expect(frames.count >= 2)
      #expect(frames.first?.isPNG == false)
      // Taken by the answer: the stream's URL has nothing more to give.
      let view = (answer["components"] as? [String: Any])?["expandable"] as? [String: Any]
      let url = try #require(view?["animation"] as? String)
      #expect(try await client.send(.get, url).status == 404)
    }
  }

  @Test("a change that shrinks ends its frames on the still, byte for byte")
  func collapseEndsOnTheStill() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let expanded = try await client.tap(
        id, "expandable", center: first.state("expandable")["moreButton"])
      _ = try await client.frames(of: expanded, "expandable")
      let collapsed = try await client.tap(
        id, "expandable", center: expanded.state("expandable")["lessButton"])
      #expect(collapsed.tapAction == "collapse")
      let frames = try await client.frames(of: collapsed, "expandable")
      let still = try await client.send(
        .get, try #require(collapsed.view("expandable")["still"] as? String))
      let last = try #require(frames.last)
      // The frames are drawn at the expanded size; the last is the still, whole, smaller.
      #expect(frames.count >= 2 && frames[0].canvasHeight > last.canvasHeight)
      #expect(last.x == 0 && last.y == 0 && last.width == last.canvasWidth)
      #expect(Double(last.canvasHeight) == collapsed.height("expandable") * 2)
      #expect(last.pixels == Array(still.body.readableBytesView))
    }
  }

  @Test("a session's new tap drops the frames of its last one that nobody read")
  func newTapDropsUnreadFrames() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let expanded = try await client.tap(
        id, "expandable", center: first.state("expandable")["moreButton"])
      let collapsed = try await client.tap(
        id, "expandable", center: expanded.state("expandable")["lessButton"])
      let old = try #require(expanded.view("expandable")["animation"] as? String)
      #expect(try await client.send(.get, old).status == 404)
      #expect(try await client.frames(of: collapsed, "expandable").count >= 2)
      // The still of the first tap is kept all the same: its answer named it.
      let still = try #require(expanded.view("expandable")["still"] as? String)
      #expect(try await client.send(.get, still).status == 200)
    }
  }

  @Test("a tap beside \"more\" does nothing")
  func tapElsewhereChangesNothing() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let answer = try await client.tap(id, "expandable", x: 20, y: 5)
      #expect(answer.status == 200)
      #expect(answer.tapAction == "none")
      #expect(answer.state("expandable")["isExpanded"] as? Bool == false)
      #expect(answer.view("expandable")["animation"] == nil)
      #expect(answer.version == first.version)
    }
  }

  @Test("two sessions are separate")
  func sessionsAreSeparate() async throws {
    try await withPlayground { client, _ in
      let (one, first) = try await client.newSession()
      let (two, _) = try await client.newSession()
      #expect(one != two)
      _ = try await client.tap(one, "expandable", center: first.state("expandable")["moreButton"])
      _ = try await client.settings(two, #"{"theme":"dark"}"#)
      #expect(try await client.state(one).state("expandable")["isExpanded"] as? Bool == true)
      #expect(try await client.state(one).settings["theme"] as? String == "light")
      #expect(try await client.state(two).state("expandable")["isExpanded"] as? Bool == false)
    }
  }

  @Test("a row expanded by a tap stays expanded when a row is inserted above it")
  func listKeepsExpansionByID() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let rows = try #require(first.state("list")["rows"] as? [[String: Any]])
      let cut = rows.filter { $0["isTruncated"] as? Bool == true }.prefix(2)
      #expect(cut.count == 2)
      for row in cut {
        let rowID = try #require(row["id"] as? String)
        let now = try #require(try await client.state(id).state("list")["rows"] as? [[String: Any]])
        let frame = now.first { $0["id"] as? String == rowID }?["frame"]
        let answer = try await client.tap(id, "list", center: frame)
        #expect(answer.tapAction == "expand \(rowID)")
        // A list at 2x is large: its first frame is drawn at 1x, for the page to stretch.
        let frames = try await client.frames(of: answer, "list")
        let first = try #require(frames.first)
        #expect(first.isStretched && !first.isPNG)
        #expect(
          first.width * 2 <= first.canvasWidth + 1 && first.width * 2 >= first.canvasWidth - 1)
        #expect(frames.dropFirst().first.map { $0.width == $0.canvasWidth && $0.y == 0 } == true)
      }
      let inserted = try await client.action(id, "list", "insert")
      let after = try #require(inserted.state("list")["rows"] as? [[String: Any]])
      #expect(after.count == rows.count + 1)
      #expect(after.first?["isExpanded"] as? Bool == false)
      let expanded = Set(
        after.filter { $0["isExpanded"] as? Bool == true }.compactMap { $0["id"] as? String })
      #expect(expanded == Set(cut.compactMap { $0["id"] as? String }))
    }
  }

  @Test("a tap on a hidden word reveals the spoilers; a tap beside them does nothing")
  func spoilerTaps() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let rects = try #require(first.state("spoiler")["spoilers"] as? [[String: Double]])
      #expect(try await client.tap(id, "spoiler", x: 2, y: 2).tapAction == "none")
      let answer = try await client.tap(id, "spoiler", center: rects.first)
      #expect(answer.tapAction == "reveal")
      #expect(answer.state("spoiler")["isRevealed"] as? Bool == true)
      let frames = try await client.frames(of: answer, "spoiler")
      #expect(frames.count >= 2)
      #expect(frames.first?.isStretched == false)
    }
  }

  @Test("\"Show all\" shows the detector's text whole, and a wide width makes it fit")
  func detector() async throws {
    try await withPlayground { client, _ in
      let (id, first) = try await client.newSession()
      let answer = try await client.tap(
        id, "detector", center: first.state("detector")["showAllButton"])
      #expect(answer.tapAction == "show all")
      #expect(answer.state("detector")["showsAll"] as? Bool == true)
      #expect(answer.state("detector")["showAllButton"] == nil)
      let wide = try await client.settings(id, #"{"width":2000,"text":"One short paragraph."}"#)
      #expect(wide.state("detector")["isTruncated"] as? Bool == false)
      #expect(wide.state("expandable")["moreButton"] == nil)
      let changes = try #require(wide.state("detector")["changes"] as? [String])
      #expect(changes.first?.hasPrefix("cut at 320") == true)
      #expect(changes.last?.hasPrefix("fits at 2") == true)
    }
  }

  @Test(
    "a malformed request gets a 4xx with a short message and changes nothing",
    arguments: [
      ("tap", #"{"component":"expandable","x":1,"#, 400, "not valid JSON"),
      ("tap", #"{"component":"carousel","x":1,"y":1}"#, 400, "\"component\" must be one of"),
      (
        "tap", #"{"component":"expandable","x":"297","y":49}"#, 400, "\"x\" must be a finite number"
      ),
      ("tap", #"{"component":"expandable","x":null,"y":49}"#, 400, "got null"),
      ("tap", #"{"component":"expandable","x":1e308,"y":49}"#, 400, "absurdly far"),
      ("tap", #"{"component":"expandable","x":1}"#, 400, "needs \"y\""),
      ("tap", #"{"component":"expandable","x":1,"y":2,"z":3}"#, 400, "unknown field \"z\""),
      ("settings", #"{"width":0}"#, 400, "\"width\" must be between"),
      ("settings", #"{"width":1e9}"#, 400, "\"width\" must be between"),
      ("settings", #"["width", 300]"#, 400, "must be a JSON object"),
      ("settings", #"{"colour":"red"}"#, 400, "unknown field \"colour\""),
      ("settings", #"{"theme":"sepia"}"#, 400, "\"theme\" must be one of light, dark"),
      ("settings", #"{"markdown":"yes"}"#, 400, "\"markdown\" must be true or false"),
      ("settings", "", 400, "empty"),
      ("action", #"{"component":"list","action":"shuffle"}"#, 400, "insert, remove and reset"),
      ("action", #"{"component":"spoiler","action":"reset"}"#, 400, "no action"),
    ])
  func refusesMalformedRequests(route: String, body: String, status: Int, message: String)
    async throws
  {
    try await withPlayground { client, _ in
      let (id, before) = try await client.newSession()
      let answer = try await client.send(.post, "/api/session/\(id)/\(route)", json: body)
      #expect(answer.status == status)
      #expect(answer.error?.contains(message) == true, "\(answer.error ?? "no message")")
      let after = try await client.state(id)
      #expect(after.version == before.version)
      #expect(after.settings["width"] as? Double == before.settings["width"] as? Double)
      #expect(after.state("expandable")["isExpanded"] as? Bool == false)
    }
  }

  @Test("characters no installed font covers are reported with the expandable text's state")
  func uncoveredCharacters() async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      // Kawi (Unicode 15, newer than every font Debian 12 ships) beside Korean, which is covered.
      let answer = try await client.settings(id, "{\"text\":\"한국어 \u{11F04}\u{11F05} Kawi\"}")
      #expect(
        answer.state("expandable")["uncoveredCharacters"] as? [String] == [
          "\u{11F04}", "\u{11F05}",
        ])
      let covered = try await client.settings(id, #"{"text":"안녕하세요. 今天，天气好。"}"#)
      #expect(covered.state("expandable")["uncoveredCharacters"] == nil)
    }
  }

  @Test("a bad value is quoted by its first 40 characters, never whole")
  func quotesShortPrefixes() async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      let huge = String(repeating: "x", count: 50_000)
      for json in [
        #"{"theme":"\#(huge)"}"#, #"{"typeSize":"\#(huge)"}"#, #"{"language":"\#(huge)"}"#,
        #"{"\#(huge)":1}"#,
      ] {
        let answer = try await client.settings(id, json)
        #expect(answer.status == 400)
        #expect(answer.body.readableBytes < 600)
        #expect(answer.error?.contains("50000 bytes") == true, "\(answer.error ?? "")")
      }
      let path = try await client.send(.get, "/" + String(repeating: "y", count: 5_000))
      #expect(path.status == 404)
      #expect(path.body.readableBytes < 600)
    }
  }

  @Test("a session id that is malformed is a 400, one that is unknown a 404")
  func refusesUnknownSessions() async throws {
    try await withPlayground { client, _ async throws in
      #expect(try await client.settings("..%2F..%2Fetc", #"{"width":300}"#).status == 400)
      let unknown = String(repeating: "a", count: 32)
      #expect(try await client.settings(unknown, #"{"width":300}"#).status == 404)
      #expect(try await client.state(unknown).status == 404)
      #expect(try await client.send(.get, "/api/session/\(unknown)/image/1.png").status == 404)
    }
  }

  @Test("an image the session never drew is a 404, and image numbers are integers")
  func refusesUnknownImages() async throws {
    try await withPlayground { client, _ in
      let (id, _) = try await client.newSession()
      #expect(try await client.send(.get, "/api/session/\(id)/image/99999.png").status == 404)
      #expect(try await client.send(.get, "/api/session/\(id)/image/one.png").status == 400)
    }
  }

  @Test("the page's files are served with entity tags, and only those")
  func servesAssets() async throws {
    try await withPlayground { client, _ in
      for path in ["/", "/index.html", "/app.js", "/app.css"] {
        let answer = try await client.send(.get, path)
        #expect(answer.status == 200, "\(path)")
        let tag = try #require(answer.headers[.eTag])
        let again = try await client.send(.get, path, headers: [.ifNoneMatch: tag])
        #expect(again.status == 304, "\(path)")
        #expect(again.body.readableBytes == 0)
      }
      let index = try await client.send(.get, "/")
      #expect(index.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(index.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
      let page = String(buffer: index.body)
      #expect(!page.contains("http://") && !page.contains("https://"))
      for path in ["/../../etc/passwd", "/Sources/PlaygroundCore/Assets/app.js", "/Package.swift"] {
        #expect(try await client.send(.get, path).status == 404, "\(path)")
      }
    }
  }
}
