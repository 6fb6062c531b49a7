import Foundation
@_spi(Backend) import TextLayout

/// What performing an action leaves for the front end to do.
public struct ActionOutcome: Sendable, Hashable {
  /// A link to open with the platform's handler, when the action was a tap on a link.
  public var url: URL?

  /// Creates an outcome.
  public init(url: URL? = nil) {
    self.url = url
  }

  /// Nothing left to do: the component changed its own state, if anything.
  public static let none = ActionOutcome()
}
