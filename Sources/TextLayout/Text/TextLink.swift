import Foundation

/// A link in a laid-out text: where it leads and which text carries it.
public struct TextLink: Sendable, Hashable {
  /// The link's target.
  public var url: URL
  /// The UTF-8 range of the text that carries the link.
  public var range: Range<Int>

  /// Creates a link.
  public init(url: URL, range: Range<Int>) {
    self.url = url
    self.range = range
  }
}
