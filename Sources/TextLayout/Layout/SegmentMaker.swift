/// The segments stage: measures the text between two break opportunities as ``Segment``
/// values, in batches, the one way layouts and measurements both make them; and shapes the
/// pieces of segments when a line is placed or a word wider than a line is broken.
///
/// Segments are measured, never shaped: the shaper answers from its cache without handing out
/// glyphs (``BatchMeasuringShaper``), and glyphs are made only for the pieces of the lines that
/// are placed (``shapePieces(ofSegment:contentEnd:levels:paragraphLevel:into:pieces:)``).
struct SegmentMaker {
  private(set) var context: LayoutContext
  /// The buffers of the batches, kept between batches so that a batch allocates nothing.
  var batch = MeasureBatch()

  /// The most segments any batch measures (``Batching/segments``): the size of the
  /// buffers a batch fills.
  static var batchSegments: Int { Batching.layout.segments }
  /// How much of a long word is measured or shaped at once, in UTF-8 bytes: more than a line
  /// holds at any ordinary size, so that a word is cut from a few shaped stretches, and little
  /// enough that a layout with a line limit shapes a bounded part of a word of any length.
  static var wideWordStretch: Int { 4096 }

  init(context: LayoutContext) {
    self.context = context
  }

  /// The buffers of a batch.
  struct MeasureBatch {
    var pieces: [PieceToMeasure] = []
    /// Each segment's piece end and content end, by its place in the batch: sized once for the
    /// most segments a batch holds (``sizeSegmentBuffers()``) and written in place, never
    /// emptied (emptying an array and appending to it cost more than the writes).
    var pieceEnds: [Int] = []
    var contentEnds: [Int] = []
    var measures: [ShapedMeasure] = []
    var ranges: [Range<Int>] = []
    /// Each segment's kerning with the next (``Segment/pairAdjustment``), by its place in the
    /// batch, sized as ``pieceEnds``.
    var adjustments: [Double] = []
    /// The pairs of characters across segment boundaries being measured: the segment's index
    /// in the batch, and its last piece's run and level.
    ///
    /// `alone` is the advance of the pair's two characters measured apart, when the batch's
    /// own pieces are those characters (a Japanese segment is one character); otherwise NaN,
    /// and the three ranges of ``ranges`` from `firstRange` on are measured: before, after,
    /// both. Only the pair shaped together (one range) is measured when `alone` is known.
    var pairs: [(segment: Int, run: Int, level: UInt8, alone: Double, firstRange: Int)] = []
    /// The ranges of one stretch of pairs, and their measures.
    var pairRanges: [Range<Int>] = []
    var pairMeasures: [ShapedMeasure] = []
    /// The pieces a line's placement stores.
    var stored: [StoredPiece] = []

    /// Empties the pieces and their measures, keeping their memory; the first time, makes
    /// room for a batch.
    ///
    /// The other buffers are emptied where they are filled: ``ranges`` by each stretch that
    /// measures (and by the first pair), ``pairs`` after they are measured; ``adjustments`` is
    /// written in place. Each `removeAll(keepingCapacity:)` is a generic `replaceSubrange`,
    /// about 35 instructions even on an empty array, and five of them were 189 a batch.
    mutating func removeAll() {
      if pieces.capacity == 0 {
        pieces.reserveCapacity(2 * SegmentMaker.batchSegments)
        measures.reserveCapacity(2 * SegmentMaker.batchSegments)
        ranges.reserveCapacity(2 * SegmentMaker.batchSegments)
      }
      pieces.removeAll(keepingCapacity: true)
      measures.removeAll(keepingCapacity: true)
    }

    /// Makes ``pieceEnds``, ``contentEnds`` and ``adjustments`` hold a place for each segment
    /// of a batch.
    mutating func sizeSegmentBuffers() {
      if pieceEnds.count < SegmentMaker.batchSegments {
        pieceEnds = Array(repeating: 0, count: SegmentMaker.batchSegments)
        contentEnds = Array(repeating: 0, count: SegmentMaker.batchSegments)
        adjustments = Array(repeating: 0, count: SegmentMaker.batchSegments)
      }
    }
  }

