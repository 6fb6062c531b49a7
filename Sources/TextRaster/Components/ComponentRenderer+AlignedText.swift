import TextLayout
import TextReveal

extension ComponentRenderer {
  /// Draws a text aligned in a full-width frame, with its frames outlined if asked.
  ///
  /// The text is drawn at its text frame's origin. With a border style, the full frame and the
  /// text frame are stroked on the inside of their edges, the full frame first, so that where
  /// they coincide the text frame's color shows.
  ///
  /// ```swift
  /// let aligned = try FullWidthText(
  ///   text: paragraph, environment: ComponentEnvironment(width: 320)
  /// ).layout(using: engine)
  /// try renderer.draw(aligned, at: LayoutPoint(x: 16, y: 16), in: &canvas, theme: .light,
  ///                 frameBorders: .debug)
  /// ```
  ///
  /// - Parameters:
  ///   - aligned: The frames and the layout.
  ///   - origin: Where the full frame's coordinate origin goes, in points.
  ///   - canvas: The canvas to draw on.
  ///   - theme: The text colors.
  ///   - frameBorders: How to outline the frames, or `nil` to draw the text only.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  public func draw(
    _ aligned: AlignedText, at origin: LayoutPoint, in canvas: inout RasterCanvas, theme: Theme,
    frameBorders: FrameBorderStyle? = nil
  ) throws(TextRasterError) {
    func moved(_ rect: LayoutRect) -> LayoutRect {
      LayoutRect(
        x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height)
    }
    let textFrame = moved(aligned.textFrame)
    try glyphs.draw(
      aligned.layout, at: textFrame.origin, in: &canvas, colors: TextColors(theme: theme))
    guard let frameBorders else { return }
    canvas.strokeBorder(
      rect: moved(aligned.frame), color: frameBorders.frameColor,
      lineWidth: frameBorders.lineWidth)
    canvas.strokeBorder(
      rect: textFrame, color: frameBorders.textFrameColor, lineWidth: frameBorders.lineWidth)
  }
}
