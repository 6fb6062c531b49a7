/// A request as the playground reads it, independent of the HTTP server that received it.
public struct PlaygroundRequest: Sendable {
  /// The method, upper case (`GET`, `POST`).
  public var method: String
  /// The path, without the query.
  public var path: String
  /// The `X-Playground-Session` header, if sent.
  public var session: String?
  /// The body, read up to ``PlaygroundService/maximumBodyBytes`` (one byte more tells that
  /// it was longer).
  public var body: [UInt8]

  /// Creates a request.
  public init(method: String, path: String, session: String? = nil, body: [UInt8] = []) {
    self.method = method
    self.path = path
    self.session = session
    self.body = body
  }

  /// The header that carries the session id: each tab keeps its own in `sessionStorage`, so
  /// tabs are separate sessions and a reload finds its session again.
  public static let sessionHeader = "X-Playground-Session"
}