  /// A piece being measured: its cut, and whether it is a run of tabs, which has the metrics
  /// of its style's font and no advance until its line places it.
  struct PieceToMeasure {
    var cut: LayoutContext.PieceCut
  }

  // MARK: - Window segments

  /// Makes the window's next segment, and measures a batch of those after it: a word too long
  /// to measure whole is made by ``wideSegment(_:isMandatory:levels:paragraphLevel:table:)``,
  /// a segment with a tab alone.
  ///
  /// - Parameters:
  ///   - analysis: The window, whose next segments are made.
  ///   - budget: How far past the first segment's start the batch may reach, in UTF-8 bytes,
  ///     besides ``Batching/bytes``: about what the remaining lines can hold, so that a batch
  ///     measures little that is never shown (a word measured for nothing costs a cache miss);
  ///     `Int.max` without a line limit.
  ///   - batching: How the pass batches its segments (``Batching/init(isPrepared:hasLineLimit:)``).
  mutating func makeNextSegments(
    _ analysis: inout WindowAnalysis, budget: Int, batching: Batching
  ) {
    let index = analysis.segments.count
    let from = analysis.segmentStart(at: index)
    let boundary = analysis.boundaries[index]
    let range = from..<boundary.offset
    let hasTab = analysis.hasTabs && context.containsTab(range)
    if batching.allowsWide, range.count > Self.wideWordStretch, !hasTab,
      let segment = wideSegment(
        range, isMandatory: boundary.isMandatory, levels: analysis.levelRuns,
        paragraphLevel: analysis.paragraphLevel, table: &analysis.metrics)
    {
      analysis.segments.append(segment)
    } else if hasTab {
      let segment = measureSegment(
        range, levels: analysis.levelRuns, isMandatory: boundary.isMandatory,
        paragraphLevel: analysis.paragraphLevel, table: &analysis.metrics)
      analysis.segments.append(segment)
    } else {
      measureBatch(&analysis, budget: budget, batching: batching)
    }
  }

  /// Measures the window's next segments (at least one, and a batch of those that follow
  /// without a tab) in one shaper call for each stretch of pieces with one font and level.
  private mutating func measureBatch(
    _ analysis: inout WindowAnalysis, budget: Int, batching: Batching
  ) {
    let first = analysis.segments.count
    let batchStart = analysis.segmentStart(at: first)
    let reach = min(batching.bytes, max(budget, batching.floor))
    let most = batching.segments
    var end = first + 1
    // A segment with a tab ends the batch: it is measured alone.
    while end < analysis.boundaries.count && end - first < most
      && analysis.boundaries[end].offset - batchStart <= reach
      && !(analysis.hasTabs
        && context.containsTab(
          analysis.boundaries[end - 1].offset..<analysis.boundaries[end].offset))
    {
      end += 1
    }
    // Room for every segment the window can hold, at once: growing a row's segments by
    // doubling took several allocations a row.
    if analysis.segments.capacity < analysis.boundaries.count {
      analysis.segments.reserveCapacity(analysis.boundaries.count)
    }
    batch.removeAll()
    batch.sizeSegmentBuffers()
    let levels = analysis.levelRuns
    let paragraphLevel = analysis.paragraphLevel
    // The context as a local: read through `self` inside the closure, it was retained and
    // released for every segment. The buffers stay in place (the stages below are static, so
    // they take `self.batch` inout without `self`): moving them out to a new batch and back
    // cost the empty batch's ten arrays, made and destroyed for every batch.
    let context = self.context
    let batchEnd = analysis.boundaries[end - 1].offset
    let (run, isOneRun) =
      context.text.runs.count == 1
      ? (0, true)
      : context.runIndex(at: batchStart, holdingUpTo: batchEnd) ?? (0, false)
    if isOneRun
      && (levels.isEmpty
        || levels.count == 1 && levels[0].range.lowerBound <= batchStart
          && levels[0].range.upperBound >= batchEnd)
    {
      // The whole batch lies in one style run and one level run, and so does each of its
      // segments: each is cut where its content ends, as `forEachPiece` cuts it, without its
      // closure and its run and level lookups for each segment.
      let level = levels.first?.level ?? 0
      let hasLevels = !levels.isEmpty
      // The segments' content and piece ends written through one pointer a batch: appended,
      // each checked its buffer's uniqueness in a runtime call.
      batch.contentEnds.withUnsafeMutableBufferPointer { contentEnds in
        batch.pieceEnds.withUnsafeMutableBufferPointer { pieceEnds in
          context.withUTF8 { bytes in
            var from = batchStart
            for index in first..<end {
              let to = analysis.boundaries[index].offset
              let contentEnd = ByteScan.trailingSpaceStart(in: from..<to, of: bytes)
              contentEnds[index - first] = contentEnd
              LayoutContext.forEachPieceInOneRun(
                ofSegment: from..<to, contentEnd: contentEnd, level: level,
                hasLevels: hasLevels, paragraphLevel: paragraphLevel
              ) { piece, hanging in
                batch.pieces.append(
                  PieceToMeasure(
                    cut: LayoutContext.PieceCut(
                      range: piece, run: run, level: level, hanging: hanging, isTab: false)))
              }
              pieceEnds[index - first] = batch.pieces.count
              from = to
            }
          }
        }
      }
    } else {
      makePieces(of: analysis, first: first, end: end, context: context)
    }
    finishBatch(&analysis, first: first, end: end, context: context)
  }

