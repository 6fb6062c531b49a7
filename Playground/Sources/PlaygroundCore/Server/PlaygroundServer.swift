import Foundation
import Hummingbird

/// The HTTP server: Hummingbird in front of a ``PlaygroundService``.
///
/// It keeps at most ``PlaygroundService/maximumBodyBytes`` of a body (a longer one is refused
/// with 413), hands the request to the service, and sends the answer with
/// `Cache-Control: no-store`, since every answer is the session's current state.
public struct PlaygroundServer: Sendable {
  /// The address to listen on: `127.0.0.1` unless told otherwise.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: Int

  /// The most bytes of a too-large body read (and thrown away) before the connection is
  /// dropped.
  static let drainLimit = 16 * 1024 * 1024

  /// Creates a server.
  public init(host: String = "127.0.0.1", port: Int = 8080) {
    self.host = host
    self.port = port
  }

  /// Runs until the process is interrupted (SIGINT or SIGTERM).
  ///
  /// - Parameter service: The request handling.
  public func run(service: PlaygroundService) async throws {
    let limit = PlaygroundService.maximumBodyBytes
    let responder = CallbackResponder<BasicRequestContext> { request, _ in
      // The body is read to its end even when it is too large, so that the client, still
      // sending, reads the 413 instead of a reset connection; past `drainLimit` the server
      // stops reading and the connection is dropped.
      var body: [UInt8] = []
      var received = 0
      do {
        for try await chunk in request.body {
          received += chunk.readableBytes
          if received <= limit {
            body.append(contentsOf: chunk.readableBytesView)
          } else if received > Self.drainLimit {
            break
          }
        }
      } catch {
        received = limit + 1
      }
      if received > limit { body = Array(repeating: 0, count: limit + 1) }
      let answer = await service.handle(
        PlaygroundRequest(
          method: request.method.rawValue, path: request.uri.path,
          session: request.headers[.init(PlaygroundRequest.sessionHeader)!], body: body))
      var headers = HTTPFields()
      headers[.contentType] = answer.contentType
      headers[.cacheControl] = "no-store"
      headers[.init("X-Content-Type-Options")!] = "nosniff"
      return Response(
        status: HTTPResponse.Status(code: answer.status), headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
    let app = Application(
      responder: responder,
      configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        // Written at once, not buffered: scripts wait for this line in a log file.
        FileHandle.standardOutput.write(
          Data("textreveal-playground: listening on http://\(host):\(port)/\n".utf8))
      })
    try await app.runService()
  }
}
