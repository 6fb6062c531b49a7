/// The lines stage: fills lines with segments and ends them: where a line ends, words wider
/// than a line broken at grapheme boundaries (`LineBreaker+WideWords.swift`), and the last
/// line shortened for the truncation token (`LineBreaker+Token.swift`). Its output is
/// ``LineDraft`` values, which placement (``LinePlacer``) turns into lines.
struct LineBreaker {
  private(set) var context: LayoutContext
  var drafts: [LineDraft] = []
  /// The segments of the drafted lines, one line after the other (``LineDraft/segments``
  /// indexes it), then those of the line being filled: one array for all lines, not one each.
  var lineSegments: [Segment] = []
  /// The vertical metrics of the segments this layout cuts from others (a word wider than the
  /// line, the last line before a token): they depend on the width, so they stay out of the
  /// windows a prepared text keeps.
  var cutMetrics = VerticalMetrics.Table(isForCutSegments: true)
  /// Where the pieces of segments shaped for their graphemes go, emptied after each use.
  var scratch = GlyphStorage()

  init(context: LayoutContext, lineSegments: [Segment]) {
    self.context = context
    self.lineSegments = lineSegments
    drafts.reserveCapacity(min(context.limit, 8))
  }

  /// Fills the lines of another text: the drafts, segments and tables emptied, their memory
  /// kept.
  mutating func restart(with context: LayoutContext) {
    self.context = context
    // Popped one by one: `removeAll(keepingCapacity:)` went through a generic
    // `replaceSubrange` of about 170 instructions for a list row's three drafts.
    while drafts.popLast() != nil {}
    lineSegments.removeAll(keepingCapacity: true)
    cutMetrics.removeAll()
    scratch.removeAll()
  }

  var width: Double { context.configuration.width }
  var limit: Int { context.limit }

  /// The line being filled.
  struct LineFiller {
    var paragraphLevel: UInt8
    var lineStart: Int
    /// The window's level runs, for segments measured and shaped later.
    var levels: [BidiAnalysis.LevelRun]
    /// Where the line's segments start in ``LineBreaker/lineSegments``; they run to its end.
    var firstSegment: Int
    var pen = 0.0
  }

  /// Whether the line being filled has no segment yet.
  func isEmpty(_ filler: LineFiller) -> Bool {
    lineSegments.count == filler.firstSegment
  }

  /// Ends the current line at `end`.
  mutating func emit(_ filler: inout LineFiller, end: Int, endsParagraph: Bool) {
    drafts.append(
      LineDraft(
        range: filler.lineStart..<end, segments: filler.firstSegment..<lineSegments.count,
        // The window's metrics table is given to its lines when the window is done
        // (``LayoutPass/endFilling(_:)``): a copy held here would make every new entry copy
        // the table.
        metrics: VerticalMetrics.Table(), levels: filler.levels,
        endsParagraph: endsParagraph, paragraphLevel: filler.paragraphLevel))
    filler.lineStart = end
    filler.firstSegment = lineSegments.count
    filler.pen = 0
  }

  /// Adds the segments of `segments` from `start` on to the line being filled while each fits
  /// there (no tab, and the pen plus its content advance within the width; an empty line's pen
  /// is 0): the common case, which needs nothing ``add(_:to:maker:)`` is passed.
  ///
  /// A re-layout finds most of its segments measured: added one by one, each was copied out
  /// of the window, checked and appended with a uniqueness check of ``lineSegments`` (about 50
  /// instructions a segment); here the segments that fit are found through a pointer and
  /// appended in one copy.
  ///
  /// - Returns: The index of the first segment not added (`segments.count` when all were).
  @inline(__always)
  mutating func appendFitting(
    _ segments: [Segment], from start: Int, to filler: inout LineFiller
  ) -> Int {
    guard start < segments.count else { return start }
    let limit = width + LayoutContext.epsilon
    var pen = filler.pen
    return segments.withUnsafeBufferPointer { segments in
      var end = start
      // The pen adds each segment's advance in turn, as it did segment by segment.
      while end < segments.count, !segments[end].hasTabs,
        pen + segments[end].contentAdvance <= limit
      {
        pen += segments[end].advance
        end += 1
      }
      if end > start {
        lineSegments.append(contentsOf: UnsafeBufferPointer(rebasing: segments[start..<end]))
        filler.pen = pen
      }
      return end
    }
  }

  /// Adds a segment to the line being filled, breaking lines as needed: this is where a line
  /// ends. A segment that does not fit after the line's content starts the next line; one
  /// wider than a line alone is cut at grapheme boundaries.
  ///
  /// - Returns: `false` when the line limit was reached before the segment was placed.
  mutating func add(
    _ segment: Segment, to filler: inout LineFiller, maker: inout SegmentMaker
  ) -> Bool {
    var segment = segment
    while true {
      if isEmpty(filler) {
        let content = advances(of: segment, at: 0, in: filler, maker: &maker).content
        if content <= width + LayoutContext.epsilon {
          break
        }
        // A word wider than the line alone: break it at grapheme boundaries.
        guard let rest = breakWideSegment(segment, filler: &filler, maker: &maker) else {
          return false
        }
        // What is left fits on a line, or is a single grapheme wider than one.
        segment = rest
        break
      } else if filler.pen
        + advances(of: segment, at: filler.pen, in: filler, maker: &maker).content
        <= width + LayoutContext.epsilon
      {
        break
      } else {
        emit(&filler, end: segment.range.lowerBound, endsParagraph: false)
        if drafts.count >= limit { return false }
      }
    }
    lineSegments.append(segment)
    filler.pen += advances(of: segment, at: filler.pen, in: filler, maker: &maker).advance
    return true
  }

  /// The advance of a segment of the line being filled and of its content, when it starts at
  /// `pen` (``TabbedSegment/advances(of:at:levels:paragraphLevel:maker:)``).
  mutating func advances(
    of segment: Segment, at pen: Double, in filler: LineFiller, maker: inout SegmentMaker
  ) -> (advance: Double, content: Double) {
    TabbedSegment.advances(
      of: segment, at: pen, levels: filler.levels, paragraphLevel: filler.paragraphLevel,
      maker: &maker)
  }
}
