/// The text between two line-break opportunities, measured: the unit lines are filled with.
///
/// A plain value of sums: line filling reads only what is stored here, so copying a segment
/// counts no references and allocates nothing. A segment keeps no glyphs: placing a line
/// shapes its segments' pieces then (see ``LinePlacer``), from the shaper's cache, in the
/// pieces ``LayoutContext/forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:mayHoldTabs:_:)``
/// cuts, whose measures these sums are.
struct Segment: Sendable {
  // Offsets are stored in 32 bits (ICU analyzes at most 2³¹ − 1 bytes at once): a prepared
  // list keeps tens of segments for each of its rows, and a re-layout reads them all.
  private let start: Int32
  private let end: Int32
  private let storedContentEnd: Int32
  /// Whether a mandatory break follows the segment.
  let isMandatory: Bool
  /// Whether the segment holds a tab: its advances then depend on where it starts on its line
  /// (see ``TabbedSegment``), and ``advance`` and ``contentAdvance`` count its tabs as 0.
  let hasTabs: Bool
  /// How many of the segment's characters no face covers (drawn as boxes), at most 65,535: it
  /// fits beside the flags, so a segment stays small.
  let uncoveredCount: UInt16
  /// The segment's vertical metrics in its table (see ``VerticalMetrics``).
  let metrics: VerticalMetrics.Index

  var range: Range<Int> { Int(start)..<Int(end) }
  /// Where the segment's trailing whitespace starts.
  var contentEnd: Int { Int(storedContentEnd) }
  /// The advance of all pieces, with the ``pairAdjustment`` when there is one: what the
  /// segment takes on a line where another follows it.
  let advance: Double
  /// The advance without the whitespace that hangs at a line end, and without the
  /// ``pairAdjustment``: what the segment takes when it ends a line.
  let contentAdvance: Double

  /// The kerning between the segment's last character and the next segment's first, when the
  /// two are shaped in one face, style and direction with nothing between them (a Japanese
  /// kana pair, a hyphen and the letter after it): shaping the run whole, as Pango does, moves
  /// them by it, so a line that holds both is that much narrower than its segments measured
  /// alone. It is in ``advance`` only: a segment that ends its line, or has the token after
  /// it, is drawn without it (see ``SegmentMaker``).
  ///
  /// Stored as the difference of the two advances, which a segment without trailing
  /// whitespace otherwise has equal, so that a segment stays as small as it was.
  var pairAdjustment: Double { contentEnd == range.upperBound ? advance - contentAdvance : 0 }

  /// The sums over a segment's pieces, added in logical order.
  struct Sums {
    var advance = 0.0
    var contentAdvance = 0.0
    var ascent = 0.0
    var descent = 0.0
    var lineGap = 0.0
    var uncovered = 0

    /// Adds a piece.
    ///
    /// - Parameters:
    ///   - advance: The piece's advance.
    ///   - trailing: The advance of its whitespace that hangs at a line end.
    ///   - ascent: The piece's ascent (and so on).
    mutating func add(
      advance: Double, trailing: Double, ascent: Double, descent: Double, lineGap: Double
    ) {
      self.advance += advance
      contentAdvance += advance - trailing
      self.ascent = max(self.ascent, ascent)
      self.descent = max(self.descent, descent)
      self.lineGap = max(self.lineGap, lineGap)
    }

    /// Adds a measured piece whose hanging part is `hanging`.
    mutating func add(_ measure: ShapedMeasure, hanging: LayoutContext.Hanging) {
      let trailing: Double =
        switch hanging {
        case .none: 0
        case .trailingSpaces: measure.hangingAdvance
        case .all: measure.advance
        }
      add(
        advance: measure.advance, trailing: trailing, ascent: measure.ascent,
        descent: measure.descent, lineGap: measure.lineGap)
      uncovered += measure.uncoveredCharacterCount
    }
  }

  /// Creates a segment from the sums of its pieces.
  ///
  /// - Parameters:
  ///   - pairAdjustment: The kerning with the next segment (``pairAdjustment``); only a
  ///     segment without trailing whitespace or tabs has one.
  ///   - table: The table of vertical metrics the segment's metrics join if they are new, and
  ///     which of a layout's tables it is.
  init(
    range: Range<Int>, contentEnd: Int, isMandatory: Bool, hasTabs: Bool, sums: Sums,
    pairAdjustment: Double = 0, table: inout VerticalMetrics.Table
  ) {
    precondition(
      pairAdjustment == 0 || (contentEnd == range.upperBound && !hasTabs),
      "Only a segment without trailing whitespace or tabs is kerned with the next one")
    self.hasTabs = hasTabs
    uncoveredCount = UInt16(clamping: sums.uncovered)
    start = Int32(truncatingIfNeeded: range.lowerBound)
    end = Int32(truncatingIfNeeded: range.upperBound)
    storedContentEnd = Int32(truncatingIfNeeded: contentEnd)
    self.isMandatory = isMandatory
    self.advance = sums.advance + pairAdjustment
    self.contentAdvance = sums.contentAdvance
    metrics = table.index(
      of: VerticalMetrics(ascent: sums.ascent, descent: sums.descent, lineGap: sums.lineGap))
  }
}
