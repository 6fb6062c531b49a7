import Foundation

/// The size of a layout without its glyphs: what a list needs to know a row's height.
///
/// ``TextLayoutEngine/measure(_:configuration:)-(StyledText,_)`` fills lines exactly as
/// ``TextLayoutEngine/layout(_:configuration:)-(StyledText,_)`` does but places no glyphs, so a
/// measurement is equal to the corresponding values of the layout, bit for bit, and costs
/// less.
///
/// ```swift
/// let height = try engine.measure(prepared, configuration: collapsed).size.height
/// ```
public struct TextMeasurement: Sendable, Hashable {
  /// The number of visible lines; the layout's `lines.count`.
  public var lineCount: Int
  /// The widest line (truncation token included) and the total height; the layout's `size`.
  public var size: CGSize { layoutSize.cgSize }
  /// ``size`` in the engine's own geometry.
  package var layoutSize: LayoutSize
  /// Whether anything other than trailing whitespace is not shown.
  public var isTruncated: Bool
  /// The end of the visible text, as a UTF-8 offset.
  @_spi(Backend) public var visibleEnd: Int
  /// Whether a line is wider than the layout width; the layout's ``LaidOutText/isClipped``.
  public var isClipped: Bool
  /// How many visible characters no installed font covers, so that they are drawn as boxes;
  /// the number of the layout's ``LaidOutText/uncoveredCharacters`` (at most 65,535 for each
  /// stretch of text between two line-break opportunities).
  public var uncoveredCharacterCount: Int

  /// Creates a measurement.
  package init(
    lineCount: Int, size: LayoutSize, isTruncated: Bool, visibleEnd: Int, isClipped: Bool = false,
    uncoveredCharacterCount: Int = 0
  ) {
    self.lineCount = lineCount
    self.layoutSize = size
    self.isTruncated = isTruncated
    self.visibleEnd = visibleEnd
    self.isClipped = isClipped
    self.uncoveredCharacterCount = uncoveredCharacterCount
  }
}

extension LaidOutText {
  /// The layout's measurement: its line count, size, cut, visible end and uncovered
  /// characters.
  package var measurement: TextMeasurement {
    TextMeasurement(
      lineCount: lines.count, size: layoutSize, isTruncated: isTruncated, visibleEnd: visibleEnd,
      isClipped: isClipped, uncoveredCharacterCount: uncoveredCharacters.count)
  }
}
