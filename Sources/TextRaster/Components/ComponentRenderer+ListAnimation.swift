import TextLayout
import TextReveal

extension ComponentRenderer {
  /// Draws one frame of a list's animated change: every row at its animated frame.
  ///
  /// Each row of the target layout is drawn as ``draw(_:chrome:at:in:theme:)`` draws it, at the
  /// frame ``TextReveal/ListAnimation/frames(at:)`` gives it: its avatar, text and label move with
  /// the frame's top, and its text and label are clipped to the frame's height, so the rows below
  /// a toggled row slide and the toggled row reveals or hides its lines as its frame grows or
  /// shrinks. A row whose content changes (the toggled row's text and its "Read more" or
  /// "Show less") cross-fades from the old content to the new one with the animation's progress;
  /// the lines both states share stay as they are. So at the start the frame is the drawing of
  /// the old layout, and at the end that of the new one. Rows that the new layout no longer has
  /// are not drawn; rows new to it are drawn at their final frame.
  ///
  /// ```swift
  /// let animation = ListAnimation(from: before, to: after)
  /// let height = max(before.size.height, after.size.height)
  /// for step in 0...10 {
  ///   var frame = RasterCanvas(width: 422, height: height + 32, scale: .x2, theme: .light)
  ///   try renderer.draw(
  ///     animation, at: animation.duration * Double(step) / 10, chrome: chrome,
  ///     origin: LayoutPoint(x: 16, y: 16), in: &frame, theme: .light)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - animation: The animation.
  ///   - time: Seconds since the animation started.
  ///   - chrome: The avatars and separators.
  ///   - origin: Where the list's top-left corner goes, in points.
  ///   - canvas: The canvas to draw on; the background is left as it is.
  ///   - theme: The colors.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  public func draw<ID>(
    _ animation: ListAnimation<ID>, at time: Double, chrome: ListChrome<ID>, origin: LayoutPoint,
    in canvas: inout RasterCanvas, theme: Theme
  ) throws(TextRasterError) {
    let progress = animation.progress(at: time)
    var before: [ID: RowLayout<ID>] = [:]
    for row in animation.from.rows { before[row.id] = row }
    let frames = animation.frames(at: time)
    for (index, (row, frame)) in zip(animation.to.rows, frames).enumerated() {
      let old = before[row.id] ?? row
      let new = RowPlacement(row: row, frame: frame.frame, origin: origin)
      let start = RowPlacement(row: old, frame: frame.frame, origin: origin)
      // The avatar and separator are the same in both states; the nearer state draws them.
      try drawChrome(
        chrome, of: progress < 0.5 ? start : new, hasSeparator: index < frames.count - 1,
        isRightToLeft: animation.to.direction == .rightToLeft, in: &canvas, theme: theme)
      guard var layer = ClipLayer(clip: new.clip, on: canvas) else { continue }
      if progress == 0 || (progress < 0.5 && Self.hasSameContent(old, row)) {
        try drawContent(of: start, in: &layer, theme: theme)
      } else if progress == 1 || Self.hasSameContent(old, row) {
        try drawContent(of: new, in: &layer, theme: theme)
      } else {
        var incoming = layer
        try drawContent(of: start, in: &layer, theme: theme)
        try drawContent(of: new, in: &incoming, theme: theme)
        layer.canvas.bitmap.mix(with: incoming.canvas.bitmap, fraction: progress)
      }
      layer.composite(onto: &canvas)
    }
  }

  /// Whether two layouts of a row draw the same text and label at the same place in the row.
  static func hasSameContent<ID>(_ first: RowLayout<ID>, _ second: RowLayout<ID>) -> Bool {
    // Positions within the row, compared to within rounding: the rows' tops differ.
    let dx = (first.textOrigin.x - first.frame.minX) - (second.textOrigin.x - second.frame.minX)
    let dy = (first.textOrigin.y - first.frame.minY) - (second.textOrigin.y - second.frame.minY)
    return first.isExpanded == second.isExpanded && abs(dx) < 1e-9 && abs(dy) < 1e-9
      && first.label?.layout == second.label?.layout && first.text == second.text
  }
}
