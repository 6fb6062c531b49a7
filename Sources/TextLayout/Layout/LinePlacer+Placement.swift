// MARK: - Placing lines

extension LinePlacer {
  /// The buffers placing lines fills, kept from one line to the next.
  private struct LineBuffers {
    var cuts = SegmentMaker.Cuts()
    var shaped: [ShapedPiece] = []
    /// Where each segment's pieces end in ``cuts``.
    var segmentEnds: [Int] = []
    /// The styles of the token's runs, for the layout's store.
    var tokenStyles: [TextStyle] = []

    /// Buffers with room for lines of up to `segments` segments: grown once for a layout,
    /// instead of doubling from empty through its first lines (a text laid out once has new
    /// buffers each time).
    init(segments: Int) {
      // A segment is one piece unless a style or level changes inside it, or tabs.
      let pieces = segments + 4
      cuts.cuts.reserveCapacity(pieces)
      cuts.contentEnds.reserveCapacity(pieces)
      shaped.reserveCapacity(pieces)
      segmentEnds.reserveCapacity(segments)
    }
  }

  /// Places the drafted lines: their glyphs, visual order, alignment and vertical metrics, and
  /// the result value.
  func place(isTruncated: Bool, maker: inout SegmentMaker) -> LaidOutText {
    let store = PlacedGlyphs.Store(textRuns: context.text.runs)
    var storage = GlyphStorage()
    let segmentCount = lines.drafts.last.map { $0.segments.upperBound } ?? 0
    storage.reserveCapacity(pieces: segmentCount + 4, glyphs: 8 * (segmentCount + 4))
    var placed: [Line] = []
    placed.reserveCapacity(lines.drafts.count)
    var mostSegments = 0
    for index in lines.drafts.indices {
      mostSegments = max(mostSegments, lines.drafts[index].segments.count)
    }
    var buffers = LineBuffers(segments: mostSegments)
    var top = 0.0
    var widest = 0.0
    var tokenRect: LayoutRect?
    var tokenLabelRect: LayoutRect?
    // Each draft read in place, through a pointer: passed by value, through the array's
    // subscript or its buffer alike, it was copied once a line (its arrays retained, then
    // released).
    lines.drafts.withUnsafeBufferPointer { drafts in
      for index in drafts.indices {
        if index > 0 { top += context.configuration.lineSpacing }
        let line = placeLine(
          draftAt: drafts.baseAddress! + index, top: top, store: store, storage: &storage,
          buffers: &buffers, maker: &maker)
        top += line.height
        widest = max(widest, line.width)
        for run in line.runs where run.role != .text {
          let rect = LayoutRect(x: run.x, y: line.top, width: run.width, height: line.height)
          tokenRect = tokenRect.map { union($0, rect) } ?? rect
          if run.role == .tokenLabel {
            tokenLabelRect = tokenLabelRect.map { union($0, rect) } ?? rect
          }
        }
        placed.append(line)
      }
    }
    // The runs were made pointing into the store; it is filled before they leave.
    store.fill(with: storage, tokenStyles: buffers.tokenStyles)
    if placed.isEmpty {
      // Only an empty text has no paragraph; it still has one empty line of the font's height.
      let metrics = emptyLineMetrics(at: 0)
      placed.append(
        Line(
          range: 0..<0, contentRange: 0..<0, top: 0, baseline: metrics.ascent,
          ascent: metrics.ascent, descent: metrics.descent + metrics.lineGap,
          x: alignedX(contentWidth: 0, paragraphLevel: 0), width: 0, runs: [],
          endsParagraph: true, paragraphLevel: 0))
      top = placed[0].height
    }
    let visibleEnd = placed.last?.range.upperBound ?? 0
    return LaidOutText(
      text: context.text, configuration: context.configuration, lines: placed,
      isTruncated: isTruncated, visibleEnd: visibleEnd,
      size: LayoutSize(width: widest, height: top),
      tokenRect: tokenRect, tokenLabelRect: tokenLabelRect)
  }

