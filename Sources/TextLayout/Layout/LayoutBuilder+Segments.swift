// MARK: - Segments: the text between two break opportunities, shaped

extension LayoutBuilder {
  /// Shapes the text of `range` as a segment, cut at style and level changes, in the pieces
  /// ``forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:_:)`` gives.
  ///
  /// - Parameter paragraphLevel: The level of the segment's paragraph; `nil` for the one being
  ///   laid out.
  func makeSegment(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun], isMandatory: Bool,
    into pieces: inout [Piece], location: Segment.PieceLocation, table: inout [VerticalMetrics],
    paragraphLevel: UInt8? = nil
  ) -> Segment {
    let contentEnd = trailingSpaceStart(in: range)
    let first = pieces.count
    // Searched once here: pieces of a segment without a tab are never runs of tabs.
    let holdsTabs = containsTab(range)
    forEachPiece(
      ofSegment: range, contentEnd: contentEnd, levels: levels,
      paragraphLevel: paragraphLevel ?? self.paragraphLevel, mayHoldTabs: holdsTabs
    ) { piece, run, level, hanging in
      let isTab = holdsTabs && isTabRun(piece)
      let shaped =
        isTab
        ? shapedTabs(count: piece.count, style: shapingText.runs[run].style)
        : shaper.shape(
          text.slice(piece), style: shapingText.runs[run].style, isRightToLeft: level & 1 == 1)
      var made = Piece(
        range: piece, style: run, level: level, shaped: shaped, advance: shaped.advance,
        isTrailingWhitespace: hanging == .all, role: .text)
      made.isTab = isTab
      if hanging == .trailingSpaces {
        made.trailingAdvance = shaped.advance(ofClustersFrom: contentEnd - piece.lowerBound)
        made.contentEnd = contentEnd
      }
      pieces.append(made)
    }
    return Segment(
      range: range, pieces: first..<pieces.count, in: pieces, location: location,
      contentEnd: contentEnd, isMandatory: isMandatory, table: &table)
  }

  /// The segment with its pieces, shaped into the scratch arena when it was only measured.
  mutating func shapeInScratch(
    _ segment: Segment, levels: [BidiAnalysis.LevelRun]
  ) -> Segment {
    guard segment.location == .unshaped else { return segment }
    return makeScratchSegment(segment.range, levels: levels, isMandatory: segment.isMandatory)
  }

  /// Shapes the text of `range` as a segment whose pieces go to the scratch arena: a segment
  /// cut from another, or one a measurement kept without pieces.
  mutating func makeScratchSegment(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun], isMandatory: Bool
  ) -> Segment {
    // Moved out while appending, so that makeSegment can read the builder.
    var parts = scratch
    var table = scratchMetrics
    scratch = []
    scratchMetrics = []
    defer {
      scratch = parts
      scratchMetrics = table
    }
    return makeSegment(
      range, levels: levels, isMandatory: isMandatory, into: &parts, location: .scratch,
      table: &table)
  }

  /// What of a piece's advance hangs at a line end.
  enum Hanging {
    /// Nothing: a piece of a word.
    case none
    /// The whitespace it ends with: the last piece of a word shaped with its spaces.
    case trailingSpaces
    /// All of it: a piece of the whitespace shaped apart.
    case all
  }

  /// Calls `body` with each piece of the segment at `range`, in logical order, and what of it
  /// hangs at a line end: the makeup of a segment, which shaping
  /// (``makeSegment(_:levels:isMandatory:into:location:table:paragraphLevel:)``) and measuring
  /// (``measureSegments(_:budget:batch:)``) share, so that their sums agree to the last bit.
  ///
  /// The segment's trailing whitespace hangs at a line end. It is shaped together with the word
  /// before it when both have one style and the paragraph's level (one shaping call instead of
  /// two, and the space sits where rule L1 would put it anyway); otherwise it is shaped apart,
  /// so that rule L1 can move it to the paragraph level.
  ///
  /// - Parameters:
  ///   - range: The segment's range.
  ///   - contentEnd: Where its trailing whitespace starts.
  ///   - levels: The window's level runs.
  ///   - paragraphLevel: The level of the segment's paragraph.
  ///
  /// Tabs are cut out into pieces of their own (runs of tabs), which are never shaped: see
  /// ``shapedTabs(count:style:)``.
  ///
  /// - Parameter mayHoldTabs: `false` when the caller knows the segment holds no tab, which
  ///   saves the search.
  func forEachPiece(
    ofSegment range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8, mayHoldTabs: Bool = true,
    _ body: (_ piece: Range<Int>, _ run: Int, _ level: UInt8, _ hanging: Hanging) -> Void
  ) {
    guard mayHoldTabs && containsTab(range) else {
      forEachUntabbedPiece(
        ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel,
        body)
      return
    }
    forEachUntabbedPiece(
      ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel
    ) { piece, run, level, _ in
      forEachTabPart(of: piece) { part in
        let hanging: Hanging =
          part.lowerBound >= contentEnd
          ? .all : part.upperBound <= contentEnd ? .none : .trailingSpaces
        body(part, run, level, hanging)
      }
    }
  }

  /// ``forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:_:)`` before tabs are cut out.
  private func forEachUntabbedPiece(
    ofSegment range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8,
    _ body: (_ piece: Range<Int>, _ run: Int, _ level: UInt8, _ hanging: Hanging) -> Void
  ) {
    // Most segments lie in one style run and one level run: the cuts below are then only where
    // the content ends, with no run to look up.
    if text.runs.count == 1
      && (levels.isEmpty
        || levels.count == 1 && levels[0].range.lowerBound <= range.lowerBound
          && levels[0].range.upperBound >= range.upperBound)
    {
      let level = levels.first?.level ?? 0
      let isInside = contentEnd > range.lowerBound && contentEnd < range.upperBound
      if isInside && level == paragraphLevel && (!levels.isEmpty || paragraphLevel == 0) {
        body(range, 0, level, .trailingSpaces)
      } else {
        if contentEnd > range.lowerBound { body(range.lowerBound..<contentEnd, 0, level, .none) }
        if contentEnd < range.upperBound { body(contentEnd..<range.upperBound, 0, level, .all) }
      }
      return
    }
    if shapesSpaceTogether(
      range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel)
    {
      // Only the last piece ends with the hanging whitespace.
      forEachPiece(range, levels: levels) { piece, run, level in
        body(piece, run, level, piece.upperBound == range.upperBound ? .trailingSpaces : .none)
      }
    } else {
      forEachPiece(range.lowerBound..<contentEnd, levels: levels) { body($0, $1, $2, .none) }
      forEachPiece(contentEnd..<range.upperBound, levels: levels) { body($0, $1, $2, .all) }
    }
  }

  /// Whether a segment's trailing whitespace is shaped with the word before it: the text from
  /// its last content character through its end has one style and the paragraph's level.
  func shapesSpaceTogether(
    _ range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun], paragraphLevel: UInt8
  ) -> Bool {
    guard contentEnd > range.lowerBound && contentEnd < range.upperBound else { return false }
    let first = contentEnd - 1
    let last = range.upperBound - 1
    guard let run = text.runIndex(at: first), text.runs[run].range.upperBound > last else {
      return false
    }
    guard !levels.isEmpty else { return paragraphLevel == 0 }
    guard let index = Self.levelRunIndex(endingAfter: first, in: levels),
      levels[index].range.contains(first)
    else { return false }
    return levels[index].range.upperBound > last && levels[index].level == paragraphLevel
  }

  /// Where the white space at the end of a range starts (its end when there is none).
  func trailingSpaceStart(in range: Range<Int>) -> Int {
    var text = text.string
    return text.withUTF8 { ByteScan.trailingSpaceStart(in: range, of: $0) }
  }

  /// Calls `body` with each piece of `range`: the range cut where the style or the bidi level
  /// changes, with its style run's index and its level.
  ///
  /// A style that changes inside a grapheme cluster (a spoiler or a color over one person of
  /// a family emoji, over one letter of a flag) does not cut it: shaped in two pieces, the
  /// cluster would come apart (the family as three emoji, the flag as two letters). The piece
  /// goes on to the cluster's end, in the style of the cluster's start, as the cursor and
  /// line breaks already treat a cluster.
  func forEachPiece(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun],
    _ body: (_ piece: Range<Int>, _ run: Int, _ level: UInt8) -> Void
  ) {
    guard !range.isEmpty else { return }
    var offset = range.lowerBound
    var runIndex = text.runIndex(at: offset) ?? (text.runs.count - 1)
    var levelIndex = Self.levelRunIndex(endingAfter: offset, in: levels) ?? (levels.count - 1)
    while offset < range.upperBound {
      // The run's fields are read in place: a copy of its style would count references.
      let styleEnd = text.runs[runIndex].range.upperBound
      var end = min(range.upperBound, styleEnd)
      if end == styleEnd && end < range.upperBound {
        end = clusterBoundary(atOrAfter: end, from: offset, before: range.upperBound)
      }
      if !levels.isEmpty { end = min(end, levels[levelIndex].range.upperBound) }
      if end <= offset { end = range.upperBound }
      body(offset..<end, runIndex, levels.isEmpty ? 0 : levels[levelIndex].level)
      offset = end
      while runIndex + 1 < text.runs.count && text.runs[runIndex].range.upperBound <= offset {
        runIndex += 1
      }
      if levelIndex + 1 < levels.count && levels[levelIndex].range.upperBound <= offset {
        levelIndex += 1
      }
    }
  }

  /// `offset` when a grapheme cluster starts there, else the end of the cluster holding it
  /// (at most `limit`): found by walking the clusters from `start`, itself a cluster boundary.
  func clusterBoundary(atOrAfter offset: Int, from start: Int, before limit: Int) -> Int {
    var string = text.string
    let isBoundary = string.withUTF8 { bytes -> Bool in
      // Between two ASCII characters there is a cluster boundary, but inside CR LF.
      let before = bytes[offset - 1]
      let after = bytes[offset]
      return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
    }
    if isBoundary { return offset }
    var end = start
    for character in text.slice(start..<limit) {
      end += character.utf8.count
      if end >= offset { break }
    }
    return end
  }

  /// The index of the first level run that ends after `offset` (the one holding it, when the
  /// runs cover it), found by bisection: a window of a long mixed-direction paragraph holds
  /// thousands of runs, and a linear search per segment made its layout quadratic.
  static func levelRunIndex(endingAfter offset: Int, in levels: [BidiAnalysis.LevelRun]) -> Int? {
    var low = 0
    var high = levels.count
    while low < high {
      let middle = (low + high) / 2
      if levels[middle].range.upperBound > offset { high = middle } else { low = middle + 1 }
    }
    return low < levels.count ? low : nil
  }

  /// The levels of a segment's pieces, to reshape a part of it.
  func levelRuns(of segment: Segment, in pieces: [Piece]) -> [BidiAnalysis.LevelRun] {
    pieces[segment.pieces].map { BidiAnalysis.LevelRun(range: $0.range, level: $0.level) }
  }

  /// Cuts a segment at the last grapheme boundary where its first part fits in `width`.
  ///
  /// - Parameters:
  ///   - segment: The segment to cut.
  ///   - width: The width the first part must fit in.
  ///   - allowEmpty: Whether the first part may be empty; otherwise it holds at least one
  ///     grapheme even when that grapheme alone is wider than `width`.
  ///   - source: The chunk (or scratch arena) that holds the segment's pieces; the parts'
  ///     pieces go to the scratch arena.
  /// - Returns: The first part (`nil` when empty) and the rest.
  mutating func split(
    _ segment: Segment, toFit width: Double, allowEmpty: Bool, source: [Piece]
  ) -> (first: Segment?, rest: Segment) {
    let graphemes = graphemeAdvances(of: segment, source: source)
    var count = 0
    var pen = 0.0
    for grapheme in graphemes {
      if pen + grapheme.advance > width + Self.epsilon && (allowEmpty || count > 0) { break }
      pen += grapheme.advance
      count += 1
    }
    let levels = levelRuns(of: segment, in: source)
    let first: Segment?
    (first, count) = shapedPart(
      from: segment.range.lowerBound, graphemes: graphemes, count: count,
      keeping: allowEmpty ? 0 : 1, width: width, levels: levels)
    let cut = count > 0 ? graphemes[count - 1].end : segment.range.lowerBound
    let rest = makeScratchSegment(
      cut..<segment.range.upperBound, levels: levels, isMandatory: segment.isMandatory)
    return (first, rest)
  }

  /// The part from `start` through the first `count` of `graphemes`, shaped alone, giving back
  /// a grapheme at a time while it is wider than `width` but keeping at least `minimum`: a
  /// part can be wider shaped alone than its graphemes were inside their word (a joining
  /// script's letter takes its final form at the cut).
  ///
  /// - Parameter graphemes: Graphemes from `start` on, with the offset where each ends.
  /// - Returns: The part (in the scratch arena), `nil` when no grapheme is kept, and how many
  ///   graphemes it holds.
  mutating func shapedPart(
    from start: Int, graphemes: [(end: Int, advance: Double)], count: Int, keeping minimum: Int,
    width: Double, levels: [BidiAnalysis.LevelRun]
  ) -> (part: Segment?, count: Int) {
    var count = count
    while count > 0 {
      let part = makeScratchSegment(
        start..<graphemes[count - 1].end, levels: levels, isMandatory: false)
      let content = advances(of: part, at: 0, in: scratch).content
      if content <= width + Self.epsilon || count <= minimum { return (part, count) }
      scratch.removeLast(part.pieces.count)
      count -= 1
    }
    return (nil, 0)
  }

  /// The advance of each grapheme of a segment's content, with the offset where it ends, in
  /// logical order: the advances of the clusters of its shaped pieces that start inside it.
  func graphemeAdvances(of segment: Segment, source: [Piece]) -> [(end: Int, advance: Double)] {
    // Cluster advances by absolute start offset, in logical order.
    var clusters: [(offset: Int, advance: Double)] = []
    for piece in source[segment.pieces] where !piece.isTrailingWhitespace {
      for cluster in piece.shaped.clusters {
        clusters.append((cluster.range.lowerBound + piece.range.lowerBound, cluster.advance))
      }
    }
    clusters.sort { $0.offset < $1.offset }
    var graphemes: [(end: Int, advance: Double)] = []
    var clusterIndex = 0
    var offset = segment.range.lowerBound
    for character in text.slice(segment.range.lowerBound..<segment.contentEnd) {
      let end = offset + character.utf8.count
      var advance = 0.0
      while clusterIndex < clusters.count && clusters[clusterIndex].offset < end {
        advance += clusters[clusterIndex].advance
        clusterIndex += 1
      }
      graphemes.append((end, advance))
      offset = end
    }
    // A tab's advance depends on the pen: from the start of a line, where a segment too wide
    // for one is broken.
    if segment.hasTabs {
      var pen = 0.0
      var start = segment.range.lowerBound
      for index in graphemes.indices {
        if isTabRun(start..<graphemes[index].end) {
          graphemes[index].advance = configuration.tabStops.nextStop(after: pen) - pen
        }
        pen += graphemes[index].advance
        start = graphemes[index].end
      }
    }
    return graphemes
  }
}
