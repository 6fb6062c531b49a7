import Foundation

/// What the front end does after an action.
enum ActionOutcome: Equatable, Sendable {
  /// Nothing changed.
  case none
  /// The component changed: draw it again, maybe at a new height, and follow its animation.
  case changed
  /// A link was clicked: open it with the desktop's handler.
  case openURL(URL)
  /// "Show all" was clicked: the application shows the whole text.
  case showAll
}
