// MARK: - The makeup of a segment: its pieces

extension LayoutContext {
  /// What of a piece's advance hangs at a line end.
  enum Hanging {
    /// Nothing: a piece of a word.
    case none
    /// The whitespace it ends with: the last piece of a word shaped with its spaces.
    case trailingSpaces
    /// All of it: a piece of the whitespace shaped apart.
    case all
  }

  /// A piece of a segment: one style run, one bidi level, shaped (or measured) alone.
  struct PieceCut {
    var range: Range<Int>
    /// The index of the piece's run in the text's runs.
    var run: Int
    var level: UInt8
    var hanging: Hanging
    /// Whether the piece is a run of tabs, which is never shaped (see ``TabStops``).
    var isTab: Bool
  }

  /// Calls `body` with each piece of the segment at `range`, in logical order: the makeup of a
  /// segment, which measuring it (``SegmentMaker``) and placing it (``LinePlacer``) share, so
  /// that their sums agree to the last bit.
  ///
  /// The segment's trailing whitespace hangs at a line end. It is shaped together with the word
  /// before it when both have one style and the paragraph's level (one shaping call instead of
  /// two, and the space sits where rule L1 would put it anyway); otherwise it is shaped apart,
  /// so that rule L1 can move it to the paragraph level. Runs of tabs are cut out into pieces
  /// of their own, which are never shaped.
  ///
  /// - Parameters:
  ///   - range: The segment's range.
  ///   - contentEnd: Where its trailing whitespace starts.
  ///   - levels: The window's level runs.
  ///   - paragraphLevel: The level of the segment's paragraph.
  ///   - mayHoldTabs: `false` when the caller knows the segment holds no tab, which saves the
  ///     search.
  func forEachPiece(
    ofSegment range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8, mayHoldTabs: Bool = true, _ body: (PieceCut) -> Void
  ) {
    guard mayHoldTabs && containsTab(range) else {
      forEachUntabbedPiece(
        ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel
      ) { piece, run, level, hanging in
        body(PieceCut(range: piece, run: run, level: level, hanging: hanging, isTab: false))
      }
      return
    }
    forEachUntabbedPiece(
      ofSegment: range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel
    ) { piece, run, level, _ in
      forEachTabPart(of: piece) { part, isTab in
        let hanging: Hanging =
          part.lowerBound >= contentEnd
          ? .all : part.upperBound <= contentEnd ? .none : .trailingSpaces
        body(PieceCut(range: part, run: run, level: level, hanging: hanging, isTab: isTab))
      }
    }
  }

  /// ``forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:mayHoldTabs:_:)`` before tabs
  /// are cut out.
  private func forEachUntabbedPiece(
    ofSegment range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8,
    _ body: (_ piece: Range<Int>, _ run: Int, _ level: UInt8, _ hanging: Hanging) -> Void
  ) {
    // Most segments lie in one style run and one level run: the cuts below are then only where
    // the content ends. In a text of many runs (Markdown's bold, code, links, spoilers) the
    // run is found by one bisection, without the style and level lookups of the cut below.
    let (run, isOneRun) =
      text.runs.count == 1
      ? (0, true) : runIndex(at: range.lowerBound, holdingUpTo: range.upperBound) ?? (0, false)
    if isOneRun
      && (levels.isEmpty
        || levels.count == 1 && levels[0].range.lowerBound <= range.lowerBound
          && levels[0].range.upperBound >= range.upperBound)
    {
      let level = levels.first?.level ?? 0
      Self.forEachPieceInOneRun(
        ofSegment: range, contentEnd: contentEnd, level: level, hasLevels: !levels.isEmpty,
        paragraphLevel: paragraphLevel
      ) { body($0, run, level, $1) }
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

  /// The pieces of a segment that lies in one style run and one level run: the only cut is
  /// where its content ends, and none when its trailing whitespace is shaped with the word.
  ///
  /// - Parameters:
  ///   - level: The level of the segment's level run (0 when the window has none).
  ///   - hasLevels: Whether the window has level runs.
  ///   - body: Called with each piece and what of it hangs.
  @inline(__always)
  static func forEachPieceInOneRun(
    ofSegment range: Range<Int>, contentEnd: Int, level: UInt8, hasLevels: Bool,
    paragraphLevel: UInt8, _ body: (_ piece: Range<Int>, _ hanging: Hanging) -> Void
  ) {
    let isInside = contentEnd > range.lowerBound && contentEnd < range.upperBound
    if isInside && level == paragraphLevel && (hasLevels || paragraphLevel == 0) {
      body(range, .trailingSpaces)
    } else {
      if contentEnd > range.lowerBound { body(range.lowerBound..<contentEnd, .none) }
      if contentEnd < range.upperBound { body(contentEnd..<range.upperBound, .all) }
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
    let isBoundary = withUTF8 { bytes -> Bool in
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

  /// Calls `body` with the parts of a piece, in order: runs of tabs and runs of anything else,
  /// and whether each is a run of tabs.
  private func forEachTabPart(of piece: Range<Int>, _ body: (Range<Int>, Bool) -> Void) {
    var parts: [(Range<Int>, Bool)] = []
    withUTF8 { bytes in
      var start = piece.lowerBound
      while start < piece.upperBound {
        let isTab = bytes[start] == 0x09
        var end = start + 1
        while end < piece.upperBound && (bytes[end] == 0x09) == isTab { end += 1 }
        parts.append((start..<end, isTab))
        start = end
      }
    }
    for (part, isTab) in parts { body(part, isTab) }
  }

  /// The level runs of a segment's pieces, to measure or shape a part of it as the segment
  /// was.
  static func levelRuns(of pieces: some Collection<PieceCut>) -> [BidiAnalysis.LevelRun] {
    pieces.map { BidiAnalysis.LevelRun(range: $0.range, level: $0.level) }
  }
}
