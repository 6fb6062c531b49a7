/// The accessible roles the widgets take (a subset of GTK's `GtkAccessibleRole`).
enum WidgetRole: Sendable {
  /// A text that shows part of itself and expands: a group with an expanded state.
  case group
  /// A text to read.
  case label
}
