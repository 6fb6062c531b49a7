// MARK: - The truncation token

extension LineBreaker {
  /// Shortens the last line so that the token fits after it, and attaches the token.
  mutating func fitToken(_ token: TruncationToken, maker: inout SegmentMaker) {
    guard var last = drafts.popLast() else { return }
    let paragraphLevel = last.paragraphLevel
    // Read by index: a slice alive when the array changes below would copy it.
    let cutOffset =
      last.segments.isEmpty
      ? last.range.lowerBound : lineSegments[last.segments.upperBound - 1].contentEnd
    let baseStyle = context.shapingText.style(at: max(0, min(cutOffset, context.count) - 1))
    let tokenPieces = measureToken(token, baseStyle: baseStyle, paragraphLevel: paragraphLevel)
    let available = width - tokenPieces.reduce(0) { $0 + $1.measure.advance }

    var kept: [Segment] = []
    var pen = 0.0
    for index in last.segments {
      let segment = lineSegments[index]
      let measured = TabbedSegment.advances(
        of: segment, at: pen, levels: last.levels, paragraphLevel: paragraphLevel, maker: &maker)
      guard pen + measured.content <= available + LayoutContext.epsilon else { break }
      kept.append(segment)
      pen += measured.advance
    }
    if kept.isEmpty, !last.segments.isEmpty {
      let first = lineSegments[last.segments.lowerBound]
      if let part = firstPart(
        of: first, toFit: available, levels: last.levels, paragraphLevel: paragraphLevel,
        maker: &maker)
      {
        kept = [part]
      }
    }
    // The token follows the last visible character: the kept part's trailing whitespace goes.
    if let final = kept.popLast() {
      if final.contentEnd < final.range.upperBound && final.contentEnd > final.range.lowerBound {
        kept.append(
          withoutTrailingSpace(final, levels: last.levels, paragraphLevel: paragraphLevel)
            ?? maker.measureSegment(
              final.range.lowerBound..<final.contentEnd, levels: last.levels,
              isMandatory: false, paragraphLevel: paragraphLevel, table: &cutMetrics))
      } else if final.contentEnd > final.range.lowerBound {
        kept.append(final)
      }
    }
    // The last line's segments end the array: what follows them belongs to no line.
    lineSegments.removeSubrange(last.segments.lowerBound...)
    lineSegments += kept
    last.segments = last.segments.lowerBound..<lineSegments.count
    last.range = last.range.lowerBound..<(kept.last?.range.upperBound ?? last.range.lowerBound)
    last.endsParagraph = false
    last.token = tokenPieces
    drafts.append(last)
  }

  /// The segment without its trailing space, as measuring its content gives it, when the
  /// segment is one piece shaped with one space and the shaper tells the content's measure
  /// from that piece's (``BatchMeasuringShaper/measureWithoutTrailingSpace(_:in:style:isRightToLeft:)``):
  /// the content is then one piece too, of the same run and level, none of it hanging, so its
  /// sums are those `SegmentMaker.measureSegment` takes of that measure. `nil` otherwise.
  mutating func withoutTrailingSpace(
    _ segment: Segment, levels: [BidiAnalysis.LevelRun], paragraphLevel: UInt8
  ) -> Segment? {
    guard !segment.hasTabs, segment.contentEnd == segment.range.upperBound - 1 else {
      return nil
    }
    var count = 0
    var only: LayoutContext.PieceCut?
    context.forEachPiece(
      ofSegment: segment.range, contentEnd: segment.contentEnd, levels: levels,
      paragraphLevel: paragraphLevel, mayHoldTabs: false
    ) { cut in
      count += 1
      only = cut
    }
    guard count == 1, let cut = only, cut.range == segment.range, cut.hanging == .trailingSpaces,
      let measure = context.shaper.measureWithoutTrailingSpace(
        cut.range, in: context.text.string, style: context.shapingText.runs[cut.run].style,
        isRightToLeft: cut.level & 1 == 1)
    else { return nil }
    var sums = Segment.Sums()
    sums.add(measure, hanging: .none)
    let content = segment.range.lowerBound..<segment.contentEnd
    return Segment(
      range: content, contentEnd: content.upperBound, isMandatory: false, hasTabs: false,
      sums: sums, table: &cutMetrics)
  }

  /// The first part of a segment that fits in `width` when cut at a grapheme boundary, or
  /// `nil` when not even its first grapheme does: the last line's first word, when the token
  /// leaves no room for it whole.
  mutating func firstPart(
    of segment: Segment, toFit width: Double, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8, maker: inout SegmentMaker
  ) -> Segment? {
    let shaped = shapeInScratch(
      segment.range, isMandatory: segment.isMandatory, levels: levels,
      paragraphLevel: paragraphLevel, maker: &maker)
    let graphemes = graphemeAdvances(of: shaped)
    scratch.removeAll()
    var count = 0
    var pen = 0.0
    for grapheme in graphemes {
      if pen + grapheme.advance > width + LayoutContext.epsilon { break }
      pen += grapheme.advance
      count += 1
    }
    return measuredPart(
      from: segment.range.lowerBound, graphemes: graphemes, count: count, keeping: 0,
      width: width,
      levels: shaped.pieces.map { BidiAnalysis.LevelRun(range: $0.range, level: $0.level) },
      paragraphLevel: paragraphLevel, maker: &maker
    ).part
  }

  /// Measures the token's leader and label at the paragraph's direction, each bidi run a
  /// piece.
  func measureToken(
    _ token: TruncationToken, baseStyle: TextStyle, paragraphLevel: UInt8
  ) -> [TokenPiece] {
    var pieces: [TokenPiece] = []
    for role in [LineRun.Role.tokenLeader, .tokenLabel] {
      let isLeader = role == .tokenLeader
      let string = isLeader ? token.leader : token.label
      guard !string.isEmpty else { continue }
      let style = (isLeader ? token.leaderStyle : token.labelStyle) ?? baseStyle
      let bidi = context.analyzer.bidiLevels(
        in: Substring(string), direction: paragraphLevel & 1 == 1 ? .rightToLeft : .leftToRight)
      for run in bidi.runs where !run.range.isEmpty {
        // The shaper may keep a whole leader's or label's measure beyond this text.
        let measure = context.shaper.measureToken(
          run.range, in: string, style: style, isRightToLeft: run.level & 1 == 1)
        pieces.append(
          TokenPiece(range: run.range, role: role, style: style, level: run.level, measure: measure)
        )
      }
    }
    return pieces
  }
}
