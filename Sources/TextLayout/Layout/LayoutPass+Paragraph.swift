// MARK: - A paragraph, window after window

extension LayoutPass {
  /// Where a laid-out paragraph ended.
  struct ParagraphEnd {
    /// The end of the paragraph's content.
    var end: Int
    /// The length of the separator after it; 0 at the end of the text.
    var separatorLength: Int
  }

  /// How filling the lines of one analysis window ended.
  enum WindowOutcome {
    /// The paragraph ended inside the window.
    case paragraphEnded(ParagraphEnd)
    /// The line limit was reached.
    case limitReached
    /// The window ran out before the paragraph did; the unfinished line starts at the filler's
    /// line start and is laid out again in the next window.
    case windowEnded
  }

  /// The state of filling lines from one analysis window: the window, and where filling
  /// stands in it.
  struct WindowFill {
    var analysis: WindowAnalysis
    /// The line being filled.
    var filler: LineBreaker.LineFiller
    /// The next boundary (and segment) to add.
    var index = 0
    /// The drafted lines before this window.
    let linesBefore: Int
  }

  /// Lays out the paragraph starting at `start`, window after window.
  ///
  /// - Returns: Where the paragraph ended, or `nil` when the line limit was reached inside it.
  mutating func layoutParagraph(from start: Int) -> ParagraphEnd? {
    if let prepared {
      switch layoutPreparedParagraph(from: start, keepingIn: prepared) {
      case .paragraphEnded(let end): return end
      case .limitReached, .windowEnded: return nil
      }
    }
    var lineStart = start
    var window = initialWindow(at: start)
    var paragraphLevel: UInt8?
    let analyzer = WindowAnalyzer(context: context)
    while true {
      let scanEnd = window >= count - lineStart ? count : lineStart + window
      let analysis = analyzer.analyze(
        from: lineStart, scanEnd: scanEnd, paragraphLevel: paragraphLevel)
      var fill = beginFilling(analysis)
      let outcome = fillLines(&fill)
      endFilling(&fill)
      switch outcome {
      case .paragraphEnded(let end): return end
      case .limitReached: return nil
      case .windowEnded:
        // The next window starts at the unfinished line, larger if this one did not complete
        // a single line.
        lineStart = fill.filler.lineStart
        paragraphLevel = fill.analysis.paragraphLevel
        if lines.drafts.count == fill.linesBefore { window = Self.doubled(window) }
      }
    }
  }

  /// Lays out a paragraph of a prepared text, which keeps one analysis from the paragraph's
  /// start so that later layouts find everything analyzed and measured.
  ///
  /// The kept window is taken out of the prepared text while this layout uses it, so that
  /// appending to it copies nothing, and put back when done. It is tried as it is even when
  /// smaller than the estimate: the estimate is generous, and a wider layout (a rotation)
  /// often still fits its lines in it. When it runs out, it grows in place (to the estimate
  /// when it was smaller, otherwise to twice its size) and the lines go on where they stopped.
  ///
  /// - Returns: ``WindowOutcome/paragraphEnded(_:)`` or ``WindowOutcome/limitReached``.
  mutating func layoutPreparedParagraph(
    from start: Int, keepingIn prepared: PreparedText
  ) -> WindowOutcome {
    var window = initialWindow(at: start)
    let analyzer = WindowAnalyzer(context: context)
    let kept = prepared.take(at: start)
    // Whether the window reached the estimate once: a kept one may be smaller.
    var reachedEstimate = kept == nil
    let scanEnd = window >= count - start ? count : start + window
    let analysis =
      kept
      ?? analyzer.analyze(from: start, scanEnd: scanEnd, paragraphLevel: nil)
    var fill = beginFilling(analysis)
    var outcome = fillLines(&fill)
    while case .windowEnded = outcome {
      let covered = fill.analysis.end - start
      if reachedEstimate || covered >= window { window = Self.doubled(covered) }
      reachedEstimate = true
      analyzer.extend(&fill.analysis, to: window >= count - start ? count : start + window)
      fill.filler.levels = fill.analysis.levelRuns
      outcome = fillLines(&fill)
    }
    endFilling(&fill)
    prepared.keep(&fill.analysis)
    return outcome
  }

