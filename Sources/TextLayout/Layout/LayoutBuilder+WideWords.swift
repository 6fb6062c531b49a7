// MARK: - Words wider than a line

extension LayoutBuilder {
  /// How much of a long word is shaped at once, in UTF-8 bytes: more than a line holds at any
  /// ordinary size, so that a word is cut from a few shaped stretches, and little enough that a
  /// layout with a line limit shapes a bounded part of a word of any length.
  static var wideWordStretch: Int { 4096 }

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
    _ segment: Segment, filler: inout LineFiller, chunks: [[Piece]], current: [Piece],
    currentChunk: Int
  ) -> Segment? {
    let end = segment.range.upperBound
    var start = segment.range.lowerBound
    var stretch = Self.wideWordStretch
    if segment.range.count <= stretch {
      let shaped = shapeInScratch(segment, levels: filler.levels)
      let source: [Piece] =
        switch shaped.location {
        case .windowChunk(let chunk): chunk == currentChunk ? current : chunks[chunk]
        case .scratch, .unshaped: scratch
        }
      return breakWhole(shaped, source: source, filler: &filler)
    }
    while true {
      let stretchEnd = graphemeEnd(from: start, reaching: stretch, before: end)
      if stretchEnd == end {
        // The rest of the word: broken as a short word is, from its own clusters.
        let rest = makeScratchSegment(
          start..<end, levels: filler.levels, isMandatory: segment.isMandatory)
        return breakWhole(rest, source: scratch, filler: &filler)
      }
      let part = makeScratchSegment(start..<stretchEnd, levels: filler.levels, isMandatory: false)
      let graphemes = graphemeAdvances(of: part, source: scratch)
      // The stretch's pieces serve only to find where its lines end.
      scratch.removeLast(part.pieces.count)
      let before = start
      guard
        emitLines(
          of: graphemes, isWhole: false, from: &start, levels: filler.levels, filler: &filler)
      else { return nil }
      if start == before {
        // No line ended inside the stretch: a line longer than the stretch needs a longer one
        // (a single grapheme may already be longer than the stretch: reach past it).
        stretch = Self.doubled(max(stretch, stretchEnd - start))
      }
    }
  }

  /// Breaks a shaped segment wider than a line from its own clusters, all of it at once.
  ///
  /// - Parameter source: The arena that holds the segment's pieces.
  /// - Returns: What is left, which fits on a line (or is a single grapheme wider than one),
  ///   or `nil` when the line limit was reached.
  mutating func breakWhole(
    _ shaped: Segment, source: [Piece], filler: inout LineFiller
  ) -> Segment? {
    let end = shaped.range.upperBound
    var start = shaped.range.lowerBound
    let levels = levelRuns(of: shaped, in: source)
    var graphemes = graphemeAdvances(of: shaped, source: source)
    while true {
      guard
        emitLines(of: graphemes, isWhole: true, from: &start, levels: levels, filler: &filler)
      else { return nil }
      let rest = makeScratchSegment(start..<end, levels: levels, isMandatory: shaped.isMandatory)
      // What is left may be wider shaped alone than its graphemes were inside the word (a
      // joining script's forms at its new start): it is then broken again, on its own
      // clusters. One grapheme wider than the line stays whole with its spaces.
      if advances(of: rest, at: 0, in: scratch).content <= configuration.width + Self.epsilon {
        return rest
      }
      let restGraphemes = graphemeAdvances(of: rest, source: scratch)
      if emitsNothing(restGraphemes) { return rest }
      graphemes = restGraphemes
    }
  }

  /// Whether ``emitLines(of:isWhole:from:levels:filler:)`` would emit no line for a whole
  /// word's graphemes: they fit on a line together, or there is only one.
  func emitsNothing(_ graphemes: [(end: Int, advance: Double)]) -> Bool {
    graphemes.count <= 1
      || graphemes.reduce(0) { $0 + $1.advance } <= configuration.width + Self.epsilon
  }

  /// Emits the lines of a segment wider than a line from the advances of its graphemes:
  /// greedily, as many graphemes as fit on each line (at least one), each line shaped alone
  /// and given back a grapheme at a time while it is wider than the width
  /// (``shapedPart(from:graphemes:count:keeping:width:levels:)``).
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
    levels: [BidiAnalysis.LevelRun], filler: inout LineFiller
  ) -> Bool {
    let width = configuration.width
    // The graphemes whose advances are final: a stretch's last one is not.
    let known = isWhole ? graphemes.count : graphemes.count - 1
    var remaining = isWhole ? graphemes.reduce(0) { $0 + $1.advance } : .infinity
    var index = 0
    while index < known && remaining > width + Self.epsilon {
      let first = index
      var pen = graphemes[index].advance
      index += 1
      while index < known && pen + graphemes[index].advance <= width + Self.epsilon {
        pen += graphemes[index].advance
        index += 1
      }
      guard index < known else { break }
      let (shaped, kept) = shapedPart(
        from: start, graphemes: graphemes, count: index, keeping: first + 1, width: width,
        levels: levels)
      // A line keeps at least its first grapheme.
      guard let line = shaped else { break }
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

  /// The end of the first grapheme that ends at least `length` bytes after `start`, or `end`
  /// when none does before it.
  func graphemeEnd(from start: Int, reaching length: Int, before end: Int) -> Int {
    var offset = start
    for character in text.slice(start..<end) {
      offset += character.utf8.count
      if offset - start >= length { break }
    }
    return offset
  }

  /// A segment for a word too long to shape whole before it is placed, when the part of it
  /// shaped first is already wider than a line: it can only be broken, and
  /// ``breakWideSegment(_:filler:chunks:current:currentChunk:)`` shapes it a stretch at a
  /// time, so that a layout with a line limit never shapes more of it than its lines show.
  ///
  /// Its advances are those of that first part (a lower bound, enough to know it does not fit
  /// anywhere), so only a layout that keeps nothing for another width makes one.
  ///
  /// - Returns: The segment, unshaped; `nil` when the word is not that long or its first part
  ///   fits on a line (the word is then made as usual).
  mutating func makeWideSegment(
    _ range: Range<Int>, isMandatory: Bool, levels: [BidiAnalysis.LevelRun],
    table: inout [VerticalMetrics]
  ) -> Segment? {
    guard prepared == nil, range.count > Self.wideWordStretch else { return nil }
    let stretchEnd = graphemeEnd(
      from: range.lowerBound, reaching: Self.wideWordStretch, before: range.upperBound)
    guard stretchEnd < range.upperBound else { return nil }
    let part = makeScratchSegment(
      range.lowerBound..<stretchEnd, levels: levels, isMandatory: false)
    scratch.removeLast(part.pieces.count)
    guard part.contentAdvance > configuration.width + Self.epsilon else { return nil }
    let metrics = scratchMetrics[Int(part.metrics)]
    let sums = Segment.Sums(
      advance: part.contentAdvance, contentAdvance: part.contentAdvance,
      ascent: metrics.ascent, descent: metrics.descent, lineGap: metrics.lineGap)
    return Segment(
      range: range, contentEnd: trailingSpaceStart(in: range), isMandatory: isMandatory,
      sums: sums, table: &table)
  }
}
