import Foundation

/// What a tap on an expandable text does.
public enum ExpandableTextAction: Sendable, Hashable {
  /// Show the whole text.
  case expand
  /// Go back to the line limit.
  case collapse
  /// Open a link.
  case link(URL)
}
