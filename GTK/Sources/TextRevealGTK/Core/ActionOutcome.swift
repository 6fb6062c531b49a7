import Foundation

/// What the front end does after an action.
enum ActionOutcome: Equatable, Sendable {
  /// The component performed it: draw it again, maybe at a new height, and follow its
  /// animation.
  case changed
  /// A link was clicked: open it with the desktop's handler.
  case openURL(URL)
  /// The application took the action over (a "Show all" that opens a page of its own); the
  /// component did not change.
  case takenOver
}
