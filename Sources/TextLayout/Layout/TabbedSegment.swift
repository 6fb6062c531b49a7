/// Tabs, all in one place: a segment that holds a tab has advances that depend on where its
/// line places it, so it cannot live in a segment's sums alone.
///
/// Runs of tabs are cut into pieces of their own that are never shaped (HarfBuzz would give
/// DejaVu Sans's missing-glyph box): a cluster per tab, no glyph, and the style's font metrics
/// for the line height (``LayoutContext/forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:mayHoldTabs:_:)``
/// cuts them, ``SegmentMaker`` measures them). A segment holding one is marked
/// ``Segment/hasTabs``; its sums count its tabs as 0, and line filling, line metrics, the
/// token and wide-word breaking take its advances at a pen from its ``Part``s, each tab going
/// to ``TabStops/nextStop(after:)``; placement gives each tab's cluster its advance. Stops are
/// measured from the line's start edge in logical order, so from the right in a right-to-left
/// paragraph; a tab hangs at a line end like a space, and a pen exactly on a stop moves to the
/// next one. Windows remember whether they hold a tab (one `memchr`), so text without tabs
/// pays nothing else.
enum TabbedSegment {
  /// A piece of a segment with tabs, as its advance at a pen needs it.
  struct Part {
    /// The number of tabs when the piece is a run of tabs, otherwise 0.
    var tabCount: Int
    /// The piece's advance (0 for tabs).
    var advance: Double
    /// The advance of the whitespace that ends the piece and hangs at a line end.
    var trailingAdvance: Double
    /// Whether the piece is whitespace that ends its segment.
    var isTrailingWhitespace: Bool
  }

  /// The advance of parts placed from `pen` on, in logical order, each tab going to the next
  /// stop; and the advance up to the end of their content (without the whitespace that hangs
  /// at a line end).
  static func advances(
    of parts: [Part], at pen: Double, stops: TabStops
  ) -> (advance: Double, content: Double) {
    var x = pen
    var contentX = pen
    for part in parts {
      if part.tabCount > 0 {
        for _ in 0..<part.tabCount { x = stops.nextStop(after: x) }
      } else {
        x += part.advance
      }
      if !part.isTrailingWhitespace { contentX = x - part.trailingAdvance }
    }
    return (x - pen, contentX - pen)
  }

  /// The advance of a segment and of its content when it starts at `pen` on its line: its
  /// sums, or for a segment with tabs, its parts walked from the pen.
  ///
  /// - Parameters:
  ///   - levels: The level runs of the segment's window.
  ///   - paragraphLevel: The level of its paragraph.
  static func advances(
    of segment: Segment, at pen: Double, levels: [BidiAnalysis.LevelRun], paragraphLevel: UInt8,
    maker: inout SegmentMaker
  ) -> (advance: Double, content: Double) {
    guard segment.hasTabs else { return (segment.advance, segment.contentAdvance) }
    let parts = maker.tabParts(of: segment, levels: levels, paragraphLevel: paragraphLevel)
    return advances(of: parts, at: pen, stops: maker.context.configuration.tabStops)
  }

  /// The advance of each grapheme of a line broken inside a word with tabs: a tab's depends on
  /// the pen, from the start of the line, where a segment too wide for one is broken.
  ///
  /// - Parameters:
  ///   - graphemes: The graphemes from `start` on, with their advances as shaped (0 for tabs).
  ///   - start: Where the first grapheme starts.
  static func placeTabs(
    in graphemes: inout [(end: Int, advance: Double)], from start: Int, context: LayoutContext
  ) {
    var pen = 0.0
    var start = start
    context.withUTF8 { bytes in
      for index in graphemes.indices {
        if graphemes[index].end > start && bytes[start] == 0x09 {
          graphemes[index].advance =
            context.configuration.tabStops.nextStop(after: pen) - pen
        }
        pen += graphemes[index].advance
        start = graphemes[index].end
      }
    }
  }

  /// Gives the tab pieces of a line (in logical order, placed from its start edge) their
  /// advances: each tab's cluster the distance to its stop.
  static func placeTabs(
    in pieces: inout [ShapedPiece], storage: inout GlyphStorage, stops: TabStops
  ) {
    var x = 0.0
    for index in pieces.indices {
      guard pieces[index].isTab else {
        x += pieces[index].advance
        continue
      }
      let start = x
      for cluster in pieces[index].stored.clusters {
        let stop = stops.nextStop(after: x)
        storage.setClusterAdvance(stop - x, at: cluster)
        x = stop
      }
      pieces[index].stored.advance = x - start
      if pieces[index].isTrailingWhitespace { pieces[index].trailingAdvance = x - start }
    }
  }
}
