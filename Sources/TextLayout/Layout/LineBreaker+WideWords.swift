// MARK: - Words wider than a line

extension LineBreaker {
  /// The text of a segment shaped to break it: its range and content end, and its pieces,
  /// whose glyphs are in ``LineBreaker/scratch``.
  struct ShapedSegment {
    var range: Range<Int>
    var contentEnd: Int
    var isMandatory: Bool
    var hasTabs: Bool
    var pieces: [ShapedPiece]
  }

  /// Shapes a range of the line being filled (or of a segment's pieces' levels) into the
  /// scratch storage, emptied first.
  mutating func shapeInScratch(
    _ range: Range<Int>, isMandatory: Bool, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8, maker: inout SegmentMaker
  ) -> ShapedSegment {
    scratch.removeAll()
    var pieces: [ShapedPiece] = []
    let contentEnd = context.trailingSpaceStart(in: range)
    maker.shapePieces(
      ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel,
      into: &scratch, pieces: &pieces)
    return ShapedSegment(
      range: range, contentEnd: contentEnd, isMandatory: isMandatory,
      hasTabs: context.containsTab(range), pieces: pieces)
  }

  /// Breaks a segment wider than a line at grapheme boundaries: emits every line it fills,
  /// each as many graphemes as fit (at least one).
  ///
  /// A short segment is cut from its own clusters, all cuts at once. A long one is shaped a
  /// stretch at a time, and each stretch gives the lines that end inside it: cutting one line
  /// at a time and shaping the rest again made a long word quadratic in its length, and shaping
  /// all of it first made a layout with a line limit pay for the whole word.
  ///
  /// - Returns: What is left of the segment, which fits on a line (or is its single grapheme
  ///   wider than one), or `nil` when the line limit was reached.
  mutating func breakWideSegment(
    _ segment: Segment, filler: inout LineFiller, maker: inout SegmentMaker
  ) -> Segment? {
    let end = segment.range.upperBound
    var start = segment.range.lowerBound
    var stretch = SegmentMaker.wideWordStretch
    if segment.range.count <= stretch {
      let shaped = shapeInScratch(
        segment.range, isMandatory: segment.isMandatory, levels: filler.levels,
        paragraphLevel: filler.paragraphLevel, maker: &maker)
      return breakWhole(shaped, filler: &filler, maker: &maker)
    }
    while true {
      let stretchEnd = context.graphemeEnd(from: start, reaching: stretch, before: end)
      if stretchEnd == end {
        // The rest of the word: broken as a short word is, from its own clusters.
        let rest = shapeInScratch(
          start..<end, isMandatory: segment.isMandatory, levels: filler.levels,
          paragraphLevel: filler.paragraphLevel, maker: &maker)
        return breakWhole(rest, filler: &filler, maker: &maker)
      }
      // The stretch's pieces serve only to find where its lines end.
      let part = shapeInScratch(
        start..<stretchEnd, isMandatory: false, levels: filler.levels,
        paragraphLevel: filler.paragraphLevel, maker: &maker)
      let graphemes = graphemeAdvances(of: part)
      scratch.removeAll()
      let before = start
      guard
        emitLines(
          of: graphemes, isWhole: false, from: &start, levels: filler.levels, filler: &filler,
          maker: &maker)
      else { return nil }
      if start == before {
        // No line ended inside the stretch: a line longer than the stretch needs a longer one
        // (a single grapheme may already be longer than the stretch: reach past it).
        stretch = LayoutPass.doubled(max(stretch, stretchEnd - start))
      }
    }
  }

  /// Breaks a shaped segment wider than a line from its own clusters, all of it at once.
  ///
  /// - Returns: What is left, which fits on a line (or is a single grapheme wider than one),
  ///   or `nil` when the line limit was reached.
  mutating func breakWhole(
    _ shaped: ShapedSegment, filler: inout LineFiller, maker: inout SegmentMaker
  ) -> Segment? {
    let end = shaped.range.upperBound
    var start = shaped.range.lowerBound
    let levels = shaped.pieces.map { BidiAnalysis.LevelRun(range: $0.range, level: $0.level) }
    var graphemes = graphemeAdvances(of: shaped)
    scratch.removeAll()
    while true {
      guard
        emitLines(
          of: graphemes, isWhole: true, from: &start, levels: levels, filler: &filler,
          maker: &maker)
      else { return nil }
      let rest = maker.measureSegment(
        start..<end, levels: levels, isMandatory: shaped.isMandatory,
        paragraphLevel: filler.paragraphLevel, table: &cutMetrics)
      // What is left may be wider shaped alone than its graphemes were inside the word (a
      // joining script's forms at its new start): it is then broken again, on its own
      // clusters. One grapheme wider than the line stays whole with its spaces.
      let content = TabbedSegment.advances(
        of: rest, at: 0, levels: levels, paragraphLevel: filler.paragraphLevel, maker: &maker
      ).content
      if content <= width + LayoutContext.epsilon {
        return rest
      }
      // Shaped first, in its own statement: as an argument, it would fill the scratch storage
      // after the call had read it.
      let shapedRest = shapeInScratch(
        rest.range, isMandatory: rest.isMandatory, levels: levels,
        paragraphLevel: filler.paragraphLevel, maker: &maker)
      let restGraphemes = graphemeAdvances(of: shapedRest)
      scratch.removeAll()
      if emitsNothing(restGraphemes) { return rest }
      graphemes = restGraphemes
    }
  }

