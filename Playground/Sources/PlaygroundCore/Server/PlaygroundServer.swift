import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP server: Hummingbird's router in front of a ``PlaygroundService``.
///
/// Routes (JSON unless said otherwise; `{id}` is a session id):
///
/// | Route | Answer |
/// | --- | --- |
/// | `GET /healthz` | `ok`, and counts of the connections, queue and sessions, never after drawing |
/// | `GET /`, `/index.html`, `/app.js`, `/app.css` | the page, with an entity tag |
/// | `POST /api/session` | 201: a new session and its first state |
/// | `GET /api/session/{id}` | the session's state, every component drawn |
/// | `POST /api/session/{id}/settings` | ``SettingsChange``: every component drawn again |
/// | `POST /api/session/{id}/tap` | `{"component", "x", "y"}`: the tap's action and the component |
/// | `POST /api/session/{id}/action` | `{"component", "action"}`: the component drawn again |
/// | `GET /api/session/{id}/image/{n}.png` | an image an answer named (immutable) |
///
/// Connections are held to ``PlaygroundLimits``' deadlines and number by a guarded HTTP/1.1
/// channel (``ConnectionRegistry``).
public struct PlaygroundServer: Sendable {
  /// The address to listen on: `127.0.0.1` unless told otherwise.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: Int
  /// More host names the server answers to (``HostPolicy``).
  public var allowedHosts: [String]

  /// Creates a server.
  public init(host: String = "127.0.0.1", port: Int = 8080, allowedHosts: [String] = []) {
    self.host = host
    self.port = port
    self.allowedHosts = allowedHosts
  }

  /// The application: the router, the guarded channel and the address, ready to run or to
  /// test with HummingbirdTesting.
  ///
  /// - Parameters:
  ///   - service: The request handling.
  ///   - registry: The connections' registry (a test may read its counts).
  ///   - onRunning: Called with the port once the server listens.
  public func application(
    service: PlaygroundService,
    registry: ConnectionRegistry? = nil,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let limits = service.limits
    let registry = registry ?? ConnectionRegistry(limit: limits.connections)
    let hosts = HostPolicy(boundHost: host, allowedNames: allowedHosts)
    var logger = Logger(label: "textreveal-playground")
    logger.logLevel = .notice
    return Application(
      router: Self.router(service: service, hosts: hosts, registry: registry),
      server: HTTPServerBuilder { responder in
        GuardedHTTP1Channel(responder: responder, limits: limits, registry: registry)
      },
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: port), serverName: nil,
        // Room for a burst of connections as large as the connection limit: past the accept
        // queue, the kernel drops handshakes and clients wait a second to try again.
        backlog: limits.connections),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        hosts.setPort(port)
        await onRunning(port)
      },
      logger: logger)
  }

  /// Runs until the process is interrupted (SIGINT or SIGTERM).
  ///
  /// - Parameter service: The request handling.
  public func run(service: PlaygroundService) async throws {
    let host = self.host
    let app = application(service: service) { port in
      // Written at once, not buffered: scripts wait for this line in a log file.
      FileHandle.standardOutput.write(
        Data("textreveal-playground: listening on http://\(host):\(port)/\n".utf8))
    }
    try await app.runService()
  }
}
