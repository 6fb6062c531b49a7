import PlaygroundCore
import Testing

@Suite struct ServiceTests {
  let service: PlaygroundService

  init() throws {
    service = try PlaygroundService()
  }

  @Test("a tap on \"more\" expands the text, with an animation and a taller still")
  func tapOnMoreExpands() async throws {
    var client = PlaygroundClient(service: service)
    let first = await client.state()
    #expect(first.state("expandable")["isTruncated"] as? Bool == true)
    let answer = try await client.tap("expandable", center: first.state("expandable")["moreButton"])
    #expect(answer.status == 200)
    #expect(answer.tapAction == "expand")
    #expect(answer.state("expandable")["isExpanded"] as? Bool == true)
    #expect(
      (answer.view("expandable")["animation"] as? String)?.hasPrefix("data:image/png") == true)
    #expect(answer.height("expandable") > first.height("expandable"))
    #expect(answer.version == (first.version ?? 0) + 1)
    // Only the tapped component is drawn again.
    #expect(answer.view("list").isEmpty)
    // The reload finds the state.
    #expect(await client.state().state("expandable")["isExpanded"] as? Bool == true)
  }

  @Test("a tap beside \"more\" does nothing")
  func tapElsewhereChangesNothing() async throws {
    var client = PlaygroundClient(service: service)
    let first = await client.state()
    let answer = await client.tap("expandable", x: 20, y: 5)
    #expect(answer.status == 200)
    #expect(answer.tapAction == "none")
    #expect(answer.state("expandable")["isExpanded"] as? Bool == false)
    #expect(answer.view("expandable")["animation"] == nil)
    #expect(answer.version == first.version)
  }

  @Test("two tabs are two sessions")
  func sessionsAreSeparate() async throws {
    var one = PlaygroundClient(service: service)
    var two = PlaygroundClient(service: service)
    let first = await one.state()
    _ = await two.state()
    #expect(one.session != two.session)
    _ = try await one.tap("expandable", center: first.state("expandable")["moreButton"])
    _ = await two.send("POST", "/api/settings", body: #"{"theme":"dark"}"#)
    #expect(await one.state().state("expandable")["isExpanded"] as? Bool == true)
    #expect(await one.state().settings["theme"] as? String == "light")
    #expect(await two.state().state("expandable")["isExpanded"] as? Bool == false)
  }

  @Test("a row expanded by a tap stays expanded when a row is inserted above it")
  func listKeepsExpansionByID() async throws {
    var client = PlaygroundClient(service: service)
    let rows = try #require(await client.state().state("list")["rows"] as? [[String: Any]])
    let cut = rows.filter { $0["isTruncated"] as? Bool == true }.prefix(2)
    #expect(cut.count == 2)
    for row in cut {
      let id = try #require(row["id"] as? String)
      let now = try #require(await client.state().state("list")["rows"] as? [[String: Any]])
      let frame = now.first { $0["id"] as? String == id }?["frame"]
      let answer = try await client.tap("list", center: frame)
      #expect(answer.tapAction == "expand \(id)")
    }
    let inserted = await client.send(
      "POST", "/api/action", body: #"{"component":"list","action":"insert"}"#)
    let after = try #require(inserted.state("list")["rows"] as? [[String: Any]])
    #expect(after.count == rows.count + 1)
    #expect(after.first?["isExpanded"] as? Bool == false)
    let expanded = Set(
      after.filter { $0["isExpanded"] as? Bool == true }.compactMap { $0["id"] as? String })
    #expect(expanded == Set(cut.compactMap { $0["id"] as? String }))
  }

  @Test("a tap on a hidden word reveals the spoilers; a tap beside them does nothing")
  func spoilerTaps() async throws {
    var client = PlaygroundClient(service: service)
    let first = await client.state()
    let rects = try #require(first.state("spoiler")["spoilers"] as? [[String: Double]])
    #expect(await client.tap("spoiler", x: 2, y: 2).tapAction == "none")
    let answer = try await client.tap("spoiler", center: rects.first)
    #expect(answer.tapAction == "reveal")
    #expect(answer.state("spoiler")["isRevealed"] as? Bool == true)
    #expect(answer.view("spoiler")["animation"] != nil)
  }

  @Test("\"Show all\" shows the detector's text whole, and a wide width makes it fit")
  func detector() async throws {
    var client = PlaygroundClient(service: service)
    let first = await client.state()
    let answer = try await client.tap("detector", center: first.state("detector")["showAllButton"])
    #expect(answer.tapAction == "show all")
    #expect(answer.state("detector")["showsAll"] as? Bool == true)
    #expect(answer.state("detector")["showAllButton"] == nil)
    let wide = await client.send(
      "POST", "/api/settings", body: #"{"width":2000,"text":"One short paragraph."}"#)
    #expect(wide.state("detector")["isTruncated"] as? Bool == false)
    #expect(wide.state("expandable")["moreButton"] == nil)
    let changes = try #require(wide.state("detector")["changes"] as? [String])
    #expect(changes.first?.hasPrefix("cut at 320") == true)
    #expect(changes.last?.hasPrefix("fits at 2") == true)
  }

  @Test(
    "a malformed request gets a 4xx with a message and changes nothing",
    arguments: [
      ("POST", "/api/tap", #"{"component":"expandable","x":1,"#, 400),
      ("POST", "/api/tap", #"{"component":"carousel","x":1,"y":1}"#, 400),
      ("POST", "/api/tap", #"{"component":"expandable","x":"297","y":49}"#, 400),
      ("POST", "/api/tap", #"{"component":"expandable","x":1e308,"y":49}"#, 400),
      ("POST", "/api/tap", #"{"component":"expandable","x":1}"#, 400),
      ("POST", "/api/settings", #"{"width":0}"#, 400),
      ("POST", "/api/settings", #"{"width":1e9}"#, 400),
      ("POST", "/api/settings", #"["width", 300]"#, 400),
      ("POST", "/api/action", #"{"component":"list","action":"shuffle"}"#, 400),
      ("GET", "/api/tap", "", 405),
      ("GET", "/../../etc/passwd", "", 404),
      ("GET", "/Sources/PlaygroundCore/Assets/app.js", "", 404),
    ])
  func refusesMalformedRequests(method: String, path: String, body: String, status: Int)
    async throws
  {
    var client = PlaygroundClient(service: service)
    let before = await client.state()
    let answer = await client.send(method, path, body: body)
    #expect(answer.status == status)
    #expect(answer.error?.isEmpty == false)
    let after = await client.state()
    #expect(after.version == before.version)
    #expect(after.settings["width"] as? Double == before.settings["width"] as? Double)
    #expect(after.state("expandable")["isExpanded"] as? Bool == false)
  }

  @Test("characters no installed font covers are reported with the expandable text's state")
  func uncoveredCharacters() async throws {
    var client = PlaygroundClient(service: service)
    _ = await client.state()
    // Kawi (Unicode 15, newer than every font Debian 12 ships) beside Korean, which is covered.
    let answer = await client.send(
      "POST", "/api/settings", body: "{\"text\":\"한국어 \u{11F04}\u{11F05} Kawi\"}")
    #expect(
      answer.state("expandable")["uncoveredCharacters"] as? [String] == ["\u{11F04}", "\u{11F05}"])
    let covered = await client.send(
      "POST", "/api/settings", body: #"{"text":"안녕하세요. 今天，天气好。"}"#)
    #expect(covered.state("expandable")["uncoveredCharacters"] == nil)
  }

  @Test("a body over 256 KB is refused with 413, a 10 MB one too")
  func refusesLargeBodies() async throws {
    var client = PlaygroundClient(service: service)
    _ = await client.state()
    for size in [PlaygroundService.maximumBodyBytes + 1, 10 * 1024 * 1024] {
      let answer = await client.send(
        "POST", "/api/settings", bytes: Array(repeating: UInt8(ascii: " "), count: size))
      #expect(answer.status == 413)
    }
  }

  @Test("a request without a session, or with a malformed one, is refused")
  func refusesMissingSessions() async {
    var client = PlaygroundClient(service: service)
    #expect(await client.send("POST", "/api/settings", body: #"{"width":300}"#).status == 400)
    client.session = "../../etc"
    #expect(await client.send("POST", "/api/settings", body: #"{"width":300}"#).status == 400)
    client.session = String(repeating: "a", count: 32)
    #expect(await client.send("POST", "/api/settings", body: #"{"width":300}"#).status == 404)
  }

  @Test("the service keeps at most its capacity of sessions")
  func boundsSessions() async throws {
    let service = try PlaygroundService(sessions: SessionStore(capacity: 3))
    var first = PlaygroundClient(service: service)
    _ = await first.state()
    for _ in 0..<5 {
      var client = PlaygroundClient(service: service)
      _ = await client.state()
    }
    #expect(await service.sessionCount == 3)
    // The oldest was evicted: its next tap asks for a reload.
    #expect(await first.send("POST", "/api/settings", body: #"{"width":300}"#).status == 404)
  }

  @Test("the page's files are served, and only those")
  func servesAssets() async {
    for path in ["/", "/index.html", "/app.js", "/app.css"] {
      let response = await service.handle(PlaygroundRequest(method: "GET", path: path))
      #expect(response.status == 200, "\(path)")
    }
    let index = await service.handle(PlaygroundRequest(method: "GET", path: "/"))
    #expect(index.contentType.hasPrefix("text/html"))
    #expect(!index.text.contains("http://") && !index.text.contains("https://"))
  }
}
