/// A shaped piece of a line: one style, one bidi level, within one segment.
struct Piece: Sendable {
  var range: Range<Int>
  var style: TextStyle
  var level: UInt8
  var shaped: ShapedText
  var advance: Double
  /// Whether the piece is whitespace that ends its segment (it hangs at a line end).
  var isTrailingWhitespace: Bool
  var role: LineRun.Role
  /// The advance of the whitespace that ends the piece and hangs at a line end: all of it for
  /// a whitespace piece, the trailing spaces of a word shaped together with them, or 0.
  var trailingAdvance: Double = 0
  /// Where that whitespace starts (the piece's end when there is none).
  var contentEnd: Int

  init(
    range: Range<Int>, style: TextStyle, level: UInt8, shaped: ShapedText, advance: Double,
    isTrailingWhitespace: Bool, role: LineRun.Role
  ) {
    self.range = range
    self.style = style
    self.level = level
    self.shaped = shaped
    self.advance = advance
    self.isTrailingWhitespace = isTrailingWhitespace
    self.role = role
    self.trailingAdvance = isTrailingWhitespace ? advance : 0
    self.contentEnd = isTrailingWhitespace ? range.lowerBound : range.upperBound
  }

  /// The advance without the hanging whitespace.
  var contentAdvance: Double { advance - trailingAdvance }
}

/// The text between two line-break opportunities, shaped.
struct Segment: Sendable {
  var range: Range<Int>
  var pieces: [Piece]
  /// Where the segment's trailing whitespace starts.
  var contentEnd: Int
  /// Whether a mandatory break follows the segment.
  var isMandatory: Bool

  var advance: Double { pieces.reduce(0) { $0 + $1.advance } }
  var contentAdvance: Double {
    pieces.reduce(0) { $0 + $1.contentAdvance }
  }
}

/// A line before placement: its segments in logical order.
struct LineDraft {
  var range: Range<Int>
  var segments: [Segment]
  var endsParagraph: Bool
  var paragraphLevel: UInt8
  var token: [Piece] = []
}