  /// Cuts the pieces of the segments `first..<end` of a batch, segment by segment.
  private mutating func makePieces(
    of analysis: WindowAnalysis, first: Int, end: Int, context: LayoutContext
  ) {
    let levels = analysis.levelRuns
    let paragraphLevel = analysis.paragraphLevel
    context.withUTF8 { bytes in
      var from = analysis.segmentStart(at: first)
      for index in first..<end {
        let to = analysis.boundaries[index].offset
        let contentEnd = ByteScan.trailingSpaceStart(in: from..<to, of: bytes)
        batch.contentEnds[index - first] = contentEnd
        // No tab: a segment with one is measured alone.
        context.forEachPiece(
          ofSegment: from..<to, contentEnd: contentEnd, levels: levels,
          paragraphLevel: paragraphLevel, mayHoldTabs: false
        ) { cut in
          batch.pieces.append(PieceToMeasure(cut: cut))
        }
        batch.pieceEnds[index - first] = batch.pieces.count
        from = to
      }
    }
  }

  /// Measures the pieces of a batch and appends its segments to the window.
  private mutating func finishBatch(
    _ analysis: inout WindowAnalysis, first: Int, end: Int, context: LayoutContext
  ) {
    Self.measurePieces(&batch, context: context)
    Self.measurePairs(&batch, context: context, analysis: analysis, first: first, end: end)
    let start = analysis.segmentStart(at: first)
    batch.pieces.withUnsafeBufferPointer { pieces in
      batch.measures.withUnsafeBufferPointer { measures in
        batch.pieceEnds.withUnsafeBufferPointer { pieceEnds in
          batch.contentEnds.withUnsafeBufferPointer { contentEnds in
            batch.adjustments.withUnsafeBufferPointer { adjustments in
              analysis.boundaries.withUnsafeBufferPointer { boundaries in
                withUnsafeMutablePointer(to: &analysis.metrics) { table in
                  analysis.segments.append(
                    contentsOf: BatchSegments(
                      pieces: pieces, measures: measures, pieceEnds: pieceEnds,
                      contentEnds: contentEnds, adjustments: adjustments,
                      boundaries: boundaries, table: table, index: first, end: end,
                      first: first, start: start))
                }
              }
            }
          }
        }
      }
    }
  }

  // MARK: - Single segments

