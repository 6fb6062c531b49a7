import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PlaygroundCore
import Testing

/// What the server refuses or cuts off before any drawing: foreign hosts and origins, GET
/// session creation, large bodies, a full queue, stalled connections, too many connections.
@Suite struct GuardTests {
  @Test(
    "a Host header that does not name the server is refused with 421",
    arguments: [
      "evil.example", "evil.example:80", "localhost.evil.example", "10.1.2.3", "127.0.0.1:1",
    ])
  func refusesForeignHosts(authority: String) async throws {
    try await withPlayground { client, _ in
      let port = try #require(client.port)
      let answer = try await TestClient.withClient(host: "localhost", port: port) { raw in
        Answer(
          try await raw.execute(TestClient.Request("/healthz", method: .get, authority: authority)))
      }
      #expect(answer.status == 421)
      #expect(answer.error?.isEmpty == false)
    }
  }

  @Test(
    "the server's own names are answered",
    arguments: ["localhost", "127.0.0.1", "[::1]"])
  func answersOwnHosts(name: String) async throws {
    try await withPlayground { client, _ in
      let port = try #require(client.port)
      let status = try await TestClient.withClient(host: "localhost", port: port) { raw in
        try await raw.execute(
          TestClient.Request("/healthz", method: .get, authority: "\(name):\(port)")
        ).status.code
      }
      #expect(status == 200)
    }
  }

