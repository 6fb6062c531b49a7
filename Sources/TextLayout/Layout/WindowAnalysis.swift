/// The items of a window of a paragraph, from a line start to the paragraph's end or to where
/// the window was cut: its bidi level runs and the break opportunities its segments end at
/// (with the text's style runs, what cuts segments into pieces), and the segments measured so
/// far.
///
/// Made by ``WindowAnalyzer``; a prepared text keeps the first window of each paragraph it
/// laid out, so that a later layout finds it analyzed and measured.
struct WindowAnalysis: Sendable {
  var start: Int
  var end: Int
  /// Whether the window reaches the paragraph's end.
  var isComplete: Bool
  /// The paragraph separator's length after `end`, when complete.
  var separatorLength: Int
  var paragraphLevel: UInt8
  /// Level runs with absolute offsets.
  var levelRuns: [BidiAnalysis.LevelRun]
  /// The trusted segment boundaries, in order, with absolute offsets: each segment ends at one.
  var boundaries: [Boundary]
  /// The segments measured so far, a prefix of those the boundaries define.
  var segments: [Segment]
  /// The vertical metrics the segments index.
  var metrics = VerticalMetrics.Table()
  /// Whether the window holds a tab: only then are its segments searched for one (see
  /// ``LayoutContext/containsTab(_:)``).
  var hasTabs = false

  /// A break opportunity in four bytes: a prepared list keeps tens of them for each row, and a
  /// re-layout reads them all.
  struct Boundary: Sendable {
    /// The offset in the low 31 bits (a text has at most 2³¹ − 1 bytes), then the flag.
    private let packed: UInt32

    init(offset: Int, isMandatory: Bool) {
      packed = UInt32(offset) | (isMandatory ? 0x8000_0000 : 0)
    }

    /// The UTF-8 offset before which a line may start.
    var offset: Int { Int(packed & 0x7FFF_FFFF) }
    /// Whether the line must break here.
    var isMandatory: Bool { packed & 0x8000_0000 != 0 }
  }

  /// An analysis of nothing, for a place an analysis is moved out of.
  static let placeholder = WindowAnalysis(
    start: 0, end: 0, isComplete: false, separatorLength: 0, paragraphLevel: 0, levelRuns: [],
    boundaries: [], segments: [])

  /// Whether this analysis can stand for a window from the same start to `end`.
  func covers(_ end: Int) -> Bool { isComplete || self.end >= end }

  /// Where the segment at an index starts: the window's start, or the boundary before it.
  func segmentStart(at index: Int) -> Int {
    index == 0 ? start : boundaries[index - 1].offset
  }
}
