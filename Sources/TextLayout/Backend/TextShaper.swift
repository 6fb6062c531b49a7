/// The font and shaping backend the layout engine asks for glyphs and metrics.
///
/// `TextLayout` has no font code of its own. A shaper turns a piece of text with one style and one
/// direction into positioned glyphs; it resolves the style's font, finds fallback fonts for
/// characters that font lacks, and splits by script where shaping needs it. `TextShaping`
/// implements it with FreeType and HarfBuzz; tests use a fixed-advance shaper.
///
/// The engine calls ``shape(_:style:isRightToLeft:)`` on short pieces (the text between two line
/// break opportunities, cut further at style and direction changes), so implementations are
/// expected to cache results. Implementations must be safe to call from several threads.
@_spi(Backend) public protocol TextShaper: Sendable {
  /// The metrics of the primary font a style resolves to.
  ///
  /// - Parameter style: The style whose font is measured.
  /// - Returns: The font's ascent, descent and line gap, in points at `style.size`.
  func metrics(for style: TextStyle) -> FontMetrics

  /// Shapes a piece of text that has one style and one direction.
  ///
  /// - Parameters:
  ///   - text: The text, never containing a paragraph separator.
  ///   - style: The style of the whole piece.
  ///   - isRightToLeft: Whether the piece is shaped right to left (an odd bidi level).
  /// - Returns: The glyphs in visual order with cluster offsets relative to `text.utf8`.
  func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText

  /// Measures a piece of text that has one style and one direction, without its glyphs.
  ///
  /// The engine measures texts (``TextLayoutEngine/measure(_:configuration:)``) through this
  /// call, which is usually the hot path of a list that learns every row's height. The default
  /// implementation derives the measure from ``shape(_:style:isRightToLeft:)``; a shaper with a
  /// cache can answer without handing out the glyphs.
  ///
  /// - Parameters:
  ///   - text: The text, never containing a paragraph separator.
  ///   - style: The style of the whole piece.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  /// - Returns: Exactly `ShapedMeasure(shape(text, style: style, isRightToLeft: isRightToLeft),
  ///   text: text)`.
  func measure(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedMeasure
}

extension TextShaper {
  /// Measures a piece by shaping it; see ``TextShaper/measure(_:style:isRightToLeft:)``.
  public func measure(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedMeasure {
    ShapedMeasure(shape(text, style: style, isRightToLeft: isRightToLeft), text: text)
  }
}

/// Vertical metrics of a font at a size, in points.
@_spi(Backend) public struct FontMetrics: Sendable, Hashable {
  /// The distance from the baseline to the top of the line box (positive).
  public var ascent: Double
  /// The distance from the baseline to the bottom of the line box (positive).
  public var descent: Double
  /// The extra space the font asks for between lines.
  public var lineGap: Double

  /// Creates metrics.
  public init(ascent: Double, descent: Double, lineGap: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineGap = lineGap
  }

  /// The height of a line: ascent, descent and line gap.
  public var lineHeight: Double { ascent + descent + lineGap }
}
