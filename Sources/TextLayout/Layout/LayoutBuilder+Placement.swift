extension LayoutBuilder {
  /// Places the drafted lines: visual order, alignment, vertical metrics, and the result value.
  func place(isTruncated: Bool) -> LaidOutText {
    var lines: [Line] = []
    var top = 0.0
    var widest = 0.0
    var tokenRect: Rect?
    var labelRect: Rect?
    for (index, draft) in drafts.enumerated() {
      if index > 0 { top += configuration.lineSpacing }
      let line = placeLine(draft, top: top)
      top += line.height
      widest = max(widest, line.width)
      for run in line.runs where run.role != .text {
        let rect = Rect(x: run.x, y: line.top, width: run.width, height: line.height)
        tokenRect = tokenRect.map { union($0, rect) } ?? rect
        if run.role == .tokenLabel { labelRect = labelRect.map { union($0, rect) } ?? rect }
      }
      lines.append(line)
    }
    if lines.isEmpty {
      // Only an empty text has no paragraph; it still has one empty line of the font's height.
      let metrics = shaper.metrics(for: text.style(at: 0))
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
      visibleEnd: visibleEnd, size: Size(width: widest, height: top), tokenRect: tokenRect,
      labelRect: labelRect)
  }

  func union(_ a: Rect, _ b: Rect) -> Rect {
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return Rect(
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
    pieces.reserveCapacity(
      draft.segments.reduce(draft.token.count) { $0 + $1.pieces.count })
    for segment in draft.segments { pieces.append(contentsOf: segment.pieces) }
    // Rule L1: whitespace at the end of the line takes the paragraph level.
    var trailing = 0.0
    var index = pieces.count - 1
    while index >= 0 && pieces[index].isTrailingWhitespace {
      pieces[index].level = draft.paragraphLevel
      trailing += pieces[index].advance
      index -= 1
    }
    // Spaces shaped with the last word hang too; they are at the paragraph level already.
    if index >= 0 { trailing += pieces[index].trailingAdvance }
    let contentEnd = index >= 0 ? pieces[index].contentEnd : draft.range.lowerBound
    pieces += draft.token
    if !draft.token.isEmpty { trailing = 0 }

    // Most lines are all left to right at level 0: their visual order is the logical one.
    let order: [Int]? =
      pieces.allSatisfy { $0.level == 0 }
      ? nil : BidiReordering.visualOrder(levels: pieces.map(\.level))
    let total = pieces.reduce(0) { $0 + $1.advance }
    let contentWidth = total - trailing
    let contentX = alignedX(contentWidth: contentWidth, paragraphLevel: draft.paragraphLevel)
    // Hanging whitespace sits after the content in the paragraph's direction.
    var pen = draft.paragraphLevel & 1 == 1 ? contentX - trailing : contentX

    var ascent = 0.0
    var descent = 0.0
    var gap = 0.0
    var runs: [LineRun] = []
    runs.reserveCapacity(pieces.count)
    for visualIndex in pieces.indices {
      let piece = pieces[order?[visualIndex] ?? visualIndex]
      runs.append(
        LineRun(
          role: piece.role, range: piece.range, style: piece.style,
          isRightToLeft: piece.level & 1 == 1, level: piece.level, x: pen, width: piece.advance,
          glyphRuns: piece.shaped.runs, clusters: piece.shaped.clusters))
      pen += piece.advance
      ascent = max(ascent, piece.shaped.ascent)
      descent = max(descent, piece.shaped.descent)
      gap = max(gap, piece.shaped.lineGap)
    }
    if pieces.isEmpty {
      let metrics = shaper.metrics(for: text.style(at: min(draft.range.lowerBound, count)))
      ascent = metrics.ascent
      descent = metrics.descent
      gap = metrics.lineGap
    }
    let contentStart = draft.segments.first?.range.lowerBound ?? draft.range.lowerBound
    return Line(
      range: draft.range, contentRange: contentStart..<max(contentStart, contentEnd), top: top,
      baseline: top + ascent, ascent: ascent, descent: descent + gap, x: contentX,
      width: contentWidth, runs: runs, endsParagraph: draft.endsParagraph,
      paragraphLevel: draft.paragraphLevel)
  }
}
