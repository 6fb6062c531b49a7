/// A request the playground refuses: the HTTP status to answer with and why.
///
/// A refusal is a client error (4xx) — the request changed nothing, and the message says what
/// was wrong with it, so the page (or a person with `curl`) can fix it — or a 503 when the
/// server is busy, with the seconds after which to try again.
public struct PlaygroundError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The HTTP status code: 400 to 499, or 503.
  public var status: Int
  /// What was wrong with the request.
  public var message: String
  /// For a 503: the seconds after which the request may be sent again.
  public var retryAfter: Int?

  /// Creates a refusal.
  ///
  /// - Parameters:
  ///   - status: The HTTP status code, 400 to 499.
  ///   - message: What was wrong with the request.
  public init(status: Int = 400, _ message: String) {
    precondition((400...499).contains(status), "A refusal is a 4xx status, got \(status)")
    self.status = status
    self.message = message
  }

  private init(busy message: String, retryAfter: Int) {
    status = 503
    self.message = message
    self.retryAfter = retryAfter
  }

  public var description: String { "\(status): \(message)" }

  /// The server has more work waiting than it takes: try again after some seconds.
  static func busy(_ message: String, retryAfter: Int = 1) -> PlaygroundError {
    PlaygroundError(busy: message, retryAfter: retryAfter)
  }

  /// A body larger than the server reads.
  static func tooLarge(limit: Int) -> PlaygroundError {
    PlaygroundError(status: 413, "the request body is larger than \(limit / 1024) KB")
  }

  /// Quotes the start of a value for a message: at most `limit` characters, and how long the
  /// whole was when it was cut, so that an error never echoes a large value back.
  static func quote(_ value: some StringProtocol, limit: Int = 40) -> String {
    // Counts no further than the limit: the value may be as long as a request body.
    guard value.prefix(limit + 1).count > limit else { return "\"\(value)\"" }
    return "\"\(value.prefix(limit))…\" (\(value.utf8.count) bytes)"
  }
}
