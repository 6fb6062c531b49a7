import CGtk

/// What GTK's callbacks reach: the widget core behind a TextReveal widget, whatever its adapter.
@MainActor
protocol WidgetHost: AnyObject {
  /// GtkWidget's measure.
  func measure(
    _ orientation: GtkOrientation, forSize: Int32, minimum: inout Int32, natural: inout Int32)
  /// GtkWidget's snapshot, at the allocated size.
  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32)
  /// GtkWidget's size_allocate.
  func allocate(width: Int32, height: Int32)
  /// The primary button was pressed on the widget.
  func pressed()
  /// A key was pressed while the widget had the focus; returns whether it was handled.
  func keyPressed(_ key: guint) -> Bool
  /// A primary-button click released at a point, in points from the widget's top-left corner.
  func clicked(x: Double, y: Double)
  /// The pointer moved to a point.
  func pointerMoved(x: Double, y: Double)
  /// One frame of the frame clock; returns whether to keep ticking.
  func tick() -> Bool
  /// GTK's settings, the widget's direction or scale factor changed.
  func appearanceChanged()
  /// The scrolled window around the widget scrolled.
  func scrolled()
  /// The widget was mapped: it shows, and its animations may run again.
  func mapped()
}
