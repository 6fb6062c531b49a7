/// The placement stage: turns drafted lines into a ``LaidOutText`` (bidi reordering,
/// alignment, vertical metrics, and the glyphs of the lines' pieces, shaped now and stored in
/// one ``GlyphStorage``), or measures them into a ``TextMeasurement`` without glyphs. Both
/// take a line's metrics from ``metrics(ofDraftAt:maker:)``, so that they agree to the last bit.
struct LinePlacer {
  let context: LayoutContext
  /// Where the filled lines are: placement reads the line breaker in place. Held by value, it
  /// was copied for each text placed or measured (its seven references retained, then
  /// released: about 200 instructions a row of a list).
  private let linesAddress: UnsafePointer<LineBreaker>

  /// Makes a placer of the lines at `lines`, which must not change or move while it is used
  /// (``LayoutPass`` makes one inside `withUnsafePointer(to: &lines)`).
  init(context: LayoutContext, lines: UnsafePointer<LineBreaker>) {
    self.context = context
    linesAddress = lines
  }

  /// The filled lines and their segments.
  var lines: LineBreaker { unsafeAddress { linesAddress } }

  /// The horizontal and vertical metrics of a drafted line.
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
    let font = context.shaper.metrics(
      for: context.shapingText.style(at: min(offset, context.count)))
    return LineMetrics(
      total: 0, trailing: 0, ascent: font.ascent, descent: font.descent, lineGap: font.lineGap)
  }

  /// The metrics of the drafted line at `draft`: its segments' sums, its token, and the
  /// whitespace that hangs at its end. The draft is read in place: passed from the drafts'
  /// array, it was copied for the call (its arrays retained, then released).
  func metrics(
    ofDraftAt draft: UnsafePointer<LineDraft>, maker: inout SegmentMaker
  ) -> LineMetrics {
    var result = LineMetrics(total: 0, trailing: 0, ascent: 0, descent: 0, lineGap: 0)
    var hasPieces = false
    // A line's segments almost all index the same metrics: raising to them again changes
    // nothing (a maximum), so only a change of index is looked up.
    var raisedTo: VerticalMetrics.Index?
    // Read in place: the array's subscript copied each 40-byte segment out, checked.
    let hasTabs = lines.lineSegments.withUnsafeBufferPointer { segments in
      for index in draft.pointee.segments {
        // A line with tabs is measured the slow way (rare).
        if segments[index].hasTabs { return true }
        result.total += segments[index].advance
        if segments[index].metrics != raisedTo {
          raise(&result, toMetricsOf: segments[index], table: draft.pointee.metrics)
          raisedTo = segments[index].metrics
        }
        // A segment has pieces exactly when its range is not empty.
        hasPieces = hasPieces || !segments[index].range.isEmpty
      }
      return false
    }
    if hasTabs { return tabbedMetrics(of: draft.pointee, maker: &maker) }
    // The last segment is kerned with no segment on this line.
    if let last = draft.pointee.segments.last {
      result.total -= lines.lineSegments[last].pairAdjustment
    }
    add(draft.pointee.token, to: &result)
    hasPieces = hasPieces || !draft.pointee.token.isEmpty
    if draft.pointee.token.isEmpty {
      // Rule L1 and hanging: the whitespace at the end of the line, through segments that
      // hold nothing else, and the trailing spaces of the last segment with content.
      for index in draft.pointee.segments.reversed() {
        let segment = lines.lineSegments[index]
        result.trailing += segment.advance - segment.contentAdvance - segment.pairAdjustment
        if segment.contentEnd > segment.range.lowerBound { break }
      }
    }
    if !hasPieces {
      let font = emptyLineMetrics(at: draft.pointee.range.lowerBound)
      result.ascent = font.ascent
      result.descent = font.descent
      result.lineGap = font.lineGap
    }
    return result
  }

  /// The metrics of a line that holds a tab: as ``metrics(ofDraftAt:maker:)``, with each segment's
  /// advances taken where it starts, and the whitespace hanging at the end summed on the way.
  private func tabbedMetrics(of draft: LineDraft, maker: inout SegmentMaker) -> LineMetrics {
    var result = LineMetrics(total: 0, trailing: 0, ascent: 0, descent: 0, lineGap: 0)
    var hanging = 0.0
    for index in draft.segments {
      let segment = lines.lineSegments[index]
      let measured = TabbedSegment.advances(
        of: segment, at: result.total, levels: draft.levels,
        paragraphLevel: draft.paragraphLevel, maker: &maker)
      result.total += measured.advance
      let trailing = measured.advance - measured.content - segment.pairAdjustment
      hanging = segment.contentEnd > segment.range.lowerBound ? trailing : hanging + trailing
      raise(&result, toMetricsOf: segment, table: draft.metrics)
    }
    // The last segment is kerned with no segment on this line.
    if let last = draft.segments.last {
      result.total -= lines.lineSegments[last].pairAdjustment
    }
    add(draft.token, to: &result)
    if draft.token.isEmpty { result.trailing = hanging }
    return result
  }

  /// Raises a line's vertical metrics to those of one of its segments.
  private func raise(
    _ line: inout LineMetrics, toMetricsOf segment: Segment, table: VerticalMetrics.Table
  ) {
    let vertical = segment.metrics.metrics(in: table, cutSegments: lines.cutMetrics)
    line.ascent = max(line.ascent, vertical.ascent)
    line.descent = max(line.descent, vertical.descent)
    line.lineGap = max(line.lineGap, vertical.lineGap)
  }

  /// Adds a line's token: its advance, and its fonts' vertical metrics.
  private func add(_ token: [TokenPiece], to line: inout LineMetrics) {
    for piece in token {
      line.total += piece.measure.advance
      line.ascent = max(line.ascent, piece.measure.ascent)
      line.descent = max(line.descent, piece.measure.descent)
      line.lineGap = max(line.lineGap, piece.measure.lineGap)
    }
  }

  // MARK: - Measuring

  /// Measures the drafted lines as ``place(isTruncated:maker:)`` would place them.
  func measure(isTruncated: Bool, maker: inout SegmentMaker) -> TextMeasurement {
    var top = 0.0
    var widest = 0.0
    var uncovered = 0
    // In place: enumerating the drafts, or passing `lines.drafts[index]`, copied each one
    // (its arrays retained, then released).
    lines.drafts.withUnsafeBufferPointer { drafts in
      for index in drafts.indices {
        if index > 0 { top += context.configuration.lineSpacing }
        let metrics = metrics(ofDraftAt: drafts.baseAddress! + index, maker: &maker)
        top += metrics.height
        widest = max(widest, metrics.contentWidth)
        lines.lineSegments.withUnsafeBufferPointer { segments in
          for index in drafts[index].segments where segments[index].uncoveredCount > 0 {
            uncovered += Int(segments[index].uncoveredCount)
          }
        }
      }
    }
    if lines.drafts.isEmpty {
      // Only an empty text has no paragraph; it still has one empty line, as placed.
      return TextMeasurement(
        lineCount: 1, size: LayoutSize(width: 0, height: emptyLineMetrics(at: 0).height),
        isTruncated: isTruncated, visibleEnd: 0)
    }
    return TextMeasurement(
      lineCount: lines.drafts.count, size: LayoutSize(width: widest, height: top),
      isTruncated: isTruncated,
      visibleEnd: lines.drafts[lines.drafts.count - 1].range.upperBound,
      isClipped: context.configuration.isClipped(atContentWidth: widest),
      uncoveredCharacterCount: uncovered)
  }
}
