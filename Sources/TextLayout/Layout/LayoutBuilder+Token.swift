// MARK: - The truncation token

extension LayoutBuilder {
  /// Shortens the last line so that the token fits after it, and attaches the token.
  mutating func fitToken(_ token: TruncationToken) {
    guard var last = drafts.popLast() else { return }
    paragraphLevel = last.paragraphLevel
    // Read by index: a slice alive when the array changes below would copy it.
    let cutOffset =
      last.segments.isEmpty
      ? last.range.lowerBound : lineSegments[last.segments.upperBound - 1].contentEnd
    let baseStyle = shapingText.style(at: max(0, min(cutOffset, count) - 1))
    let tokenPieces = shapeToken(token, baseStyle: baseStyle, paragraphLevel: last.paragraphLevel)
    let available = configuration.width - tokenPieces.reduce(0) { $0 + $1.advance }

    var kept: [Segment] = []
    var pen = 0.0
    for index in last.segments {
      let segment = lineSegments[index]
      let measured = advances(of: segment, at: pen, inLineAt: last.arena)
      guard pen + measured.content <= available + Self.epsilon else { break }
      kept.append(segment)
      pen += measured.advance
    }
    if kept.isEmpty, !last.segments.isEmpty {
      let first = shapeInScratch(lineSegments[last.segments.lowerBound], levels: last.levels)
      let source = pieceStore(of: first, inLineAt: last.arena)
      if let part = split(first, toFit: available, allowEmpty: true, source: source).first {
        kept = [part]
      }
    }
    // The token follows the last visible character: the kept part's trailing whitespace goes.
    if let final = kept.popLast() {
      if final.contentEnd < final.range.upperBound && final.contentEnd > final.range.lowerBound {
        let levels =
          final.location == .unshaped
          ? last.levels : levelRuns(of: final, in: pieceStore(of: final, inLineAt: last.arena))
        kept.append(
          makeScratchSegment(
            final.range.lowerBound..<final.contentEnd, levels: levels, isMandatory: false))
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

  /// Shapes the token's leader and label at the paragraph's direction.
  mutating func shapeToken(
    _ token: TruncationToken, baseStyle: TextStyle, paragraphLevel: UInt8
  ) -> [Piece] {
    var pieces: [Piece] = []
    let parts: [(String, TextStyle, LineRun.Role)] = [
      (token.leader, token.leaderStyle ?? baseStyle, .tokenLeader),
      (token.label, token.labelStyle ?? baseStyle, .tokenLabel),
    ]
    for (string, style, role) in parts where !string.isEmpty {
      let styleIndex = tokenStyles.count
      tokenStyles.append(style)
      let substring = Substring(string)
      let bidi = analyzer.bidiLevels(
        in: substring, direction: paragraphLevel & 1 == 1 ? .rightToLeft : .leftToRight)
      let utf8 = string.utf8
      for run in bidi.runs where !run.range.isEmpty {
        let start = utf8.index(utf8.startIndex, offsetBy: run.range.lowerBound)
        let end = utf8.index(start, offsetBy: run.range.count)
        let shaped = shaper.shape(
          substring[start..<end], style: style, isRightToLeft: run.level & 1 == 1)
        pieces.append(
          Piece(
            range: run.range, style: styleIndex, level: run.level, shaped: shaped,
            advance: shaped.advance, isTrailingWhitespace: false, role: role))
      }
    }
    return pieces
  }
}
