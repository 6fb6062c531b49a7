extension LayoutBuilder {
  /// The horizontal and vertical metrics of a drafted line, which placement and measurement
  /// share so that they agree to the last bit.
  struct LineMetrics {
    /// The advance of everything on the line, hanging whitespace and token included.
    var total: Double
    /// The advance of the whitespace hanging at the line's end (0 when a token follows).
    var trailing: Double
    var ascent: Double
    var descent: Double
    var lineGap: Double

    var contentWidth: Double { total - trailing }
    /// The line box's height: ascent, then descent with the line gap, as ``Line/height`` adds.
    var height: Double { ascent + (descent + lineGap) }
  }

  /// The metrics of a line with nothing shaped on it: the font's own, for the style at an
  /// offset (an empty text, an empty paragraph).
  func emptyLineMetrics(at offset: Int) -> LineMetrics {
    let font = shaper.metrics(for: shapingText.style(at: min(offset, count)))
    return LineMetrics(
      total: 0, trailing: 0, ascent: font.ascent, descent: font.descent, lineGap: font.lineGap)
  }

  /// The array that holds a drafted segment's pieces: its window's chunk, or the scratch arena.
  ///
  /// - Parameters:
  ///   - segment: A segment of a drafted line.
  ///   - arena: The line's ``LineDraft/arena``.
  func pieceStore(of segment: Segment, inLineAt arena: Int) -> [Piece] {
    switch segment.location {
    case .windowChunk(let chunk): arenas[arena + chunk]
    case .scratch, .unshaped: scratch
    }
  }

  func metrics(of draft: LineDraft) -> LineMetrics {
    metrics(
      of: draft.segments, range: draft.range, table: draft.metrics, token: draft.token,
      arena: draft.arena)
  }

  /// ``metrics(of:)`` for a draft read in place: copying a draft out of ``drafts`` would count a
  /// reference for each of its arrays.
  func metrics(ofDraftAt index: Int) -> LineMetrics {
    metrics(
      of: drafts[index].segments, range: drafts[index].range, table: drafts[index].metrics,
      token: drafts[index].token, arena: drafts[index].arena)
  }

  /// The metrics of a line: its segments, its text, the vertical metrics table its segments
  /// index and its token.
  private func metrics(
    of segments: Range<Int>, range: Range<Int>, table: [VerticalMetrics], token: [Piece],
    arena: Int
  ) -> LineMetrics {
    var result = LineMetrics(total: 0, trailing: 0, ascent: 0, descent: 0, lineGap: 0)
    var hasPieces = false
    for segment in lineSegments[segments] {
      // A line with tabs is measured the slow way (rare).
      if segment.hasTabs {
        return tabbedMetrics(
          of: segments, range: range, table: table, token: token, arena: arena)
      }
      result.total += segment.advance
      raise(&result, toMetricsOf: segment, table: table)
      // A segment has pieces (kept or only measured) exactly when its range is not empty.
      hasPieces = hasPieces || !segment.range.isEmpty
    }
    add(token, to: &result)
    hasPieces = hasPieces || !token.isEmpty
    if token.isEmpty {
      // Rule L1 and hanging: the whitespace at the end of the line, through segments that
      // hold nothing else, and the trailing spaces of the last segment with content.
      for segment in lineSegments[segments].reversed() {
        result.trailing += segment.advance - segment.contentAdvance
        if segment.contentEnd > segment.range.lowerBound { break }
      }
    }
    if !hasPieces {
      let font = emptyLineMetrics(at: range.lowerBound)
      result.ascent = font.ascent
      result.descent = font.descent
      result.lineGap = font.lineGap
    }
    return result
  }

  /// Raises a line's vertical metrics to those of one of its segments.
  func raise(_ line: inout LineMetrics, toMetricsOf segment: Segment, table: [VerticalMetrics]) {
    let vertical =
      segment.location == .scratch
      ? scratchMetrics[Int(segment.metrics)] : table[Int(segment.metrics)]
    line.ascent = max(line.ascent, vertical.ascent)
    line.descent = max(line.descent, vertical.descent)
    line.lineGap = max(line.lineGap, vertical.lineGap)
  }

  /// Adds a line's token: its advance, and its fonts' vertical metrics.
  func add(_ token: [Piece], to line: inout LineMetrics) {
    for piece in token {
      line.total += piece.advance
      line.ascent = max(line.ascent, piece.shaped.ascent)
      line.descent = max(line.descent, piece.shaped.descent)
      line.lineGap = max(line.lineGap, piece.shaped.lineGap)
    }
  }

  /// Measures the drafted lines as ``place(isTruncated:)`` would place them.
  func measure(isTruncated: Bool) -> TextMeasurement {
    var top = 0.0
    var widest = 0.0
    var uncovered = 0
    for index in drafts.indices {
      if index > 0 { top += configuration.lineSpacing }
      let metrics = metrics(ofDraftAt: index)
      top += metrics.height
      widest = max(widest, metrics.contentWidth)
      for segment in lineSegments[drafts[index].segments] where segment.uncoveredCount > 0 {
        uncovered += Int(segment.uncoveredCount)
      }
    }
    if drafts.isEmpty {
      // Only an empty text has no paragraph; it still has one empty line, as placed.
      return TextMeasurement(
        lineCount: 1, size: LayoutSize(width: 0, height: emptyLineMetrics(at: 0).height),
        isTruncated: isTruncated, visibleEnd: 0)
    }
    return TextMeasurement(
      lineCount: drafts.count, size: LayoutSize(width: widest, height: top),
      isTruncated: isTruncated,
      visibleEnd: drafts[drafts.count - 1].range.upperBound,
      isClipped: configuration.isClipped(atContentWidth: widest),
      uncoveredCharacterCount: uncovered)
  }

  /// Places the drafted lines: visual order, alignment, vertical metrics, and the result value.
  func place(isTruncated: Bool) -> LaidOutText {
    var lines: [Line] = []
    var top = 0.0
    var widest = 0.0
    var tokenRect: LayoutRect?
    var tokenLabelRect: LayoutRect?
    for (index, draft) in drafts.enumerated() {
      if index > 0 { top += configuration.lineSpacing }
      let line = placeLine(draft, top: top)
      top += line.height
      widest = max(widest, line.width)
      for run in line.runs where run.role != .text {
        let rect = LayoutRect(x: run.x, y: line.top, width: run.width, height: line.height)
        tokenRect = tokenRect.map { union($0, rect) } ?? rect
        if run.role == .tokenLabel {
          tokenLabelRect = tokenLabelRect.map { union($0, rect) } ?? rect
        }
      }
      lines.append(line)
    }
    if lines.isEmpty {
      // Only an empty text has no paragraph; it still has one empty line of the font's height.
      let metrics = emptyLineMetrics(at: 0)
      lines.append(
        Line(
          range: 0..<0, contentRange: 0..<0, top: 0, baseline: metrics.ascent,
          ascent: metrics.ascent, descent: metrics.descent + metrics.lineGap,
          x: alignedX(contentWidth: 0, paragraphLevel: 0), width: 0, runs: [],
          endsParagraph: true, paragraphLevel: 0))
      top = lines[0].height
    }
    let visibleEnd = lines.last?.range.upperBound ?? 0
    return LaidOutText(
      text: text, configuration: configuration, lines: lines, isTruncated: isTruncated,
      visibleEnd: visibleEnd, size: LayoutSize(width: widest, height: top), tokenRect: tokenRect,
      tokenLabelRect: tokenLabelRect)
  }

  func union(_ a: LayoutRect, _ b: LayoutRect) -> LayoutRect {
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return LayoutRect(
      x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
  }

  /// The x where a line's content starts, from the alignment and directions.
  func alignedX(contentWidth: Double, paragraphLevel: UInt8) -> Double {
    let isRightToLeftParagraph = paragraphLevel & 1 == 1
    let isRightToLeftLayout = configuration.direction == .rightToLeft
    let free = configuration.width - contentWidth
    switch configuration.alignment {
    case .natural: return isRightToLeftParagraph ? free : 0
    case .leading: return isRightToLeftLayout ? free : 0
    case .trailing: return isRightToLeftLayout ? 0 : free
    case .center: return free / 2
    }
  }

  func placeLine(_ draft: LineDraft, top: Double) -> Line {
    var pieces: [Piece] = []
    let segments = lineSegments[draft.segments]
    pieces.reserveCapacity(segments.reduce(draft.token.count) { $0 + $1.pieces.count })
    for segment in segments {
      if segment.location == .unshaped {
        // Measured only: shaped now, with the same pieces and sums as when measured.
        var unused: [VerticalMetrics] = []
        _ = makeSegment(
          segment.range, levels: draft.levels, isMandatory: segment.isMandatory, into: &pieces,
          location: .scratch, table: &unused, paragraphLevel: draft.paragraphLevel)
      } else {
        pieces.append(contentsOf: pieceStore(of: segment, inLineAt: draft.arena)[segment.pieces])
      }
    }
    // Rule L1: whitespace at the end of the line takes the paragraph level.
    var index = pieces.count - 1
    while index >= 0 && pieces[index].isTrailingWhitespace {
      pieces[index].level = draft.paragraphLevel
      index -= 1
    }
    let contentEnd = index >= 0 ? pieces[index].contentEnd : draft.range.lowerBound
    if segments.contains(where: { $0.hasTabs }) { placeTabs(in: &pieces) }
    pieces += draft.token
    let metrics = metrics(of: draft)

    // Most lines are all left to right at level 0: their visual order is the logical one.
    let order: [Int]? =
      pieces.allSatisfy { $0.level == 0 }
      ? nil : BidiReordering.visualOrder(levels: pieces.map(\.level))
    let contentX = alignedX(
      contentWidth: metrics.contentWidth, paragraphLevel: draft.paragraphLevel)
    // Hanging whitespace sits after the content in the paragraph's direction.
    var pen = draft.paragraphLevel & 1 == 1 ? contentX - metrics.trailing : contentX

    var runs: [LineRun] = []
    runs.reserveCapacity(pieces.count)
    for visualIndex in pieces.indices {
      let piece = pieces[order?[visualIndex] ?? visualIndex]
      runs.append(
        LineRun(
          role: piece.role, range: piece.range,
          style: piece.role == .text ? text.runs[piece.style].style : tokenStyles[piece.style],
          isRightToLeft: piece.level & 1 == 1, level: piece.level, x: pen, width: piece.advance,
          glyphRuns: piece.shaped.runs, clusters: piece.shaped.clusters))
      pen += piece.advance
    }
    let contentStart = segments.first?.range.lowerBound ?? draft.range.lowerBound
    return Line(
      range: draft.range, contentRange: contentStart..<max(contentStart, contentEnd), top: top,
      baseline: top + metrics.ascent, ascent: metrics.ascent,
      descent: metrics.descent + metrics.lineGap, x: contentX, width: metrics.contentWidth,
      runs: runs, endsParagraph: draft.endsParagraph, paragraphLevel: draft.paragraphLevel)
  }
}
