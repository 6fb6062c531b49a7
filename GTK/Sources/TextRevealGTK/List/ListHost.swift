import CGtk

/// What the list view's factory and signals reach: the list widget behind them, whatever its
/// row identity type.
@MainActor
protocol ListHost: AnyObject {
  /// A list item needs a row widget.
  func setUp(_ item: OpaquePointer)
  /// A list item shows the row at its item's position.
  func bind(_ item: OpaquePointer)
  /// A list item is gone.
  func tearDown(_ item: OpaquePointer)
  /// A row was activated from the keyboard.
  func activate(position: Int)
}
