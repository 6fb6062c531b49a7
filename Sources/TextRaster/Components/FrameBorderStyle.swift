import TextLayout

/// How the frames of an aligned text are outlined, the way layout bugs are debugged: the full
/// frame and the text's own frame as thin borders in two colors.
///
/// ```swift
/// try glyphs.draw(aligned, at: origin, in: &canvas, theme: .light, frameBorders: .debug)
/// ```
public struct FrameBorderStyle: Sendable, Hashable {
  /// The color of the full frame's border.
  public var frameColor: TextColor
  /// The color of the text frame's border.
  public var textFrameColor: TextColor
  /// The width of both borders, in points.
  public var lineWidth: Double

  /// Creates a border style.
  ///
  /// - Parameters:
  ///   - frameColor: The full frame's color.
  ///   - textFrameColor: The text frame's color.
  ///   - lineWidth: The line width in points, 1 by default.
  public init(frameColor: TextColor, textFrameColor: TextColor, lineWidth: Double = 1) {
    precondition(lineWidth > 0, "A border is wider than 0 points, got \(lineWidth)")
    self.frameColor = frameColor
    self.textFrameColor = textFrameColor
    self.lineWidth = lineWidth
  }

  /// Magenta for the full frame and green for the text frame, readable on light and dark
  /// backgrounds.
  public static let debug = FrameBorderStyle(
    frameColor: TextColor(red: 0.9, green: 0.1, blue: 0.75, alpha: 0.9),
    textFrameColor: TextColor(red: 0.1, green: 0.72, blue: 0.3, alpha: 0.9))
}
