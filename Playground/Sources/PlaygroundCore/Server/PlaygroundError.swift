/// A request the playground refuses: the HTTP status to answer with and why.
///
/// Every refusal is a client error (4xx): the request changed nothing, and the message says
/// what was wrong with it, so the page (or a person with `curl`) can fix it.
public struct PlaygroundError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The HTTP status code, 400 to 499.
  public var status: Int
  /// What was wrong with the request.
  public var message: String

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

  public var description: String { "\(status): \(message)" }

  /// A body larger than the server reads.
  static func tooLarge(limit: Int) -> PlaygroundError {
    PlaygroundError(status: 413, "the request body is larger than \(limit / 1024) KB")
  }
}
