/// A line before placement: its segments in logical order, and the truncation token it ends
/// with. What line filling (``LineBreaker``) hands placement (``LinePlacer``).
struct LineDraft {
  var range: Range<Int>
  /// Where the line's segments are in ``LineBreaker/lineSegments``.
  var segments: Range<Int>
  /// The vertical metrics of the line's window, which its segments index.
  var metrics: VerticalMetrics.Table
  /// The level runs of the line's window, to cut its segments into pieces.
  var levels: [BidiAnalysis.LevelRun]
  var endsParagraph: Bool
  var paragraphLevel: UInt8
  /// The truncation token's pieces, measured, when the line ends with it.
  var token: [TokenPiece] = []
}

/// A piece of the truncation token: a bidi run of its leader or of its label, measured.
struct TokenPiece {
  /// The piece's UTF-8 range in its part of the token.
  var range: Range<Int>
  /// The part it belongs to: ``LineRun/Role/tokenLeader`` or ``LineRun/Role/tokenLabel``.
  var role: LineRun.Role
  var style: TextStyle
  var level: UInt8
  var measure: ShapedMeasure
}
