// MARK: - Where a line ends

extension LayoutBuilder {
  struct LineFiller {
    var paragraphLevel: UInt8
    var lineStart: Int
    /// Where the window's piece chunks will start in ``LayoutBuilder/arenas``.
    var arena: Int
    /// The window's level runs, for segments shaped later.
    var levels: [BidiAnalysis.LevelRun]
    /// Where the line's segments start in ``LayoutBuilder/lineSegments``; they run to its end.
    var firstSegment: Int
    var pen = 0.0
  }

  /// Whether the line being filled has no segment yet.
  func isEmpty(_ filler: LineFiller) -> Bool {
    lineSegments.count == filler.firstSegment
  }

  /// Ends the current line at `end`.
  mutating func emit(_ filler: inout LineFiller, end: Int, endsParagraph: Bool) {
    drafts.append(
      LineDraft(
        range: filler.lineStart..<end, segments: filler.firstSegment..<lineSegments.count,
        arena: filler.arena,
        // The window's metrics table is given to its lines when the window is done
        // (``endFilling(_:)``): a copy held here would make every new entry copy the table.
        metrics: [], levels: filler.levels,
        endsParagraph: endsParagraph, paragraphLevel: filler.paragraphLevel))
    filler.lineStart = end
    filler.firstSegment = lineSegments.count
    filler.pen = 0
  }

  /// Adds a segment to the line being filled if it fits there (an empty line's pen is 0): the
  /// common case, which needs none of what ``add(_:to:chunks:current:currentChunk:)`` is
  /// passed.
  ///
  /// - Returns: Whether the segment was added.
  @inline(__always)
  mutating func appendIfFits(_ segment: Segment, to filler: inout LineFiller) -> Bool {
    guard !segment.hasTabs,
      filler.pen + segment.contentAdvance <= configuration.width + Self.epsilon
    else {
      return false
    }
    lineSegments.append(segment)
    filler.pen += segment.advance
    return true
  }

  /// Adds a segment to the line being filled, breaking lines as needed: this is where a line
  /// ends. A segment that does not fit after the line's content starts the next line; one
  /// wider than a line alone is cut at grapheme boundaries.
  ///
  /// - Returns: `false` when the line limit was reached before the segment was placed.
  ///
  /// - Parameters:
  ///   - segment: The segment.
  ///   - filler: The line being filled.
  ///   - chunks: The window's kept piece chunks.
  ///   - current: The chunk of the pieces this layout shapes.
  ///   - currentChunk: That chunk's index.
  mutating func add(
    _ segment: Segment, to filler: inout LineFiller, chunks: [[Piece]],
    current: inout [Piece], currentChunk: Int
  ) -> Bool {
    let width = configuration.width
    var segment = segment
    while true {
      if isEmpty(filler) {
        let content =
          segment.hasTabs
          ? advances(of: segment, at: 0, chunks: chunks, current: current).content
          : segment.contentAdvance
        if content <= width + Self.epsilon {
          break
        }
        // A word wider than the line alone: break it at grapheme boundaries.
        guard
          let rest = breakWideSegment(
            segment, filler: &filler, chunks: chunks, current: current,
            currentChunk: currentChunk)
        else { return false }
        // What is left fits on a line, or is a single grapheme wider than one.
        segment = rest
        break
      } else if filler.pen
        + (segment.hasTabs
          ? advances(of: segment, at: filler.pen, chunks: chunks, current: current).content
          : segment.contentAdvance) <= width + Self.epsilon
      {
        break
      } else {
        emit(&filler, end: segment.range.lowerBound, endsParagraph: false)
        if drafts.count >= limit { return false }
      }
    }
    lineSegments.append(segment)
    filler.pen +=
      segment.hasTabs
      ? advances(of: segment, at: filler.pen, chunks: chunks, current: current).advance
      : segment.advance
    return true
  }

  /// ``advances(of:at:in:)`` for a segment being filled: its pieces are in the window's kept
  /// chunks, in the chunk this layout shapes, or in the scratch arena.
  func advances(
    of segment: Segment, at pen: Double, chunks: [[Piece]], current: [Piece]
  ) -> (advance: Double, content: Double) {
    let pieces: [Piece] =
      switch segment.location {
      case .windowChunk(let chunk): chunk < chunks.count ? chunks[chunk] : current
      case .scratch, .unshaped: scratch
      }
    return advances(of: segment, at: pen, in: pieces)
  }
}