  /// Measures the text of `range` as a segment: a window's segment with a tab, or a part cut
  /// from another segment.
  ///
  /// - Parameters:
  ///   - levels: The level runs of the range (its window's, or its segment's pieces').
  ///   - paragraphLevel: The level of its paragraph.
  ///   - table: The table its vertical metrics go to.
  mutating func measureSegment(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun], isMandatory: Bool,
    paragraphLevel: UInt8, table: inout VerticalMetrics.Table
  ) -> Segment {
    let contentEnd = context.trailingSpaceStart(in: range)
    let hasTabs = context.containsTab(range)
    var batch = MeasureBatch()
    swap(&batch, &self.batch)
    defer { swap(&batch, &self.batch) }
    batch.removeAll()
    context.forEachPiece(
      ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel,
      mayHoldTabs: hasTabs
    ) { cut in
      batch.pieces.append(PieceToMeasure(cut: cut))
    }
    Self.measurePieces(&batch, context: context)
    var sums = Segment.Sums()
    for (piece, measure) in zip(batch.pieces, batch.measures) {
      sums.add(measure, hanging: piece.cut.hanging)
    }
    return Segment(
      range: range, contentEnd: contentEnd, isMandatory: isMandatory, hasTabs: hasTabs,
      sums: sums, table: &table)
  }

  /// The parts of a segment that holds tabs, in logical order, for ``TabbedSegment``: what
  /// its advance at a pen depends on.
  mutating func tabParts(
    of segment: Segment, levels: [BidiAnalysis.LevelRun], paragraphLevel: UInt8
  ) -> [TabbedSegment.Part] {
    var batch = MeasureBatch()
    swap(&batch, &self.batch)
    defer { swap(&batch, &self.batch) }
    batch.removeAll()
    context.forEachPiece(
      ofSegment: segment.range, contentEnd: segment.contentEnd, levels: levels,
      paragraphLevel: paragraphLevel
    ) { cut in
      batch.pieces.append(PieceToMeasure(cut: cut))
    }
    Self.measurePieces(&batch, context: context)
    return zip(batch.pieces, batch.measures).map { piece, measure in
      let cut = piece.cut
      let trailing: Double =
        switch cut.hanging {
        case .none: 0
        case .trailingSpaces: cut.isTab ? 0 : measure.hangingAdvance
        case .all: measure.advance
        }
      return TabbedSegment.Part(
        tabCount: cut.isTab ? cut.range.count : 0, advance: measure.advance,
        trailingAdvance: trailing, isTrailingWhitespace: cut.hanging == .all)
    }
  }

  /// A segment for a word too long to measure whole before it is placed, when its first
  /// stretch is already wider than a line: it can only be broken, and
  /// ``LineBreaker/breakWideSegment(_:filler:maker:)`` shapes it a stretch at a time, so that a
  /// layout with a line limit never shapes more of it than its lines show.
  ///
  /// Its advances are those of that first part (a lower bound, enough to know it does not fit
  /// anywhere), so only a layout that keeps nothing for another width makes one.
  ///
  /// - Returns: The segment; `nil` when the word's first stretch fits on a line (the word is
  ///   then measured as usual).
  mutating func wideSegment(
    _ range: Range<Int>, isMandatory: Bool, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8, table: inout VerticalMetrics.Table
  ) -> Segment? {
    let stretchEnd = context.graphemeEnd(
      from: range.lowerBound, reaching: Self.wideWordStretch, before: range.upperBound)
    guard stretchEnd < range.upperBound else { return nil }
    var partTable = VerticalMetrics.Table()
    let part = measureSegment(
      range.lowerBound..<stretchEnd, levels: levels, isMandatory: false,
      paragraphLevel: paragraphLevel, table: &partTable)
    guard part.contentAdvance > context.configuration.width + LayoutContext.epsilon else {
      return nil
    }
    let metrics = part.metrics.metrics(in: partTable, cutSegments: partTable)
    let sums = Segment.Sums(
      advance: part.contentAdvance, contentAdvance: part.contentAdvance,
      ascent: metrics.ascent, descent: metrics.descent, lineGap: metrics.lineGap)
    return Segment(
      range: range, contentEnd: context.trailingSpaceStart(in: range), isMandatory: isMandatory,
      hasTabs: false, sums: sums, table: &table)
  }

  // MARK: - Shaping pieces

  /// Shapes the pieces of a segment: their glyphs and clusters go to `storage`, the pieces to
  /// `pieces`, in logical order, as
  /// ``LayoutContext/forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:mayHoldTabs:_:)``
  /// cuts them, so that they are the pieces the segment's sums were measured from.
  mutating func shapePieces(
    ofSegment range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8, into storage: inout GlyphStorage, pieces: inout [ShapedPiece]
  ) {
    var cuts = Cuts()
    context.forEachPiece(
      ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel
    ) { cuts.append($0, contentEnd: contentEnd) }
    shape(cuts, into: &storage, pieces: &pieces)
  }

  /// Pieces cut from segments, with where each one's segment's trailing whitespace starts:
  /// what ``shape(_:into:pieces:)`` shapes.
  struct Cuts {
    var cuts: [LayoutContext.PieceCut] = []
    var contentEnds: [Int] = []

    mutating func append(_ cut: LayoutContext.PieceCut, contentEnd: Int) {
      cuts.append(cut)
      contentEnds.append(contentEnd)
    }

    /// Empties the buffers, keeping their memory.
    mutating func removeAll() {
      cuts.removeAll(keepingCapacity: true)
      contentEnds.removeAll(keepingCapacity: true)
    }
  }

  /// Shapes cut pieces into `storage` and appends them to `pieces`, in order: consecutive
  /// pieces with one style and one level in one shaper call.
  mutating func shape(
    _ cuts: Cuts, into storage: inout GlyphStorage, pieces: inout [ShapedPiece]
  ) {
    // The batch's two buffers serve as scratch: no batch is being measured meanwhile. Only
    // those two are taken (a whole empty batch made and destroyed for each line cost about
    // 230 instructions).
    var batch = (ranges: [Range<Int>](), stored: [StoredPiece]())
    swap(&batch.ranges, &self.batch.ranges)
    swap(&batch.stored, &self.batch.stored)
    defer {
      swap(&batch.ranges, &self.batch.ranges)
      swap(&batch.stored, &self.batch.stored)
    }
    batch.stored.removeAll(keepingCapacity: true)
    let cutList = cuts.cuts
    // Room for every piece of the line at once (a text laid out once starts with none).
    if batch.stored.capacity < cutList.count {
      batch.stored.reserveCapacity(max(cutList.count, 2 * SegmentMaker.batchSegments))
    }
    var stretch = 0
    while stretch < cutList.count {
      let cut = cutList[stretch]
      if cut.isTab {
        let font = context.shaper.metrics(for: context.shapingText.runs[cut.run].style)
        batch.stored.append(
          storage.appendEmptyClusters(
            count: cut.range.count, ascent: font.ascent, descent: font.descent,
            lineGap: font.lineGap))
        stretch += 1
        continue
      }
      var next = stretch
      batch.ranges.removeAll(keepingCapacity: true)
      while next < cutList.count && cutList[next].run == cut.run
        && cutList[next].level == cut.level && !cutList[next].isTab
      {
        batch.ranges.append(cutList[next].range)
        next += 1
      }
      context.shaper.store(
        batch.ranges, in: context.text.string, style: context.shapingText.runs[cut.run].style,
        isRightToLeft: cut.level & 1 == 1, into: &storage, stored: &batch.stored)
      stretch = next
    }
    for index in cutList.indices {
      let cut = cutList[index]
      let piece = batch.stored[index]
      var trailing = 0.0
      var pieceContentEnd = cut.range.upperBound
      switch cut.hanging {
      case .all:
        trailing = piece.advance
        pieceContentEnd = cut.range.lowerBound
      case .trailingSpaces where !cut.isTab:
        let end = cuts.contentEnds[index]
        for cluster in storage.clusters[piece.clusters]
        where cluster.range.lowerBound >= end - cut.range.lowerBound {
          trailing += cluster.advance
        }
        pieceContentEnd = end
      case .trailingSpaces:
        pieceContentEnd = cuts.contentEnds[index]
      case .none:
        break
      }
      pieces.append(
        ShapedPiece(
          range: cut.range, run: cut.run, level: cut.level,
          isTrailingWhitespace: cut.hanging == .all, isTab: cut.isTab, trailingAdvance: trailing,
          contentEnd: pieceContentEnd, stored: piece))
    }
  }
}
