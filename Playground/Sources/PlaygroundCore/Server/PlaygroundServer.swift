import Foundation
import Hummingbird

/// The HTTP server: Hummingbird in front of a ``PlaygroundService``.
///
/// It reads at most ``PlaygroundService/maximumBodyBytes`` of a body (a longer one is refused
/// with 413 before it is read), hands the request to the service, and sends the answer with
/// `Cache-Control: no-store`, since every answer is the session's current state.
public struct PlaygroundServer: Sendable {
  /// The address to listen on: `127.0.0.1` unless told otherwise.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: Int

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
      let declared = request.headers[.contentLength].flatMap { Int($0) } ?? 0
      var body: [UInt8] = []
      if declared > limit {
        body = Array(repeating: 0, count: limit + 1)
      } else if let buffer = try? await request.body.collect(upTo: limit) {
        body = Array(buffer.readableBytesView)
      } else {
        body = Array(repeating: 0, count: limit + 1)
      }
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