  private func union(_ a: LayoutRect, _ b: LayoutRect) -> LayoutRect {
    let minX = min(a.minX, b.minX)
    let minY = min(a.minY, b.minY)
    return LayoutRect(
      x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
  }

  /// The x where a line's content starts, from the alignment and directions.
  func alignedX(contentWidth: Double, paragraphLevel: UInt8) -> Double {
    let configuration = context.configuration
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

  /// Places one drafted line: shapes its segments' pieces into `storage`, and makes its runs
  /// in visual order.
  private func placeLine(
    draftAt draft: UnsafePointer<LineDraft>, top: Double, store: PlacedGlyphs.Store,
    storage: inout GlyphStorage,
    buffers: inout LineBuffers, maker: inout SegmentMaker
  ) -> Line {
    // The pieces of every segment, cut as they were measured, shaped in stretches.
    buffers.cuts.removeAll()
    buffers.shaped.removeAll(keepingCapacity: true)
    buffers.segmentEnds.removeAll(keepingCapacity: true)
    var hasTabs = false
    var isKerned = false
    // A text of one style run on a line of at most one level run (most lines): a segment
    // without tabs inside the level run is cut only where its content ends, as
    // `forEachPiece` cuts it, here without its nested closures.
    let oneRun: (level: UInt8, range: Range<Int>)? =
      context.text.runs.count != 1 || draft.pointee.levels.count > 1
      ? nil : draft.pointee.levels.first.map { ($0.level, $0.range) } ?? (0, 0..<Int.max)
    for index in draft.pointee.segments {
      let segment = lines.lineSegments[index]
      hasTabs = hasTabs || segment.hasTabs
      isKerned = isKerned || segment.pairAdjustment != 0
      if let oneRun, !segment.hasTabs, oneRun.range.lowerBound <= segment.range.lowerBound,
        oneRun.range.upperBound >= segment.range.upperBound
      {
        LayoutContext.forEachPieceInOneRun(
          ofSegment: segment.range, contentEnd: segment.contentEnd, level: oneRun.level,
          hasLevels: !draft.pointee.levels.isEmpty, paragraphLevel: draft.pointee.paragraphLevel
        ) { range, hanging in
          buffers.cuts.append(
            LayoutContext.PieceCut(
              range: range, run: 0, level: oneRun.level, hanging: hanging, isTab: false),
            contentEnd: segment.contentEnd)
        }
      } else {
        context.forEachPiece(
          ofSegment: segment.range, contentEnd: segment.contentEnd, levels: draft.pointee.levels,
          paragraphLevel: draft.pointee.paragraphLevel, mayHoldTabs: segment.hasTabs
        ) { buffers.cuts.append($0, contentEnd: segment.contentEnd) }
      }
      buffers.segmentEnds.append(buffers.cuts.cuts.count)
    }
    maker.shape(buffers.cuts, into: &storage, pieces: &buffers.shaped)
    if isKerned { kernSegments(draft.pointee.segments, buffers: &buffers, storage: &storage) }
    // Rule L1: whitespace at the end of the line takes the paragraph level.
    var index = buffers.shaped.count - 1
    while index >= 0 && buffers.shaped[index].isTrailingWhitespace {
      buffers.shaped[index].level = draft.pointee.paragraphLevel
      index -= 1
    }
    let contentEnd = index >= 0 ? buffers.shaped[index].contentEnd : draft.pointee.range.lowerBound
    if hasTabs {
      TabbedSegment.placeTabs(
        in: &buffers.shaped, storage: &storage, stops: context.configuration.tabStops)
    }
    let metrics = metrics(ofDraftAt: draft, maker: &maker)
    let contentX = alignedX(
      contentWidth: metrics.contentWidth, paragraphLevel: draft.pointee.paragraphLevel)
    // Hanging whitespace sits after the content in the paragraph's direction.
    let start = draft.pointee.paragraphLevel & 1 == 1 ? contentX - metrics.trailing : contentX

    // The runs in logical order, placed from the content's start as they are made: most
    // lines are all left to right at level 0, and their visual order is the logical one.
    // Other lines are placed again once reordered.
    var runs: [LineRun] = []
    runs.reserveCapacity(buffers.shaped.count + draft.pointee.token.count)
    var isLeftToRight = true
    var pen = start
    for piece in buffers.shaped {
      isLeftToRight = isLeftToRight && piece.level == 0
      runs.append(
        LineRun(
          role: .text, range: piece.range, styleIndex: piece.run,
          isRightToLeft: piece.level & 1 == 1, level: piece.level, x: pen,
          width: piece.stored.advance,
          glyphs: PlacedGlyphs(
            store: store, runs: piece.stored.runs, clusters: piece.stored.clusters)))
      pen += piece.stored.advance
    }
    for piece in draft.pointee.token {
      isLeftToRight = isLeftToRight && piece.level == 0
      let stored = storeToken(piece, storage: &storage)
      buffers.tokenStyles.append(piece.style)
      runs.append(
        LineRun(
          role: piece.role, range: piece.range,
          styleIndex: store.firstTokenStyle + buffers.tokenStyles.count - 1,
          isRightToLeft: piece.level & 1 == 1, level: piece.level, x: pen, width: stored.advance,
          glyphs: PlacedGlyphs(store: store, runs: stored.runs, clusters: stored.clusters)))
      pen += stored.advance
    }
    if !isLeftToRight {
      let order = BidiReordering.visualOrder(levels: runs.map(\.level))
      runs = order.map { runs[$0] }
      pen = start
      for index in runs.indices {
        runs[index].x = pen
        pen += runs[index].width
      }
    }
    let contentStart =
      draft.pointee.segments.isEmpty
      ? draft.pointee.range.lowerBound
      : lines.lineSegments[draft.pointee.segments.lowerBound].range.lowerBound
    return Line(
      range: draft.pointee.range, contentRange: contentStart..<max(contentStart, contentEnd),
      top: top,
      baseline: top + metrics.ascent, ascent: metrics.ascent,
      descent: metrics.descent + metrics.lineGap, x: contentX, width: metrics.contentWidth,
      runs: runs, endsParagraph: draft.pointee.endsParagraph,
      paragraphLevel: draft.pointee.paragraphLevel)
  }

  /// Moves the glyphs after each segment of a line that is kerned with the next one
  /// (``Segment/pairAdjustment``) by that kerning, as shaping the run whole would: the last
  /// glyph of the segment's last piece gets it in its advance, and so its cluster and piece,
  /// so that drawing, hit testing and rectangles see the widths the line was filled with. The
  /// line's last segment keeps its own advance: nothing it is kerned with is on the line.
  private func kernSegments(
    _ segments: Range<Int>, buffers: inout LineBuffers, storage: inout GlyphStorage
  ) {
    for (position, index) in segments.dropLast().enumerated() {
      let adjustment = lines.lineSegments[index].pairAdjustment
      let pieceEnd = buffers.segmentEnds[position]
      guard adjustment != 0, pieceEnd > 0 else { continue }
      let stored = buffers.shaped[pieceEnd - 1].stored
      // Kerned pieces run left to right: their last run and glyph are the rightmost.
      guard let run = stored.runs.last, let cluster = stored.clusters.last,
        let glyph = storage.runs[run].glyphs.last
      else { continue }
      storage.glyphs[glyph].advance += adjustment
      storage.clusters[cluster].advance += adjustment
      buffers.shaped[pieceEnd - 1].stored.advance += adjustment
    }
  }

  /// Stores the glyphs of a piece of the token, which the shaper may keep for the process.
  private func storeToken(_ piece: TokenPiece, storage: inout GlyphStorage) -> StoredPiece {
    guard let token = context.configuration.truncationToken else {
      preconditionFailure("A line has a token only when the configuration has one")
    }
    return context.shaper.storeToken(
      piece.range, in: piece.role == .tokenLabel ? token.label : token.leader,
      style: piece.style, isRightToLeft: piece.level & 1 == 1, into: &storage)
  }
}
