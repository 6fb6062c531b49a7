import Synchronization

/// A text whose width-independent analysis is kept between layouts: line-break opportunities,
/// bidi levels and shaped segments.
///
/// Laying out a ``PreparedText`` again at another width or line limit only fills lines and
/// places them, which is what a list does on rotation or a window resize. The analysis is made
/// lazily, paragraph by paragraph, as layouts need it, so preparing a long text costs nothing
/// until it is laid out, and a three-line layout analyzes only what three lines need.
///
/// ```swift
/// let prepared = PreparedText(StyledText(message))
/// let narrow = try engine.layout(prepared, configuration: .init(width: 320, lineLimit: .lines(3)))
/// let wide = try engine.layout(prepared, configuration: .init(width: 480, lineLimit: .lines(3)))
/// ```
///
/// Use a prepared text with one engine: the analysis comes from that engine's backends.
public final class PreparedText: Sendable {
  /// The text.
  public let text: StyledText
  let state = Mutex(Kept())

  /// The analyses kept, by the offset where their paragraph starts. Most texts are one
  /// paragraph: the first one's has a place of its own, found without hashing.
  struct Kept {
    /// The first paragraph's analysis, when ``hasFirst``; a placeholder otherwise, so that an
    /// analysis moves in and out by a swap (through an optional, it would be copied).
    var first = WindowAnalysis.placeholder
    var hasFirst = false
    var others: [Int: WindowAnalysis] = [:]

    /// Removes the analysis of a paragraph and returns it, moved rather than copied.
    mutating func remove(at start: Int) -> WindowAnalysis? {
      guard start == 0 else { return others.removeValue(forKey: start) }
      guard hasFirst else { return nil }
      hasFirst = false
      var taken = WindowAnalysis.placeholder
      swap(&taken, &first)
      return taken
    }

    /// Swaps an analysis in unless a larger one is kept for its paragraph.
    mutating func store(_ analysis: inout WindowAnalysis) {
      let start = analysis.start
      guard start == 0 else {
        if let old = others[start], old.covers(analysis.end),
          old.segments.count >= analysis.segments.count
        {
          return
        }
        others[start] = analysis
        return
      }
      if hasFirst && first.covers(analysis.end)
        && first.segments.count >= analysis.segments.count
      {
        return
      }
      swap(&first, &analysis)
      hasFirst = true
    }
  }

  /// Prepares a text; nothing is analyzed until it is laid out.
  public init(_ text: StyledText) {
    self.text = text
  }

  /// Takes the analysis kept for the paragraph starting at `start` out, so that a layout can
  /// grow it in place (its arrays referenced once); the layout keeps it again when done.
  func take(at start: Int) -> WindowAnalysis? {
    state.withLock { $0.remove(at: start) }
  }

  /// Forgets every analysis kept: after a layout whose analyzer failed, they hold its stand-in
  /// answers.
  func forgetAnalysis() {
    state.withLock { $0 = Kept() }
  }

  /// Keeps an analysis unless a larger one is already kept.
  ///
  /// The analysis is moved in, not copied (a copy counts a reference for each of its arrays):
  /// `analysis` is left with whatever was kept before, or with no segments.
  func keep(_ analysis: inout WindowAnalysis) {
    state.withLock { kept in kept.store(&analysis) }
  }
}

/// The analysis of a window of a paragraph: from a line start to the paragraph's end, or to
/// where the window was cut.
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
  /// The segments shaped so far, a prefix of those the boundaries define.
  var segments: [Segment]
  /// The pieces of the segments, in chunks: a layout that shapes more segments puts their
  /// pieces in a new chunk, so that the kept ones are shared, never copied.
  var pieceChunks: [[Piece]]
  /// The vertical metrics the segments index.
  var metrics: [VerticalMetrics] = []
  /// Whether the window holds a tab: only then are its segments searched for one (see
  /// ``LayoutBuilder/containsTab(_:)``).
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
    boundaries: [], segments: [], pieceChunks: [])

  /// Whether this analysis can stand for a window from the same start to `end`.
  func covers(_ end: Int) -> Bool { isComplete || self.end >= end }
}
