/// Where a connection is in its request and answer, each phase with its own deadline.
public enum ConnectionPhase: String, Sendable, Hashable, CaseIterable {
  /// Between requests, nothing sent yet: ``PlaygroundLimits/idleTimeout``.
  case idle
  /// A request's head has started but not ended: ``PlaygroundLimits/headerTimeout``.
  case head
  /// A request's body is being read: ``PlaygroundLimits/bodyTimeout``.
  case body
  /// The request is read and its answer is being made: ``PlaygroundLimits/answerTimeout``.
  case answering
  /// The answer is being sent and the client has not read all of it yet:
  /// ``PlaygroundLimits/writeTimeout``.
  case writing

  /// The phase's deadline.
  func timeout(_ limits: PlaygroundLimits) -> Duration {
    switch self {
    case .idle: limits.idleTimeout
    case .head: limits.headerTimeout
    case .body: limits.bodyTimeout
    case .answering: limits.answerTimeout
    case .writing: limits.writeTimeout
    }
  }

  /// Whether the connection may be closed to make room for a new one: it waits on its
  /// client. A connection whose answer is being made waits on the server, which bounds that
  /// by its queue.
  var isEvictable: Bool { self != .answering }
}
