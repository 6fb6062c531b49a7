/// A shaped piece of a line: one style, one bidi level, within one segment.
struct Piece {
  var range: Range<Int>
  var style: TextStyle
  var level: UInt8
  var shaped: ShapedText
  var advance: Double
  /// Whether the piece is whitespace that ends its segment (it hangs at a line end).
  var isTrailingWhitespace: Bool
  var role: LineRun.Role
}

/// The text between two line-break opportunities, shaped.
struct Segment {
  var range: Range<Int>
  var pieces: [Piece]
  /// Where the segment's trailing whitespace starts.
  var contentEnd: Int
  /// Whether a mandatory break follows the segment.
  var isMandatory: Bool

  var advance: Double { pieces.reduce(0) { $0 + $1.advance } }
  var contentAdvance: Double {
    pieces.reduce(0) { $0 + ($1.isTrailingWhitespace ? 0 : $1.advance) }
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
