import Foundation

/// One visual line of a layout.
///
/// A line's frame and baseline place it; ``LaidOutText/lineRanges`` gives the text each line
/// shows, its trailing whitespace and the paragraph separator that ends it included, so that
/// the ranges of consecutive lines tile the visible text.
public struct Line: Sendable, Hashable {
  /// The UTF-8 range of the line, trailing whitespace and separator included.
  @_spi(Backend) public var range: Range<Int>
  /// The UTF-8 range without trailing whitespace and separator.
  @_spi(Backend) public var contentRange: Range<Int>
  /// The top of the line box.
  package var top: Double
  /// The y coordinate of the baseline.
  public var baseline: Double
  /// The distance from the top of the line box to the baseline.
  package var ascent: Double
  /// The distance from the baseline to the bottom of the line box (line gap included).
  package var descent: Double
  /// The x coordinate where the content (without hanging trailing whitespace) starts.
  package var x: Double
  /// The width of the content, truncation token included, trailing whitespace excluded.
  package var width: Double
  /// The runs in visual order.
  package var runs: [LineRun]
  /// Whether the line ends its paragraph (a separator or the end of the text follows).
  package var endsParagraph: Bool
  /// The paragraph's resolved bidi level: 0 left to right, 1 right to left.
  package var paragraphLevel: UInt8

  /// The height of the line box.
  package var height: Double { ascent + descent }

  /// The line box: from the content's left edge, as wide as its content, the full line height tall.
  public var frame: CGRect { layoutFrame.cgRect }
  /// ``frame`` in the engine's own geometry.
  package var layoutFrame: LayoutRect { LayoutRect(x: x, y: top, width: width, height: height) }
}
