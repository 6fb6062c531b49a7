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

  /// The most segments one batch measures, and how far past the first one's start (in UTF-8
  /// bytes) the batch may reach: the shaper's set-up is shared by the batch, and what is
  /// measured past the last line stays small.
  static let batchSegments = 16
  static let batchBytes = 64
  /// How far a batch reaches for a prepared text even when the lines left seem to hold less:
  /// one shaper call costs about as much as measuring a few pieces, and the pieces past the
  /// last line are what a wider layout (a rotation) needs next. Measured on the list
  /// benchmark: 32 bytes against 16, the first pass 1% more work and a re-layout 4% less; 48
  /// against 32, the first pass 1% more instructions (no change in time) and a re-layout 3%
  /// less (3% less time). A text laid out once keeps nothing, and reaches no further than its
  /// lines.
  static let batchFloor = 48
  /// How much of a long word is measured or shaped at once, in UTF-8 bytes: more than a line
  /// holds at any ordinary size, so that a word is cut from a few shaped stretches, and little
  /// enough that a layout with a line limit shapes a bounded part of a word of any length.
  static var wideWordStretch: Int { 4096 }

  init(context: LayoutContext) {
    self.context = context
  }

  /// Makes the segments of another text, with the same buffers.
  mutating func restart(with context: LayoutContext) {
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
    /// Each segment's kerning with the next (``Segment/pairAdjustment``).
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

    /// Empties the buffers, keeping their memory; the first time, makes room for a batch.
    mutating func removeAll() {
      if pieces.capacity == 0 {
        pieces.reserveCapacity(2 * SegmentMaker.batchSegments)
        measures.reserveCapacity(2 * SegmentMaker.batchSegments)
        ranges.reserveCapacity(2 * SegmentMaker.batchSegments)
      }
      pieces.removeAll(keepingCapacity: true)
      measures.removeAll(keepingCapacity: true)
      ranges.removeAll(keepingCapacity: true)
      adjustments.removeAll(keepingCapacity: true)
      pairs.removeAll(keepingCapacity: true)
    }

    /// Makes ``pieceEnds`` and ``contentEnds`` hold a place for each segment of a batch.
    mutating func sizeSegmentBuffers() {
      if pieceEnds.count < SegmentMaker.batchSegments {
        pieceEnds = Array(repeating: 0, count: SegmentMaker.batchSegments)
        contentEnds = Array(repeating: 0, count: SegmentMaker.batchSegments)
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
  ///     besides ``batchBytes``: about what the remaining lines can hold, so that a batch
  ///     measures little that is never shown (a word measured for nothing costs a cache miss).
  ///   - floor: How far the batch reaches at least (``batchFloor`` for a prepared text).
  ///   - allowsWide: Whether a long word may be measured by its first stretch only: a text
  ///     prepared for other layouts keeps its segments, which must be whole.
  mutating func makeNextSegments(
    _ analysis: inout WindowAnalysis, budget: Int, floor: Int, allowsWide: Bool
  ) {
    let index = analysis.segments.count
    let from = analysis.segmentStart(at: index)
    let boundary = analysis.boundaries[index]
    let range = from..<boundary.offset
    let hasTab = analysis.hasTabs && context.containsTab(range)
    if allowsWide, range.count > Self.wideWordStretch, !hasTab,
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
      measureBatch(&analysis, budget: budget, floor: floor)
    }
  }

  /// Measures the window's next segments (at least one, and a batch of those that follow
  /// without a tab) in one shaper call for each stretch of pieces with one font and level.
  private mutating func measureBatch(_ analysis: inout WindowAnalysis, budget: Int, floor: Int) {
    let first = analysis.segments.count
    let batchStart = analysis.segmentStart(at: first)
    let reach = min(Self.batchBytes, max(budget, floor))
    var end = first + 1
    // A segment with a tab ends the batch: it is measured alone.
    while end < analysis.boundaries.count && end - first < Self.batchSegments
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
    var piece = 0
    for index in first..<end {
      var sums = Segment.Sums()
      while piece < batch.pieceEnds[index - first] {
        sums.add(batch.measures[piece], hanging: batch.pieces[piece].cut.hanging)
        piece += 1
      }
      analysis.segments.append(
        Segment(
          range: analysis.segmentStart(at: index)..<analysis.boundaries[index].offset,
          contentEnd: batch.contentEnds[index - first],
          isMandatory: analysis.boundaries[index].isMandatory, hasTabs: false, sums: sums,
          pairAdjustment: batch.adjustments[index - first], table: &analysis.metrics))
    }
  }

  // MARK: - Kerning across segments

  /// Measures the kerning between each segment of a batch and the next one
  /// (``Segment/pairAdjustment``) into the batch's adjustments, one for each segment.
  ///
  /// Pango, like any engine that shapes a run whole and breaks it after, kerns the characters
  /// on both sides of a break opportunity that no space separates: in Japanese, where every
  /// character is a segment, Noto Sans CJK JP kerns kana pairs by up to a tenth of an em. A
  /// segment is measured alone (so that its measure is cached for every text it occurs in),
  /// and the pair is measured as its two characters shaped together, less each alone, from the
  /// same cache: for the characters of a pair that the face does not kern, that is 0.
  ///
  /// A pair is measured only when nothing could come between its characters: the segment has
  /// no trailing whitespace and no mandatory break, and the two pieces around the boundary
  /// have one style, one left-to-right level and no tab. Latin text, whose segments end in
  /// spaces, measures none.
  private static func measurePairs(
    _ batch: inout MeasureBatch, context: LayoutContext, analysis: WindowAnalysis, first: Int,
    end: Int
  ) {
    batch.adjustments.append(contentsOf: repeatElement(0, count: end - first))
    batch.ranges.removeAll(keepingCapacity: true)
    let shaper = context.shaper
    var pieceStart = 0
    for index in first..<end {
      let pieceEnd = batch.pieceEnds[index - first]
      defer { pieceStart = pieceEnd }
      let segmentEnd = analysis.boundaries[index].offset
      guard pieceEnd > pieceStart, batch.contentEnds[index - first] == segmentEnd,
        !analysis.boundaries[index].isMandatory
      else { continue }
      let last = batch.pieces[pieceEnd - 1].cut
      guard !last.isTab, last.level & 1 == 0, last.hanging == .none,
        batch.measures[pieceEnd - 1].mayKernWithNext
      else { continue }
      let next: LayoutContext.PieceCut?
      if index + 1 < end {
        next = pieceEnd < batch.pieces.count ? batch.pieces[pieceEnd].cut : nil
      } else if index + 1 < analysis.boundaries.count {
        next = firstPiece(
          ofSegment: segmentEnd..<analysis.boundaries[index + 1].offset, analysis: analysis,
          context: context)
      } else {
        next = nil
      }
      guard let next, !next.isTab, next.run == last.run, next.level == last.level,
        next.hanging != .all, next.range.lowerBound == segmentEnd
      else { continue }
      // The shaper may know the pair's kerning from the two pieces' edge glyphs. The next
      // batch's first piece is measured alone for it: one cache probe, and that batch finds it
      // cached.
      let nextMeasure =
        index + 1 < end
        ? batch.measures[pieceEnd] : measureAlone(next, scratch: &batch, context: context)
      if let adjustment = shaper.pairAdjustment(batch.measures[pieceEnd - 1], nextMeasure) {
        if abs(adjustment) > Self.pairTolerance { batch.adjustments[index - first] = adjustment }
        continue
      }
      guard let pair = pairRanges(before: last.range, after: next.range, context: context)
      else { continue }
      let firstRange = batch.ranges.count
      if index + 1 < end && pair.before == last.range && pair.after == next.range {
        // Both characters are pieces of the batch, measured already.
        let alone = batch.measures[pieceEnd - 1].advance + batch.measures[pieceEnd].advance
        batch.pairs.append((index - first, last.run, last.level, alone, firstRange))
      } else {
        batch.pairs.append((index - first, last.run, last.level, .nan, firstRange))
        batch.ranges.append(pair.before)
        batch.ranges.append(pair.after)
      }
      batch.ranges.append(pair.before.lowerBound..<pair.after.upperBound)
    }
    guard !batch.pairs.isEmpty else { return }
    // One shaper call for each stretch of pairs with one font and level.
    var stretch = 0
    while stretch < batch.pairs.count {
      let (_, run, level, _, rangeStart) = batch.pairs[stretch]
      var next = stretch
      while next < batch.pairs.count && context.shapeAlike(batch.pairs[next].run, run)
        && batch.pairs[next].level == level
      {
        next += 1
      }
      let rangeEnd = next < batch.pairs.count ? batch.pairs[next].firstRange : batch.ranges.count
      batch.pairRanges.removeAll(keepingCapacity: true)
      batch.pairRanges.append(contentsOf: batch.ranges[rangeStart..<rangeEnd])
      batch.pairMeasures.removeAll(keepingCapacity: true)
      context.shaper.measure(
        batch.pairRanges, in: context.text.string, style: context.shapingText.runs[run].style,
        isRightToLeft: false, into: &batch.pairMeasures)
      let measures = batch.pairMeasures
      for pair in stretch..<next {
        var base = batch.pairs[pair].firstRange - rangeStart
        var alone = batch.pairs[pair].alone
        if alone.isNaN {
          alone = measures[base].advance + measures[base + 1].advance
          base += 2
        }
        let adjustment = measures[base].advance - alone
        // What is left of a pair the face does not kern is rounding.
        if abs(adjustment) > Self.pairTolerance {
          batch.adjustments[batch.pairs[pair].segment] = adjustment
        }
      }
      stretch = next
    }
  }

  /// The smallest kerning kept, in points: less than any font unit at any size in use, more
  /// than the rounding of three sums of advances.
  static let pairTolerance = 1e-9

  /// Measures one piece, as the batch that holds it will, in the buffers of the batch's pairs
  /// (which hold nothing until the pairs are measured).
  private static func measureAlone(
    _ cut: LayoutContext.PieceCut, scratch batch: inout MeasureBatch, context: LayoutContext
  ) -> ShapedMeasure {
    batch.pairRanges.removeAll(keepingCapacity: true)
    batch.pairRanges.append(cut.range)
    batch.pairMeasures.removeAll(keepingCapacity: true)
    context.shaper.measure(
      batch.pairRanges, in: context.text.string, style: context.shapingText.runs[cut.run].style,
      isRightToLeft: cut.level & 1 == 1, into: &batch.pairMeasures)
    return batch.pairMeasures[0]
  }

  /// The first piece of a segment the batch does not hold.
  private static func firstPiece(
    ofSegment range: Range<Int>, analysis: WindowAnalysis, context: LayoutContext
  ) -> LayoutContext.PieceCut? {
    var first: LayoutContext.PieceCut?
    context.forEachPiece(
      ofSegment: range, contentEnd: context.trailingSpaceStart(in: range),
      levels: analysis.levelRuns, paragraphLevel: analysis.paragraphLevel
    ) { cut in
      if first == nil { first = cut }
    }
    return first
  }

  /// The last grapheme of the piece `before` and the first of the piece `after` it, which a
  /// boundary between segments separates.
  private static func pairRanges(
    before: Range<Int>, after: Range<Int>, context: LayoutContext
  ) -> (before: Range<Int>, after: Range<Int>)? {
    guard !before.isEmpty, !after.isEmpty, let last = context.text.slice(before).last,
      let first = context.text.slice(after).first
    else { return nil }
    let start = max(before.lowerBound, before.upperBound - last.utf8.count)
    let end = min(after.upperBound, after.lowerBound + first.utf8.count)
    return (start..<before.upperBound, after.lowerBound..<end)
  }

  /// Measures the batch's pieces into its measures, in order: one shaper call for each
  /// stretch of pieces with one font (``LayoutContext/shapeAlike(_:_:)``) and one level; a
  /// run of tabs gets its style's font metrics and no advance.
  private static func measurePieces(_ batch: inout MeasureBatch, context: LayoutContext) {
    let pieces = batch.pieces
    var stretch = 0
    while stretch < pieces.count {
      let cut = pieces[stretch].cut
      if cut.isTab {
        let font = context.shaper.metrics(for: context.shapingText.runs[cut.run].style)
        batch.measures.append(
          ShapedMeasure(
            advance: 0, hangingAdvance: 0, ascent: font.ascent, descent: font.descent,
            lineGap: font.lineGap))
        stretch += 1
        continue
      }
      var next = stretch
      batch.ranges.removeAll(keepingCapacity: true)
      while next < pieces.count && context.shapeAlike(pieces[next].cut.run, cut.run)
        && pieces[next].cut.level == cut.level && !pieces[next].cut.isTab
      {
        batch.ranges.append(pieces[next].cut.range)
        next += 1
      }
      context.shaper.measure(
        batch.ranges, in: context.text.string, style: context.shapingText.runs[cut.run].style,
        isRightToLeft: cut.level & 1 == 1, into: &batch.measures)
      stretch = next
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
    // The batch's buffers serve as scratch: no batch is being measured meanwhile.
    var batch = MeasureBatch()
    swap(&batch, &self.batch)
    defer { swap(&batch, &self.batch) }
    batch.stored.removeAll(keepingCapacity: true)
    let cutList = cuts.cuts
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