  @Test("a session is made only by a POST with JSON from the server's own page")
  func sessionsNeedSameOriginPosts() async throws {
    try await withPlayground { client, service in
      let port = try #require(client.port)
      #expect(try await client.send(.get, "/api/session").status == 404)
      let foreign = try await client.send(
        .post, "/api/session", json: "{}", headers: [.origin: "http://evil.example"])
      #expect(foreign.status == 403)
      #expect(foreign.error?.contains("evil.example") == true)
      let crossSite = try await client.send(
        .post, "/api/session", json: "{}",
        headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
      #expect(crossSite.status == 403)
      let form = try await client.send(
        .post, "/api/session", json: "a=1",
        headers: [.contentType: "application/x-www-form-urlencoded"])
      #expect(form.status == 415)
      #expect(await service.sessionCount == 0)
      let page = try await client.send(
        .post, "/api/session", json: "{}",
        headers: [
          .origin: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
        ])
      #expect(page.status == 201)
      #expect(page.headers[.location] == "/api/session/\(page.session ?? "")")
      _ = port
      #expect(await service.sessionCount == 1)
    }
  }

  @Test("a body over the limit is a 413, from its Content-Length or as it is read")
  func refusesLargeBodies() async throws {
    var limits = PlaygroundLimits()
    limits.bodyBytes = 1024
    try await withPlayground(limits: limits) { client, _ in
      let (id, _) = try await client.newSession()
      let large = #"{"text":""# + String(repeating: "a", count: 2000) + #""}"#
      let answer = try await client.settings(id, large)
      #expect(answer.status == 413)
      #expect(answer.error?.contains("larger than 1 KB") == true)
      let port = try #require(client.port)
      // Chunked: no length to refuse it by, so the limit stops the reading.
      let connection = try RawConnection(port: port)
      try connection.send(
        "POST /api/session/\(id)/settings HTTP/1.1\r\nHost: localhost\r\n"
          + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "800\r\n" + String(repeating: " ", count: 0x800) + "\r\n0\r\n\r\n")
      let reply = connection.waitForClose(timeout: .seconds(2))
      #expect(String(decoding: reply.received, as: UTF8.self).hasPrefix("HTTP/1.1 413"))
      #expect(try await client.state(id).status == 200)
    }
  }

  @Test("a text over the size limit is a 413, and the session keeps its text")
  func refusesLongText() async throws {
    var limits = PlaygroundLimits()
    limits.textBytes = 100
    try await withPlayground(limits: limits) { client, _ in
      let (id, first) = try await client.newSession()
      let answer = try await client.settings(
        id, #"{"text":"\#(String(repeating: "a", count: 101))"}"#)
      #expect(answer.status == 413)
      #expect(
        try await client.state(id).settings["text"] as? String == first.settings["text"] as? String)
    }
  }

  @Test("a full drawing queue answers 503 with Retry-After at once, and /healthz still answers")
  func fullQueueIsA503() async throws {
    var limits = PlaygroundLimits()
    limits.workers = 1
    limits.heavyWorkers = 0
    limits.queuedJobs = 1
    // No timing: the queued holder never expires while the test runs, however slowly the
    // machine runs it, and an answer that came while the thread is held, with the queue's
    // message and not the expiry's, was refused at once rather than after waiting.
    limits.queueWait = .seconds(600)
    try await withPlayground(limits: limits) { client, service in
      let (id, _) = try await client.newSession()
      // Occupies the one thread, then the one place in the queue.
      let gate = Gate()
      var holders: [Task<Void, any Error>] = []
      for load in [(0, 1), (1, 1)] {
        holders.append(Task { try await service.pool.run { _ in gate.wait() } })
        while service.pool.load != load { try await Task.sleep(for: .milliseconds(5)) }
      }
      let answer = try await client.tap(id, "expandable", x: 1, y: 1)
      #expect(answer.status == 503)
      #expect(answer.headers[.retryAfter] == "1")
      #expect(answer.error?.contains("drawings are waiting, the most the server queues") == true)
      #expect(try await client.send(.get, "/healthz").status == 200)
      #expect(try await client.send(.get, "/app.js").status == 200)
      #expect(service.pool.load == (1, 1))
      gate.open()
      for holder in holders { try await holder.value }
      #expect(try await client.tap(id, "expandable", x: 1, y: 1).status == 200)
    }
  }

  @Test(
    "a stalled connection is closed at its phase's deadline",
    arguments: [
      ("idle", ""),
      ("head", "GET /healthz HTTP/1.1\r\nHost: loc"),
      (
        "body",
        "POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
          + "Content-Length: 100\r\n\r\n{\"a\":"
      ),
    ])
  func closesStalledConnections(phase: String, sent: String) async throws {
    var limits = PlaygroundLimits()
    limits.idleTimeout = .milliseconds(900)
    limits.headerTimeout = .milliseconds(300)
    limits.bodyTimeout = .milliseconds(300)
    let registry = ConnectionRegistry(limit: limits.connections)
    try await withPlayground(limits: limits, registry: registry) { client, _ in
      let connection = try RawConnection(port: try #require(client.port))
      if !sent.isEmpty { try connection.send(sent) }
      let result = connection.waitForClose(timeout: .seconds(5))
      #expect(result.closed)
      let deadline: Duration = phase == "idle" ? .milliseconds(900) : .milliseconds(300)
      #expect(result.after >= deadline - .milliseconds(50))
      #expect(result.after < deadline + .milliseconds(700))
      // The test client's own idle connection may time out too.
      #expect((registry.counts.timedOut[phase] ?? 0) >= 1)
    }
  }

  @Test("a connection sending its head byte by byte is closed at the header deadline")
  func closesSlowHeads() async throws {
    var limits = PlaygroundLimits()
    limits.headerTimeout = .milliseconds(400)
    try await withPlayground(limits: limits) { client, _ in
      let connection = try RawConnection(port: try #require(client.port))
      let clock = ContinuousClock()
      let start = clock.now
      var closed = false
      for byte in "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa" {
        do {
          try connection.send(String(byte))
        } catch {
          closed = true
          break
        }
        if connection.waitForClose(timeout: .milliseconds(50)).closed {
          closed = true
          break
        }
      }
      #expect(closed)
      #expect(start.duration(to: clock.now) < .milliseconds(1500))
    }
  }

  @Test("past the connection limit, the longest-idle connection makes room for a new one")
  func evictsIdleConnections() async throws {
    var limits = PlaygroundLimits()
    limits.connections = 3
    let registry = ConnectionRegistry(limit: limits.connections)
    try await withPlayground(limits: limits, registry: registry) { client, _ in
      let port = try #require(client.port)
      // The test client's own connection is one; two idle ones fill the limit, and the test
      // client's request makes its own connection the most recently active.
      let idle = try (0..<2).map { _ in try RawConnection(port: port) }
      try await Task.sleep(for: .milliseconds(100))
      #expect(try await client.send(.get, "/healthz").status == 200)
      // A new client gets in: the oldest idle connection is closed for it.
      let status = try await TestClient.withClient(host: "localhost", port: port) { fresh in
        try await fresh.execute(
          TestClient.Request("/healthz", method: .get, authority: "localhost")
        )
        .status.code
      }
      #expect(status == 200)
      #expect(registry.counts.evicted >= 1)
      let closed = idle.map { $0.waitForClose(timeout: .milliseconds(300)).closed }
      #expect(closed.contains(true))
    }
  }
}

/// Holds drawing threads until opened.
final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false

  func wait() {
    condition.withLock {
      while !isOpen { condition.wait() }
    }
  }

  func open() {
    condition.withLock {
      isOpen = true
      condition.broadcast()
    }
  }
}
