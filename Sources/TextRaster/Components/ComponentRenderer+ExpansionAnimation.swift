import TextLayout
import TextReveal

extension ComponentRenderer {
  /// Draws one frame of an expand or collapse animation: the expanded text, clipped to the
  /// animation's visible rectangle at a time.
  ///
  /// The expanded drawing is made in a layer, everything outside
  /// ``TextReveal/ExpansionAnimation/clip(at:)`` is cleared, and the layer is composited, so the
  /// background around and below the clip is left as it was.
  ///
  /// ```swift
  /// let animation = try model.toggleAnimation(using: engine)
  /// for step in 0...10 {
  ///   var frame = RasterCanvas(width: 352, height: expanded.expandedHeight + 32, scale: .x2, theme: .light)
  ///   try glyphs.draw(
  ///     animation, at: animation.duration * Double(step) / 10, expanded: expanded,
  ///     origin: LayoutPoint(x: 16, y: 16), in: &frame, theme: .light)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - animation: The animation.
  ///   - time: Seconds since the animation started.
  ///   - expanded: The component's expanded layout.
  ///   - origin: Where the component's top-left corner goes, in points.
  ///   - canvas: The canvas to draw on.
  ///   - theme: The colors.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  public func draw(
    _ animation: ExpansionAnimation, at time: Double, expanded: ExpandableTextLayout,
    origin: LayoutPoint, in canvas: inout RasterCanvas, theme: Theme
  ) throws(TextRasterError) {
    var layer = canvas.makeLayer()
    try draw(expanded, at: origin, in: &layer, theme: theme)
    let clip = animation.clip(at: time)
    layer.clear(
      outside: LayoutRect(
        x: origin.x + clip.minX, y: origin.y + clip.minY, width: clip.width, height: clip.height))
    canvas.draw(layer)
  }
}
