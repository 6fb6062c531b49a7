// MARK: - Measuring segments in batches, without keeping glyphs

extension LayoutBuilder {
  /// The most segments one batch of ``measureSegments(_:)`` measures, and how far past the
  /// first one's start (in UTF-8 bytes) the batch may reach: the shaper's set-up is shared by
  /// the batch, and what is measured past the last line stays small.
  static let batchSegments = 16
  static let batchBytes = 64
  /// How far a batch reaches even when the lines left seem to hold less: one shaper call
  /// costs about as much as measuring a few pieces, and the last lines would otherwise be
  /// measured a piece or two at a time. The pieces past the last line are what a wider layout
  /// (a rotation) needs next. Measured on the list benchmark: 32 bytes against 16, the first
  /// pass 1% more work and a re-layout 4% less; 48 against 32, the first pass 1% more
  /// instructions (no change in time) and a re-layout 3% less (3% less time).
  static let batchFloor = 48

  /// The buffers of ``measureSegments(_:budget:batch:)``, kept between batches so that a batch
  /// allocates nothing.
  struct MeasureBatch {
    var pieces: [PieceToMeasure] = []
    var pieceEnds: [Int] = []
    var contentEnds: [Int] = []
    var measures: [ShapedMeasure] = []
    var ranges: [Range<Int>] = []

    /// Empties the buffers, keeping their memory; the first time, makes room for a batch.
    mutating func removeAll() {
      if pieceEnds.capacity == 0 {
        pieces.reserveCapacity(2 * LayoutBuilder.batchSegments)
        pieceEnds.reserveCapacity(LayoutBuilder.batchSegments)
        contentEnds.reserveCapacity(LayoutBuilder.batchSegments)
        measures.reserveCapacity(2 * LayoutBuilder.batchSegments)
        ranges.reserveCapacity(2 * LayoutBuilder.batchSegments)
      }
      pieces.removeAll(keepingCapacity: true)
      pieceEnds.removeAll(keepingCapacity: true)
      contentEnds.removeAll(keepingCapacity: true)
      measures.removeAll(keepingCapacity: true)
      ranges.removeAll(keepingCapacity: true)
    }
  }

  /// Measures the window's next segments with the builder's batch buffers.
  mutating func measureNextSegments(_ analysis: inout WindowAnalysis, budget: Int) {
    // The buffers are moved out for the call: measureSegments reads the builder, which it
    // could not while one of its properties is passed inout.
    var batch = MeasureBatch()
    swap(&batch, &self.batch)
    measureSegments(&analysis, budget: budget, batch: &batch)
    swap(&batch, &self.batch)
  }

  /// A piece of a segment being measured: its range, style run and level, and which part of
  /// its advance hangs at a line end.
  struct PieceToMeasure {
    var range: Range<Int>
    var run: Int
    var level: UInt8
    var hanging: Hanging
  }

  /// Measures the window's next segments (at least one, a batch of those that follow) as
  /// ``makeSegment(_:levels:isMandatory:into:location:table:paragraphLevel:)`` would shape them, with
  /// the same sums to the last bit, but keeps no pieces: the segments are
  /// ``Segment/PieceLocation/unshaped`` until a line that holds them is placed.
  ///
  /// - Parameters:
  ///   - analysis: The window, whose next segments are measured.
  ///   - budget: How far past the first segment's start the batch may reach, in UTF-8 bytes,
  ///     besides ``batchBytes``: about what the remaining lines can hold, so that a batch
  ///     measures little that is never shown (a word shaped for nothing costs a cache miss).
  ///   - batch: The buffers to use, emptied first.
  ///
  /// Not mutating: closures in a mutating method would copy the whole builder for each call
  /// they make on it.
  func measureSegments(
    _ analysis: inout WindowAnalysis, budget: Int, batch: inout MeasureBatch
  ) {
    let first = analysis.segments.count
    let batchStart = first == 0 ? analysis.start : analysis.boundaries[first - 1].offset
    let reach = min(Self.batchBytes, max(budget, Self.batchFloor))
    var end = first + 1
    // A segment with a tab ends the batch: it is shaped, not measured.
    while end < analysis.boundaries.count && end - first < Self.batchSegments
      && analysis.boundaries[end].offset - batchStart <= reach
      && !(analysis.hasTabs
        && containsTab(analysis.boundaries[end - 1].offset..<analysis.boundaries[end].offset))
    {
      end += 1
    }
    // Room for every segment the window can hold, at once: growing a row's segments by
    // doubling took several allocations a row.
    if analysis.segments.capacity < analysis.boundaries.count {
      analysis.segments.reserveCapacity(analysis.boundaries.count)
    }
    // The pieces of every segment, in order, and where each segment's pieces end.
    batch.removeAll()
    let levels = analysis.levelRuns
    var string = text.string
    string.withUTF8 { bytes in
      var from = batchStart
      for index in first..<end {
        let to = analysis.boundaries[index].offset
        let contentEnd = ByteScan.trailingSpaceStart(in: from..<to, of: bytes)
        batch.contentEnds.append(contentEnd)
        // No tab: a segment with one is shaped, never measured.
        forEachPiece(
          ofSegment: from..<to, contentEnd: contentEnd, levels: levels,
          paragraphLevel: paragraphLevel, mayHoldTabs: false
        ) { piece, run, level, hanging in
          batch.pieces.append(
            PieceToMeasure(range: piece, run: run, level: level, hanging: hanging))
        }
        batch.pieceEnds.append(batch.pieces.count)
        from = to
      }
    }
    // One shaper call for each stretch of pieces with one style and one level.
    let pieces = batch.pieces
    var stretch = 0
    while stretch < pieces.count {
      var next = stretch
      batch.ranges.removeAll(keepingCapacity: true)
      while next < pieces.count && pieces[next].run == pieces[stretch].run
        && pieces[next].level == pieces[stretch].level
      {
        batch.ranges.append(pieces[next].range)
        next += 1
      }
      batchShaper.measure(
        batch.ranges, in: text.string, style: shapingText.runs[pieces[stretch].run].style,
        isRightToLeft: pieces[stretch].level & 1 == 1, into: &batch.measures)
      stretch = next
    }
    var piece = 0
    for index in first..<end {
      var sums = Segment.Sums()
      while piece < batch.pieceEnds[index - first] {
        let measure = batch.measures[piece]
        switch pieces[piece].hanging {
        case .none: sums.add(measure, trailing: 0)
        case .trailingSpaces: sums.add(measure, trailing: measure.hangingAdvance)
        case .all: sums.add(measure, trailing: measure.advance)
        }
        piece += 1
      }
      let from = index == 0 ? analysis.start : analysis.boundaries[index - 1].offset
      analysis.segments.append(
        Segment(
          range: from..<analysis.boundaries[index].offset,
          contentEnd: batch.contentEnds[index - first],
          isMandatory: analysis.boundaries[index].isMandatory, sums: sums,
          table: &analysis.metrics))
    }
  }
}