  /// Whether ``emitLines(of:isWhole:from:levels:filler:maker:)`` would emit no line for a
  /// whole word's graphemes: they fit on a line together, or there is only one.
  func emitsNothing(_ graphemes: [(end: Int, advance: Double)]) -> Bool {
    graphemes.count <= 1
      || graphemes.reduce(0) { $0 + $1.advance } <= width + LayoutContext.epsilon
  }

  /// Emits the lines of a segment wider than a line from the advances of its graphemes:
  /// greedily, as many graphemes as fit on each line (at least one), each line measured alone
  /// and given back a grapheme at a time while it is wider than the width
  /// (``measuredPart(from:graphemes:count:keeping:width:levels:paragraphLevel:maker:)``).
  ///
  /// - Parameters:
  ///   - graphemes: The graphemes from `start` on, with the offset where each ends.
  ///   - isWhole: Whether they run to the segment's end. Lines then stop when what is left of
  ///     the content fits on a line. Otherwise they are a stretch of a longer word, and only
  ///     the lines that end before its last grapheme are emitted: that grapheme was shaped
  ///     without the text after it, and the line it is on goes on in the next stretch.
  ///   - start: Where the first line starts; moved to the end of the last line emitted.
  /// - Returns: `false` when the line limit was reached.
  mutating func emitLines(
    of graphemes: [(end: Int, advance: Double)], isWhole: Bool, from start: inout Int,
    levels: [BidiAnalysis.LevelRun], filler: inout LineFiller, maker: inout SegmentMaker
  ) -> Bool {
    let width = self.width
    // The graphemes whose advances are final: a stretch's last one is not.
    let known = isWhole ? graphemes.count : graphemes.count - 1
    var remaining = isWhole ? graphemes.reduce(0) { $0 + $1.advance } : .infinity
    var index = 0
    while index < known && remaining > width + LayoutContext.epsilon {
      let first = index
      var pen = graphemes[index].advance
      index += 1
      while index < known && pen + graphemes[index].advance <= width + LayoutContext.epsilon {
        pen += graphemes[index].advance
        index += 1
      }
      guard index < known else { break }
      let (measured, kept) = measuredPart(
        from: start, graphemes: graphemes, count: index, keeping: first + 1, width: width,
        levels: levels, paragraphLevel: filler.paragraphLevel, maker: &maker)
      // A line keeps at least its first grapheme.
      guard let line = measured else { break }
      for grapheme in graphemes[kept..<index].reversed() { pen -= grapheme.advance }
      index = kept
      lineSegments.append(line)
      emit(&filler, end: line.range.upperBound, endsParagraph: false)
      if drafts.count >= limit { return false }
      start = line.range.upperBound
      remaining -= pen
    }
    return true
  }

  /// The part from `start` through the first `count` of `graphemes`, measured alone, giving
  /// back a grapheme at a time while it is wider than `width` but keeping at least `minimum`:
  /// a part can be wider alone than its graphemes were inside their word (a joining script's
  /// letter takes its final form at the cut).
  ///
  /// - Parameter graphemes: Graphemes from `start` on, with the offset where each ends.
  /// - Returns: The part (its metrics in ``cutMetrics``), `nil` when no grapheme is kept, and
  ///   how many graphemes it holds.
  mutating func measuredPart(
    from start: Int, graphemes: [(end: Int, advance: Double)], count: Int, keeping minimum: Int,
    width: Double, levels: [BidiAnalysis.LevelRun], paragraphLevel: UInt8,
    maker: inout SegmentMaker
  ) -> (part: Segment?, count: Int) {
    var count = count
    while count > 0 {
      let part = maker.measureSegment(
        start..<graphemes[count - 1].end, levels: levels, isMandatory: false,
        paragraphLevel: paragraphLevel, table: &cutMetrics)
      let content = TabbedSegment.advances(
        of: part, at: 0, levels: levels, paragraphLevel: paragraphLevel, maker: &maker
      ).content
      if content <= width + LayoutContext.epsilon || count <= minimum { return (part, count) }
      count -= 1
    }
    return (nil, 0)
  }

  /// The advance of each grapheme of a shaped segment's content, with the offset where it
  /// ends, in logical order: the advances of the clusters of its shaped pieces that start
  /// inside it (whose glyphs are in ``scratch``).
  func graphemeAdvances(of segment: ShapedSegment) -> [(end: Int, advance: Double)] {
    // Cluster advances by absolute start offset, in logical order.
    var clusters: [(offset: Int, advance: Double)] = []
    for piece in segment.pieces where !piece.isTrailingWhitespace {
      for cluster in scratch.clusters[piece.stored.clusters] {
        clusters.append((cluster.range.lowerBound + piece.range.lowerBound, cluster.advance))
      }
    }
    clusters.sort { $0.offset < $1.offset }
    var graphemes: [(end: Int, advance: Double)] = []
    var clusterIndex = 0
    var offset = segment.range.lowerBound
    for character in context.text.slice(segment.range.lowerBound..<segment.contentEnd) {
      let end = offset + character.utf8.count
      var advance = 0.0
      while clusterIndex < clusters.count && clusters[clusterIndex].offset < end {
        advance += clusters[clusterIndex].advance
        clusterIndex += 1
      }
      graphemes.append((end, advance))
      offset = end
    }
    if segment.hasTabs {
      TabbedSegment.placeTabs(in: &graphemes, from: segment.range.lowerBound, context: context)
    }
    return graphemes
  }
}