  /// Starts filling lines from a window: the line being filled starts at the window's start.
  ///
  /// The analysis is consumed, so that the fill can take a caller's last use of it without a
  /// copy. (The re-layout still copies the kept analysis once a row before this call: 3.04 M
  /// in round 23's profile.)
  mutating func beginFilling(_ analysis: consuming WindowAnalysis) -> WindowFill {
    // Segments of a line left unfinished in an earlier window are laid out again.
    let firstSegment = lines.drafts.last?.segments.upperBound ?? 0
    // Checked first: a generic `removeSubrange` of about 40 instructions even when it
    // removes nothing, which is the common case (a row's first window).
    if firstSegment < lines.lineSegments.count {
      lines.lineSegments.removeSubrange(firstSegment...)
    }
    let filler = LineBreaker.LineFiller(
      paragraphLevel: analysis.paragraphLevel, lineStart: analysis.start,
      levels: analysis.levelRuns, firstSegment: firstSegment)
    return WindowFill(analysis: analysis, filler: filler, linesBefore: lines.drafts.count)
  }

  /// Fills lines with the window's segments, from where filling stands, until the paragraph
  /// ends, the line limit is reached or the window runs out.
  mutating func fillLines(_ fill: inout WindowFill) -> WindowOutcome {
    while fill.index < fill.analysis.boundaries.count {
      if fill.index == fill.analysis.segments.count {
        segments.makeNextSegments(
          &fill.analysis, budget: bytesLeft(after: fill.filler),
          batching: SegmentMaker.Batching(
            isPrepared: prepared != nil, hasLineLimit: limit != Int.max))
      }
      // The segments that fit, at once; then the first that does not, if measured, ends
      // the line (or is broken).
      fill.index = lines.appendFitting(
        fill.analysis.segments, from: fill.index, to: &fill.filler)
      guard fill.index < fill.analysis.segments.count else { continue }
      guard lines.add(fill.analysis.segments[fill.index], to: &fill.filler, maker: &segments)
      else {
        return .limitReached
      }
      fill.index += 1
    }
    guard fill.analysis.isComplete else { return .windowEnded }
    // The two offsets, not the analysis: a copy of it retained and released its arrays.
    let end = ParagraphEnd(
      end: fill.analysis.end, separatorLength: fill.analysis.separatorLength)
    lines.emit(&fill.filler, end: end.end + end.separatorLength, endsParagraph: true)
    return .paragraphEnded(end)
  }

  /// Ends filling from a window: its lines get its table of vertical metrics, complete now.
  mutating func endFilling(_ fill: inout WindowFill) {
    for index in fill.linesBefore..<lines.drafts.count {
      lines.drafts[index].metrics = fill.analysis.metrics
    }
  }

  // MARK: - Window sizes

  /// The first window's size for a limited layout: an estimate of the bytes the remaining lines
  /// can hold, plus twice ``WindowAnalyzer/windowMargin``.
  ///
  /// Four bytes per em of line covers Latin (under 2), CJK (3) and most Cyrillic, Greek and
  /// Hebrew (3 to 4); Arabic and Thai with their marks can need more, and then the window
  /// grows. Too large a window costs line-break analysis (about 130 instructions a byte with
  /// ICU) on text that is never shown; too small costs another analysis. The estimate is
  /// generous on purpose: the same window then holds the lines of a wider layout of a prepared
  /// text (a list after a rotation). Measured on the list benchmark, three bytes an em made the
  /// first pass about 5% faster and a re-layout at 480 points 30% slower.
  func initialWindow(at offset: Int) -> Int {
    guard limit != Int.max else { return Int.max }
    if let fixedWindow { return max(fixedWindow, 2 * WindowAnalyzer.windowMargin) }
    let ems = emsLeft(at: offset, pen: 0)
    return Int(min(ems * 4, Double(Int.max / 4))) + 2 * WindowAnalyzer.windowMargin
  }

  /// The ems the lines left (the one being filled, up to `pen`, and those after it) can still
  /// hold, in the font size at `offset`. For limited layouts only.
  func emsLeft(at offset: Int, pen: Double) -> Double {
    let size = max(1, context.text.size(at: offset))
    return max(0, Double(limit - lines.drafts.count) * context.configuration.width - pen) / size
  }

  /// About how many UTF-8 bytes the lines left can still hold, at three bytes an em (Cyrillic,
  /// Greek and CJK text; Latin needs two, so a batch may measure a few words past the last
  /// line, which costs less than the many small batches of a lower estimate).
  func bytesLeft(after filler: LineBreaker.LineFiller) -> Int {
    guard limit != Int.max else { return Int.max }
    let ems = emsLeft(at: filler.lineStart, pen: filler.pen)
    return Int(min(ems * 3, Double(Int.max / 4)))
  }
}
