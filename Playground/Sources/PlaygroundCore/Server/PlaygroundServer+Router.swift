import HTTPTypes
import Hummingbird
import NIOCore

extension PlaygroundServer {
  /// The playground's routes, each decoding its request into its `Decodable` type and
  /// answering what the service answers.
  static func router(
    service: PlaygroundService, hosts: HostPolicy, registry: ConnectionRegistry
  ) -> Router<BasicRequestContext> {
    let limits = service.limits
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorAnswerMiddleware(limits: limits))
    router.add(middleware: RequestGuardMiddleware(hosts: hosts))

    // Answered on the spot: nothing here waits for a session or for drawing.
    router.get("/healthz") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
    }
    for (path, asset) in service.assets.files {
      router.get(RouterPath(path)) { request, _ in
        var headers: HTTPFields = [.eTag: asset.entityTag, .cacheControl: "no-cache"]
        if request.headers[.ifNoneMatch] == asset.entityTag {
          return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        return Response(status: .ok, headers: headers, body: HTTPAnswer.body(asset.body))
      }
    }
    router.get("/api/stats") { _, _ in
      let (queued, running) = service.pool.load
      let drawn = service.pool.drawn
      let stats = ServerStats(
        connections: registry.counts, queuedDrawings: queued, runningDrawings: running,
        drawnJobs: drawn.mapValues(\.jobs),
        drawingSeconds: drawn.mapValues {
          (ServerStats.seconds($0.processor) * 1000).rounded() / 1000
        },
        sessions: await service.sessionCount, imageBytes: await service.imageBytes,
        deadlines: ServerStats.deadlines(limits))
      return HTTPAnswer.json(try ServerStats.encode(stats))
    }

    // Sessions: made only by a POST from the page (the guard checks where it comes from).
    router.post("/api/session") { request, _ in
      // The settings the session starts with, such as the page's scale; none when empty.
      let bytes = try await body(of: request, limits: limits)
      let change =
        bytes.readableBytes == 0
        ? SettingsChange() : try RequestDecoding.decode(SettingsChange.self, from: bytes)
      let (id, answer) = try await service.createSession(change)
      var response = HTTPAnswer.json(answer, status: .created)
      response.headers[.location] = "/api/session/\(id)"
      return response
    }
    router.get("/api/session/:id") { _, context in
      HTTPAnswer.json(try await service.state(session: context.parameters.require("id")))
    }
    // A session's requests with a body: decoded into their type, answered by the service.
    func post<Body: Decodable & SendableMetatype>(
      _ path: String, _ type: Body.Type,
      _ answer: @escaping @Sendable (String, Body) async throws -> PlaygroundAnswer
    ) {
      router.post(RouterPath("/api/session/:id/" + path)) { request, context in
        let decoded = try RequestDecoding.decode(
          Body.self, from: try await body(of: request, limits: limits))
        return HTTPAnswer.json(try await answer(context.parameters.require("id"), decoded))
      }
    }
    post("settings", SettingsChange.self) { try await service.changeSettings(session: $0, $1) }
    // A tap the page sends asks for its frames after the answer, in the same response: the
    // answer's JSON and a newline, then the frames as they are drawn (see FrameSink).
    router.post("/api/session/:id/tap") { request, context in
      let tap = try RequestDecoding.decode(
        TapRequest.self, from: try await body(of: request, limits: limits))
      let answer = try await service.tap(session: context.parameters.require("id"), tap)
      guard let frames = answer.frames else { return HTTPAnswer.json(answer) }
      var response = HTTPAnswer.json(answer)
      response.headers[.contentType] = "application/vnd.textreveal.answer-frames"
      response.body = ResponseBody { writer in
        var head = answer.json
        head.writeString("\n")
        try await writer.write(head)
        for await frame in frames.frames {
          let count = frame.readableBytes
          try await writer.write(frame)
          frames.sink.written(count)
        }
        try await writer.finish(nil)
      }
      return response
    }
    post("action", ActionRequest.self) { try await service.act(session: $0, $1) }
    router.get("/api/session/:id/image/{number}.png") { _, context in
      let image = try await service.image(
        session: context.parameters.require("id"),
        number: context.parameters.require("number", as: Int.self))
      // A number names one image for good: the browser may keep it.
      return Response(
        status: .ok,
        headers: [.contentType: "image/png", .cacheControl: "private, max-age=86400, immutable"],
        body: HTTPAnswer.body(image))
    }
    // A tap's animation: its frames written as the drawing thread draws them, for the page to
    // draw on a canvas as they arrive (see FrameSink for the format).
    router.get("/api/session/:id/frames/{number}") { _, context in
      let (frames, sink) = try service.frames(
        session: context.parameters.require("id"),
        number: context.parameters.require("number", as: Int.self))
      return Response(
        status: .ok,
        headers: [.contentType: "application/octet-stream", .cacheControl: "no-store"],
        body: ResponseBody { writer in
          for await frame in frames {
            let count = frame.readableBytes
            try await writer.write(frame)
            sink.written(count)
          }
          try await writer.finish(nil)
        })
    }
    return router
  }

  /// The most bytes of a too-large body read and thrown away before the 413 is sent, so that a
  /// client that sends its whole body before reading (`urllib` does) reads the 413 instead of
  /// a reset connection. Past it the connection is closed; the body deadline bounds the time.
  static let drainBytes = 16 << 20

  /// A request's body, refused with 413 past the limit: from its `Content-Length` before
  /// anything is kept, else once the limit is passed while reading.
  private static func body(of request: Request, limits: PlaygroundLimits) async throws
    -> ByteBuffer
  {
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limits.bodyBytes
    {
      if length <= drainBytes {
        var drained = 0
        for try await chunk in request.body {
          drained += chunk.readableBytes
          if drained > drainBytes { break }
        }
      }
      throw PlaygroundError.tooLarge(limit: limits.bodyBytes)
    }
    var request = request
    do {
      return try await request.collectBody(upTo: limits.bodyBytes)
    } catch let error as NIOTooManyBytesError {
      throw error
    } catch {
      // The client closed the connection, or its deadline did, before the body ended.
      throw PlaygroundError("the request body ended before it was whole")
    }
  }
}
