#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Tabs: advances that depend on where the pen is

extension LayoutBuilder {
  /// Whether a range of the text holds a tab character.
  ///
  /// Segments with tabs are rare: they take the slower paths below. Only windows that hold a
  /// tab (``WindowAnalysis/hasTabs``) search their segments, and shaping a segment (far
  /// costlier) searches it once.
  func containsTab(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return false }
    var string = text.string
    return string.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base + range.lowerBound, 0x09, range.count) != nil
    }
  }

  /// Whether a piece is a run of tabs (pieces are cut so that tabs are never shaped with
  /// anything else).
  func isTabRun(_ piece: Range<Int>) -> Bool {
    guard !piece.isEmpty else { return false }
    var string = text.string
    return string.withUTF8 { $0[piece.lowerBound] == 0x09 }
  }

  /// Calls `body` with the parts of a piece: runs of tabs, and runs of anything else.
  func forEachTabPart(of piece: Range<Int>, _ body: (Range<Int>) -> Void) {
    var string = text.string
    var parts: [Range<Int>] = []
    string.withUTF8 { bytes in
      var start = piece.lowerBound
      while start < piece.upperBound {
        let isTab = bytes[start] == 0x09
        var end = start + 1
        while end < piece.upperBound && (bytes[end] == 0x09) == isTab { end += 1 }
        parts.append(start..<end)
        start = end
      }
    }
    for part in parts { body(part) }
  }

  /// A run of tabs as shaped text: a cluster for each tab, with no glyph (a tab is never
  /// drawn) and no advance of its own (it gets one when its line is placed), and the vertical
  /// metrics of its style's font, so that a line of tabs is as tall as a line of text.
  func shapedTabs(count: Int, style: TextStyle) -> ShapedText {
    let font = shaper.metrics(for: style)
    return ShapedText(
      runs: [], clusters: (0..<count).map { ShapedText.Cluster(range: $0..<$0 + 1, advance: 0) },
      ascent: font.ascent, descent: font.descent, lineGap: font.lineGap)
  }

  /// The advance of a segment and of its content when it starts at `pen` on its line: its
  /// stored sums, or for a segment with tabs, its pieces walked with each tab advancing to
  /// the next stop.
  func advances(
    of segment: Segment, at pen: Double, in pieces: [Piece]
  ) -> (advance: Double, content: Double) {
    guard segment.hasTabs else { return (segment.advance, segment.contentAdvance) }
    return Self.tabbedAdvances(
      of: pieces[segment.pieces], at: pen, stops: configuration.tabStops)
  }

  /// ``advances(of:at:in:)`` for a segment of a drafted line.
  func advances(
    of segment: Segment, at pen: Double, inLineAt arena: Int
  ) -> (advance: Double, content: Double) {
    guard segment.hasTabs else { return (segment.advance, segment.contentAdvance) }
    return advances(of: segment, at: pen, in: pieceStore(of: segment, inLineAt: arena))
  }

  /// The advance of pieces placed from `pen` on, in logical order, each tab going to the next
  /// stop; and the advance up to the end of their content (without the whitespace that
  /// hangs at a line end).
  static func tabbedAdvances(
    of pieces: ArraySlice<Piece>, at pen: Double, stops: TabStops
  ) -> (advance: Double, content: Double) {
    var x = pen
    var contentX = pen
    for piece in pieces {
      if piece.isTab {
        for _ in piece.range { x = stops.nextStop(after: x) }
      } else {
        x += piece.advance
      }
      if !piece.isTrailingWhitespace { contentX = x - piece.trailingAdvance }
    }
    return (x - pen, contentX - pen)
  }

  /// Gives the tab pieces of a line (in logical order, placed from its start edge) their
  /// advances: each tab's cluster the distance to its stop.
  func placeTabs(in pieces: inout [Piece]) {
    var x = 0.0
    for index in pieces.indices {
      guard pieces[index].isTab else {
        x += pieces[index].advance
        continue
      }
      let start = x
      var clusters = pieces[index].shaped.clusters
      for cluster in clusters.indices {
        let stop = configuration.tabStops.nextStop(after: x)
        clusters[cluster].advance = stop - x
        x = stop
      }
      let shaped = pieces[index].shaped
      pieces[index].shaped = ShapedText(
        runs: [], clusters: clusters, ascent: shaped.ascent, descent: shaped.descent,
        lineGap: shaped.lineGap)
      pieces[index].advance = x - start
      if pieces[index].isTrailingWhitespace { pieces[index].trailingAdvance = x - start }
    }
  }

  /// The metrics of a line that holds a tab: as ``metrics(of:)``, with each segment's advances
  /// taken where it starts, and the whitespace hanging at the end summed on the way.
  func tabbedMetrics(
    of segments: Range<Int>, range: Range<Int>, table: [VerticalMetrics], token: [Piece],
    arena: Int
  ) -> LineMetrics {
    var result = LineMetrics(total: 0, trailing: 0, ascent: 0, descent: 0, lineGap: 0)
    var hanging = 0.0
    for segment in lineSegments[segments] {
      let measured = advances(of: segment, at: result.total, inLineAt: arena)
      result.total += measured.advance
      let trailing = measured.advance - measured.content
      hanging = segment.contentEnd > segment.range.lowerBound ? trailing : hanging + trailing
      raise(&result, toMetricsOf: segment, table: table)
    }
    add(token, to: &result)
    if token.isEmpty { result.trailing = hanging }
    return result
  }
}
