// MARK: - The paragraph loop

extension LayoutBuilder {
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

  /// The state of filling lines from one analysis window: the window, where filling stands in
  /// it, and the pieces this layout shapes for it.
  struct WindowFill {
    var analysis: WindowAnalysis
    /// The window's piece chunks as they were when filling began (kept ones are only read).
    var chunks: [[Piece]]
    /// The index of the chunk this layout's new pieces go to.
    let newChunk: Int
    /// The pieces this layout shapes for the window.
    var pieces: [Piece] = []
    /// The line being filled.
    var filler: LineFiller
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
    while true {
      let scanEnd = window >= count - lineStart ? count : lineStart + window
      var fill = beginFilling(
        analyzeWindow(from: lineStart, scanEnd: scanEnd, paragraphLevel: paragraphLevel))
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
        if drafts.count == fill.linesBefore { window = Self.doubled(window) }
      }
    }
  }

  /// Lays out a paragraph of a prepared text, which keeps one analysis from the paragraph's
  /// start so that later layouts find everything analyzed and shaped.
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
    let kept = prepared.take(at: start)
    // Whether the window reached the estimate once: a kept one may be smaller.
    var reachedEstimate = kept == nil
    let scanEnd = window >= count - start ? count : start + window
    var fill = beginFilling(
      kept ?? analyzeWindow(from: start, scanEnd: scanEnd, paragraphLevel: nil))
    var outcome = fillLines(&fill)
    while case .windowEnded = outcome {
      let covered = fill.analysis.end - start
      if reachedEstimate || covered >= window { window = Self.doubled(covered) }
      reachedEstimate = true
      extend(&fill.analysis, to: window >= count - start ? count : start + window)
      fill.filler.levels = fill.analysis.levelRuns
      fill.chunks = fill.analysis.pieceChunks
      outcome = fillLines(&fill)
    }
    endFilling(&fill)
    prepared.keep(&fill.analysis)
    return outcome
  }

  /// Starts filling lines from a window: the line being filled starts at the window's start.
  mutating func beginFilling(_ analysis: WindowAnalysis) -> WindowFill {
    paragraphLevel = analysis.paragraphLevel
    // Segments of a line left unfinished in an earlier window are laid out again.
    let firstSegment = drafts.last?.segments.upperBound ?? 0
    lineSegments.removeSubrange(firstSegment...)
    // The lines drafted here find the window's chunks in the arenas from `arenas.count` on.
    return WindowFill(
      analysis: analysis, chunks: analysis.pieceChunks, newChunk: analysis.pieceChunks.count,
      filler: LineFiller(
        paragraphLevel: analysis.paragraphLevel, lineStart: analysis.start,
        arena: arenas.count, levels: analysis.levelRuns,
        firstSegment: firstSegment),
      linesBefore: drafts.count)
  }

  /// Fills lines with the window's segments, from where filling stands, until the paragraph
  /// ends, the line limit is reached or the window runs out.
  mutating func fillLines(_ fill: inout WindowFill) -> WindowOutcome {
    while fill.index < fill.analysis.boundaries.count {
      if fill.index == fill.analysis.segments.count {
        makeNextSegments(&fill)
      }
      let segment = fill.analysis.segments[fill.index]
      if !appendIfFits(segment, to: &fill.filler) {
        guard
          add(
            segment, to: &fill.filler, chunks: fill.chunks, current: &fill.pieces,
            currentChunk: fill.newChunk)
        else { return .limitReached }
      }
      fill.index += 1
    }
    guard fill.analysis.isComplete else { return .windowEnded }
    let analysis = fill.analysis
    emit(&fill.filler, end: analysis.end + analysis.separatorLength, endsParagraph: true)
    return .paragraphEnded(
      ParagraphEnd(end: analysis.end, separatorLength: analysis.separatorLength))
  }

  /// Makes the window's next segments: measured in a batch when the layout only measures,
  /// otherwise (or when the next holds a tab) the next one shaped; a word too long to shape whole is made by
  /// ``makeWideSegment(_:isMandatory:levels:table:)``.
  mutating func makeNextSegments(_ fill: inout WindowFill) {
    let index = fill.index
    let from = index == 0 ? fill.analysis.start : fill.analysis.boundaries[index - 1].offset
    let boundary = fill.analysis.boundaries[index]
    let hasTab = fill.analysis.hasTabs && containsTab(from..<boundary.offset)
    if boundary.offset - from > Self.wideWordStretch, !hasTab,
      let segment = makeWideSegment(
        from..<boundary.offset, isMandatory: boundary.isMandatory,
        levels: fill.analysis.levelRuns, table: &fill.analysis.metrics)
    {
      fill.analysis.segments.append(segment)
    } else if measuresOnly && !hasTab {
      // A segment with tabs is shaped even when only measuring: line filling walks its
      // pieces, whose advances depend on where the segment starts.
      measureNextSegments(&fill.analysis, budget: bytesLeft(after: fill.filler))
    } else {
      let segment = makeSegment(
        from..<boundary.offset, levels: fill.analysis.levelRuns,
        isMandatory: boundary.isMandatory, into: &fill.pieces,
        location: .windowChunk(fill.newChunk), table: &fill.analysis.metrics)
      fill.analysis.segments.append(segment)
    }
  }

  /// Ends filling from a window: its pieces join the arenas the drafted lines index, and its
  /// lines get its table of vertical metrics, complete now.
  mutating func endFilling(_ fill: inout WindowFill) {
    for index in fill.linesBefore..<drafts.count {
      drafts[index].metrics = fill.analysis.metrics
    }
    if !fill.pieces.isEmpty { fill.analysis.pieceChunks.append(fill.pieces) }
    arenas.append(contentsOf: fill.analysis.pieceChunks)
  }

  /// Twice a window's size, without overflowing.
  static func doubled(_ size: Int) -> Int {
    size > Int.max / 2 ? Int.max : size * 2
  }
}
