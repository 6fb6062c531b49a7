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
    let width = configuration.width
    let end = segment.range.upperBound
    var start = segment.range.lowerBound
    var stretch = Self.wideWordStretch
    if segment.range.count <= stretch {
      let segment = shapeInScratch(segment, levels: filler.levels)
      let source: [Piece] =
        switch segment.location {
        case .windowChunk(let chunk): chunk == currentChunk ? current : chunks[chunk]
        case .scratch, .unshaped: scratch
        }
      let cuts = lineCuts(of: segment, width: width, source: source, isWhole: true)
      // One grapheme wider than the line is all there is: it stays whole with its spaces.
      guard !cuts.isEmpty else { return segment }
      let levels = levelRuns(of: segment, in: source)
      guard emitLines(from: &start, at: cuts, levels: levels, filler: &filler) else { return nil }
      return makeScratchSegment(start..<end, levels: levels, isMandatory: segment.isMandatory)
    }
    while true {
      let stretchEnd = graphemeEnd(from: start, reaching: stretch, before: end)
      let isLast = stretchEnd == end
      let part = makeScratchSegment(
        start..<stretchEnd, levels: filler.levels,
        isMandatory: isLast ? segment.isMandatory : false)
      if isLast && part.contentAdvance <= width + Self.epsilon { return part }
      let cuts = lineCuts(of: part, width: width, source: scratch, isWhole: isLast)
      // The stretch's pieces served only to find the cuts.
      scratch.removeLast(part.pieces.count)
      if cuts.isEmpty {
        // A last stretch of one grapheme stays whole; a line longer than the stretch needs
        // a longer one.
        if isLast {
          return makeScratchSegment(
            start..<end, levels: filler.levels, isMandatory: segment.isMandatory)
        }
        // (a single grapheme may already be longer than the stretch: reach past it).
        stretch = Self.doubled(max(stretch, stretchEnd - start))
        continue
      }
      guard emitLines(from: &start, at: cuts, levels: filler.levels, filler: &filler) else {
        return nil
      }
      if isLast {
        return makeScratchSegment(
          start..<end, levels: filler.levels, isMandatory: segment.isMandatory)
      }
    }
  }

  /// Emits a line for each cut of a wide segment, from `start`, which moves to the last cut.
  ///
  /// - Returns: `false` when the line limit was reached.
  mutating func emitLines(
    from start: inout Int, at cuts: [Int], levels: [BidiAnalysis.LevelRun],
    filler: inout LineFiller
  ) -> Bool {
    for cut in cuts {
      lineSegments.append(makeScratchSegment(start..<cut, levels: levels, isMandatory: false))
      emit(&filler, end: cut, endsParagraph: false)
      if drafts.count >= limit { return false }
      start = cut
    }
    return true
  }

  /// Where the lines of a segment wider than a line end: greedily, as many graphemes as fit on
  /// each line (at least one).
  ///
  /// - Parameter isWhole: Whether the segment is a whole word. Its cuts then stop when what is
  ///   left of its content fits on a line. Otherwise it is a stretch of a longer word, and only
  ///   the lines that end before its last grapheme are cut: that grapheme was shaped without
  ///   the text after it, and the line it is on goes on in the next stretch.
  /// - Returns: The UTF-8 offsets of the cuts, in order; none when the segment's first grapheme
  ///   is all its content (or, for a stretch, when no line ends inside it).
  func lineCuts(of segment: Segment, width: Double, source: [Piece], isWhole: Bool) -> [Int] {
    let graphemes = graphemeAdvances(of: segment, source: source)
    // The graphemes whose advances are final: a stretch's last one is not.
    let known = isWhole ? graphemes.count : graphemes.count - 1
    var remaining = isWhole ? graphemes.reduce(0) { $0 + $1.advance } : .infinity
    var cuts: [Int] = []
    var index = 0
    while index < known && remaining > width + Self.epsilon {
      var pen = graphemes[index].advance
      index += 1
      while index < known && pen + graphemes[index].advance <= width + Self.epsilon {
        pen += graphemes[index].advance
        index += 1
      }
      guard index < known else { break }
      cuts.append(graphemes[index - 1].end)
      remaining -= pen
      if drafts.count + cuts.count >= limit { break }
    }
    return cuts
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
