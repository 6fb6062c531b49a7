extension SegmentMaker {
  /// Measures the kerning between each segment of a batch and the next one
  /// (``Segment/pairAdjustment``) into the batch's adjustments, one for each segment.
  ///
  /// Pango, like any engine that shapes a run whole and breaks it after, kerns the characters
  /// on both sides of a break opportunity that no space separates: in Japanese, where every
  /// character is a segment, Noto Sans CJK JP kerns kana pairs by up to a tenth of an em. A
  /// segment is measured alone (so that its measure is cached for every text it occurs in),
  /// and the pair is measured as its two characters shaped together, less each alone, from the
  /// same cache: for the characters of a pair that the face does not kern, that is 0.
  ///
  /// A pair is measured only when nothing could come between its characters: the segment has
  /// no trailing whitespace and no mandatory break, and the two pieces around the boundary
  /// have one style, one left-to-right level and no tab. Latin text, whose segments end in
  /// spaces, measures none.
  static func measurePairs(
    _ batch: inout MeasureBatch, context: LayoutContext, analysis: WindowAnalysis, first: Int,
    end: Int
  ) {
    // The adjustments are sized with the segment buffers and written in place; the ranges
    // (the pieces' until now) are emptied by the first pair that needs them, and the pairs
    // after they are measured: most batches have none, and empty nothing.
    batch.adjustments.withUnsafeMutableBufferPointer { adjustments in
      for index in 0..<end - first { adjustments[index] = 0 }
    }
    var pieceStart = 0
    for index in first..<end {
      let pieceEnd = batch.pieceEnds[index - first]
      defer { pieceStart = pieceEnd }
      let segmentEnd = analysis.boundaries[index].offset
      guard pieceEnd > pieceStart, batch.contentEnds[index - first] == segmentEnd,
        !analysis.boundaries[index].isMandatory
      else { continue }
      let last = batch.pieces[pieceEnd - 1].cut
      guard !last.isTab, last.level & 1 == 0, last.hanging == .none,
        batch.measures[pieceEnd - 1].mayKernWithNext
      else { continue }
      let next: LayoutContext.PieceCut?
      if index + 1 < end {
        next = pieceEnd < batch.pieces.count ? batch.pieces[pieceEnd].cut : nil
      } else if index + 1 < analysis.boundaries.count {
        next = firstPiece(
          ofSegment: segmentEnd..<analysis.boundaries[index + 1].offset, analysis: analysis,
          context: context)
      } else {
        next = nil
      }
      guard let next, !next.isTab, next.run == last.run, next.level == last.level,
        next.hanging != .all, next.range.lowerBound == segmentEnd
      else { continue }
      // The shaper may know the pair's kerning from the two pieces' edge glyphs. The next
      // batch's first piece is measured alone for it: one cache probe, and that batch finds it
      // cached.
      let nextMeasure =
        index + 1 < end
        ? batch.measures[pieceEnd] : measureAlone(next, scratch: &batch, context: context)
      // Asked of the context's shaper in place: a local copy of the existential was made and
      // destroyed for every batch, most of which (Latin) ask nothing.
      if let adjustment = context.shaper.pairAdjustment(
        batch.measures[pieceEnd - 1], nextMeasure)
      {
        if abs(adjustment) > Self.pairTolerance { batch.adjustments[index - first] = adjustment }
        continue
      }
      guard let pair = pairRanges(before: last.range, after: next.range, context: context)
      else { continue }
      if batch.pairs.isEmpty { batch.ranges.removeAll(keepingCapacity: true) }
      let firstRange = batch.ranges.count
      if index + 1 < end && pair.before == last.range && pair.after == next.range {
        // Both characters are pieces of the batch, measured already.
        let alone = batch.measures[pieceEnd - 1].advance + batch.measures[pieceEnd].advance
        batch.pairs.append((index - first, last.run, last.level, alone, firstRange))
      } else {
        batch.pairs.append((index - first, last.run, last.level, .nan, firstRange))
        batch.ranges.append(pair.before)
        batch.ranges.append(pair.after)
      }
      batch.ranges.append(pair.before.lowerBound..<pair.after.upperBound)
    }
    guard !batch.pairs.isEmpty else { return }
    // One shaper call for each stretch of pairs with one font and level.
    var stretch = 0
    while stretch < batch.pairs.count {
      let (_, run, level, _, rangeStart) = batch.pairs[stretch]
      var next = stretch
      while next < batch.pairs.count && context.shapeAlike(batch.pairs[next].run, run)
        && batch.pairs[next].level == level
      {
        next += 1
      }
      let rangeEnd = next < batch.pairs.count ? batch.pairs[next].firstRange : batch.ranges.count
      batch.pairMeasures.removeAll(keepingCapacity: true)
      if rangeStart == 0 && rangeEnd == batch.ranges.count {
        // One stretch, the usual case: its ranges are all of them, measured without a copy.
        context.measure(batch.ranges, run: run, isRightToLeft: false, into: &batch.pairMeasures)
      } else {
        batch.pairRanges.removeAll(keepingCapacity: true)
        batch.pairRanges.append(contentsOf: batch.ranges[rangeStart..<rangeEnd])
        context.measure(
          batch.pairRanges, run: run, isRightToLeft: false, into: &batch.pairMeasures)
      }
      let measures = batch.pairMeasures
      for pair in stretch..<next {
        var base = batch.pairs[pair].firstRange - rangeStart
        var alone = batch.pairs[pair].alone
        if alone.isNaN {
          alone = measures[base].advance + measures[base + 1].advance
          base += 2
        }
        let adjustment = measures[base].advance - alone
        // What is left of a pair the face does not kern is rounding.
        if abs(adjustment) > Self.pairTolerance {
          batch.adjustments[batch.pairs[pair].segment] = adjustment
        }
      }
      stretch = next
    }
    batch.pairs.removeAll(keepingCapacity: true)
  }

  /// The smallest kerning kept, in points: less than any font unit at any size in use, more
  /// than the rounding of three sums of advances.
  static let pairTolerance = 1e-9

  /// Measures one piece, as the batch that holds it will, in the buffers of the batch's pairs
  /// (which hold nothing until the pairs are measured).
  static func measureAlone(
    _ cut: LayoutContext.PieceCut, scratch batch: inout MeasureBatch, context: LayoutContext
  ) -> ShapedMeasure {
    batch.pairRanges.removeAll(keepingCapacity: true)
    batch.pairRanges.append(cut.range)
    batch.pairMeasures.removeAll(keepingCapacity: true)
    context.shaper.measure(
      batch.pairRanges, in: context.text.string, style: context.shapingText.runs[cut.run].style,
      isRightToLeft: cut.level & 1 == 1, into: &batch.pairMeasures)
    return batch.pairMeasures[0]
  }

  /// The first piece of a segment the batch does not hold.
  static func firstPiece(
    ofSegment range: Range<Int>, analysis: WindowAnalysis, context: LayoutContext
  ) -> LayoutContext.PieceCut? {
    var first: LayoutContext.PieceCut?
    context.forEachPiece(
      ofSegment: range, contentEnd: context.trailingSpaceStart(in: range),
      levels: analysis.levelRuns, paragraphLevel: analysis.paragraphLevel
    ) { cut in
      if first == nil { first = cut }
    }
    return first
  }

  /// The last grapheme of the piece `before` and the first of the piece `after` it, which a
  /// boundary between segments separates.
  static func pairRanges(
    before: Range<Int>, after: Range<Int>, context: LayoutContext
  ) -> (before: Range<Int>, after: Range<Int>)? {
    guard !before.isEmpty, !after.isEmpty else { return nil }
    // Most pairs are two CJK characters or Hangul syllables: read from the bytes, without
    // slicing the string for a `Character` on each side (about 1,700 instructions a pair).
    if let (lastLength, firstLength) = context.withUTF8({
      plainEdgeLengths(before: before, after: after, in: $0)
    }) {
      return (
        before.upperBound - lastLength..<before.upperBound,
        after.lowerBound..<after.lowerBound + firstLength
      )
    }
    guard let last = context.text.slice(before).last, let first = context.text.slice(after).first
    else { return nil }
    let start = max(before.lowerBound, before.upperBound - last.utf8.count)
    let end = min(after.upperBound, after.lowerBound + first.utf8.count)
    return (start..<before.upperBound, after.lowerBound..<end)
  }

  /// The UTF-8 lengths of the last grapheme of `before` and of the first grapheme of `after`
  /// when each is one ``isPlainWide(_:)`` scalar whose neighbour in its range is ASCII or
  /// another such scalar; `nil` otherwise.
  ///
  /// Such a scalar is a grapheme cluster of its own there: its Grapheme_Cluster_Break is Other
  /// (ASCII, the ideographs, kana and punctuation) or LV or LVT (the Hangul syllables), and
  /// that of its neighbour is Other, LV, LVT, Control, CR or LF, so that no rule of UAX #29
  /// but the ones that break applies between them: none extends, prepends, or joins jamo (and
  /// a printable character is no CR or LF).
  /// `PairEdgeTests` hold it to the string's own `Character`s.
  ///
  /// - Parameters:
  ///   - before: A non-empty UTF-8 range of `bytes`, on scalar boundaries.
  ///   - after: A non-empty UTF-8 range of `bytes`, on scalar boundaries.
  static func plainEdgeLengths(
    before: Range<Int>, after: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (last: Int, first: Int)? {
    let (last, lastStart) = UTF8Decoding.scalar(endingAt: before.upperBound, in: bytes)
    guard isPlainWide(last.value) else { return nil }
    if lastStart > before.lowerBound {
      let previous = UTF8Decoding.scalar(endingAt: lastStart, in: bytes).scalar.value
      guard previous < 0x80 || isPlainWide(previous) else { return nil }
    }
    let (first, firstLength) = UTF8Decoding.scalar(at: after.lowerBound, in: bytes)
    guard isPlainWide(first.value) else { return nil }
    let firstEnd = after.lowerBound + firstLength
    if firstEnd < after.upperBound {
      let next = UTF8Decoding.scalar(at: firstEnd, in: bytes).scalar.value
      guard next < 0x80 || isPlainWide(next) else { return nil }
    }
    return (before.upperBound - lastStart, firstLength)
  }

  /// Whether a scalar is printable ASCII, a CJK unified ideograph (U+4E00 to U+9FFF), a
  /// hiragana letter (U+3041 to U+3096), a katakana letter (U+30A1 to U+30FA), the prolonged
  /// sound mark, the ideographic comma, full stop, ditto and iteration marks and brackets
  /// (U+3001 to U+3005, U+3008 to U+3011), a full-width form of ASCII (U+FF01 to U+FF5E) or a
  /// Hangul syllable (U+AC00 to U+D7A3): the characters of most pairs
  /// ``pairRanges(before:after:context:)`` finds, none of which joins another of them.
  static func isPlainWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x20...0x7E, 0x3001...0x3005, 0x3008...0x3011, 0x3041...0x3096, 0x30A1...0x30FA,
      0x30FC, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:
      true
    default: false
    }
  }

  /// Measures the batch's pieces into its measures, in order: one shaper call for each
  /// stretch of pieces with one font (``LayoutContext/shapeAlike(_:_:)``) and one level; a
  /// run of tabs gets its style's font metrics and no advance.
  static func measurePieces(_ batch: inout MeasureBatch, context: LayoutContext) {
    let pieces = batch.pieces
    var stretch = 0
    while stretch < pieces.count {
      let cut = pieces[stretch].cut
      if cut.isTab {
        let font = context.shaper.metrics(for: context.shapingText.runs[cut.run].style)
        batch.measures.append(
          ShapedMeasure(
            advance: 0, hangingAdvance: 0, ascent: font.ascent, descent: font.descent,
            lineGap: font.lineGap))
        stretch += 1
        continue
      }
      var next = stretch + 1
      while next < pieces.count && context.shapeAlike(pieces[next].cut.run, cut.run)
        && pieces[next].cut.level == cut.level && !pieces[next].cut.isTab
      {
        next += 1
      }
      batch.ranges.removeAll(keepingCapacity: true)
      pieces.withUnsafeBufferPointer { pieces in
        batch.ranges.append(
          contentsOf: PieceRanges(pieces: UnsafeBufferPointer(rebasing: pieces[stretch..<next])))
      }
      context.measure(
        batch.ranges, run: cut.run, isRightToLeft: cut.level & 1 == 1, into: &batch.measures)
      stretch = next
    }
  }
}
