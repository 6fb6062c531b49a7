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
      _ = try await body(of: request, limits: limits)
      let (id, answer) = try await service.createSession()
      var response = HTTPAnswer.json(answer, status: .created)
      response.headers[.location] = "/api/session/\(id)"
      return response
    }
    router.get("/api/session/:id") { _, context in
      HTTPAnswer.json(try await service.state(session: context.parameters.require("id")))
    }
    router.post("/api/session/:id/settings") { request, context in
      let change = try RequestDecoding.decode(
        SettingsChange.self, from: try await body(of: request, limits: limits))
      return HTTPAnswer.json(
        try await service.changeSettings(session: context.parameters.require("id"), change))
    }
    router.post("/api/session/:id/tap") { request, context in
      let tap = try RequestDecoding.decode(
        TapRequest.self, from: try await body(of: request, limits: limits))
      return HTTPAnswer.json(try await service.tap(session: context.parameters.require("id"), tap))
    }
    router.post("/api/session/:id/action") { request, context in
      let action = try RequestDecoding.decode(
        ActionRequest.self, from: try await body(of: request, limits: limits))
      return HTTPAnswer.json(
        try await service.act(session: context.parameters.require("id"), action))
    }
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
