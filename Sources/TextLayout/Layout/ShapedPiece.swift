/// A piece of a segment with its glyphs stored: what placing a line draws, and what breaking a
/// word wider than a line reads the clusters of.
struct ShapedPiece {
  var range: Range<Int>
  /// The index of the piece's run in the text's runs.
  var run: Int
  var level: UInt8
  /// Whether the piece is whitespace that ends its segment (it hangs at a line end).
  var isTrailingWhitespace: Bool
  /// Whether the piece is a run of tabs: no glyphs, and an advance that depends on where its
  /// line places it (see ``TabbedSegment``).
  var isTab: Bool
  /// The advance of the whitespace that ends the piece and hangs at a line end: all of it for
  /// a whitespace piece, the trailing spaces of a word shaped together with them, or 0.
  var trailingAdvance: Double
  /// Where that whitespace starts (the piece's end when there is none).
  var contentEnd: Int
  /// The piece's glyphs, clusters and sums in its storage.
  var stored: StoredPiece

  var advance: Double { stored.advance }
}
