/// A shaped piece of a line: one style, one bidi level, within one segment.
struct Piece: Sendable {
  var range: Range<Int>
  /// The style: an index into the text's runs for a `.text` piece, into the layout's token
  /// styles otherwise. An index, not a ``TextStyle``, keeps copies of pieces free of reference
  /// counting.
  var style: Int
  var level: UInt8
  var shaped: ShapedText
  var advance: Double
  /// Whether the piece is whitespace that ends its segment (it hangs at a line end).
  var isTrailingWhitespace: Bool
  var role: LineRun.Role
  /// The advance of the whitespace that ends the piece and hangs at a line end: all of it for
  /// a whitespace piece, the trailing spaces of a word shaped together with them, or 0.
  var trailingAdvance: Double = 0
  /// Where that whitespace starts (the piece's end when there is none).
  var contentEnd: Int
  /// Whether the piece is a run of tabs: no glyphs, and an advance that depends on where its
  /// line places it (see ``TabStops``).
  var isTab = false

  init(
    range: Range<Int>, style: Int, level: UInt8, shaped: ShapedText, advance: Double,
    isTrailingWhitespace: Bool, role: LineRun.Role
  ) {
    self.range = range
    self.style = style
    self.level = level
    self.shaped = shaped
    self.advance = advance
    self.isTrailingWhitespace = isTrailingWhitespace
    self.role = role
    self.trailingAdvance = isTrailingWhitespace ? advance : 0
    self.contentEnd = isTrailingWhitespace ? range.lowerBound : range.upperBound
  }

  /// The advance without the hanging whitespace.
  var contentAdvance: Double { advance - trailingAdvance }
}

/// The text between two line-break opportunities, shaped or measured.
///
/// A plain value: its pieces live in one of the piece chunks of the window that shaped it (see
/// ``WindowAnalysis/pieceChunks``) or, for a part cut from another segment, in the layout's
/// scratch arena (``LayoutBuilder/scratch``); a segment a measurement made has none
/// (``PieceLocation/unshaped``) and is shaped when a line that holds it is placed. Line filling reads only the
/// sums and metrics stored here, so copying a segment counts no references and allocates
/// nothing.
struct Segment: Sendable {
  /// Where a segment's pieces are kept.
  enum PieceLocation: Equatable {
    /// In a piece chunk of the segment's window: the chunk's index among the window's.
    case windowChunk(Int)
    /// In the layout's scratch arena: a part cut from another segment, or a measured segment
    /// shaped late.
    case scratch
    /// Nowhere: the segment was measured without keeping pieces, and is shaped when a line
    /// that holds it is placed.
    case unshaped

    /// The location in the 32 bits a segment keeps: a chunk's index, or a negative number.
    init(stored: Int32) {
      switch stored {
      case Self.storedScratch: self = .scratch
      case Self.storedUnshaped: self = .unshaped
      default: self = .windowChunk(Int(stored))
      }
    }

    var stored: Int32 {
      switch self {
      case .windowChunk(let chunk): Int32(truncatingIfNeeded: chunk)
      case .scratch: Self.storedScratch
      case .unshaped: Self.storedUnshaped
      }
    }

    private static let storedScratch: Int32 = -1
    private static let storedUnshaped: Int32 = -2
  }

  // Offsets and indices are stored in 32 bits (ICU analyzes at most 2³¹ − 1 bytes at once):
  // a prepared list keeps tens of segments for each of its rows, and a re-layout reads them all.
  private let start: Int32
  private let end: Int32
  private let firstPiece: Int32
  private let endPiece: Int32
  private let storedLocation: Int32
  private let storedContentEnd: Int32
  /// Whether a mandatory break follows the segment.
  let isMandatory: Bool
  /// Whether the segment holds a tab: its advances then depend on where it starts on its line,
  /// and ``advance`` and ``contentAdvance`` count its tabs as 0.
  let hasTabs: Bool
  /// How many of the segment's characters no face covers (drawn as boxes), at most 65,535: it
  /// fits beside the flags, so a segment stays as large as it was.
  let uncoveredCount: UInt16
  /// The index of the segment's vertical metrics in its table (see ``VerticalMetrics``).
  let metrics: UInt32

  var range: Range<Int> { Int(start)..<Int(end) }
  /// The indices of the segment's pieces in its chunk.
  var pieces: Range<Int> { Int(firstPiece)..<Int(endPiece) }
  /// Where the segment's pieces are kept.
  var location: PieceLocation { PieceLocation(stored: storedLocation) }
  /// Where the segment's trailing whitespace starts.
  var contentEnd: Int { Int(storedContentEnd) }
  /// The advance of all pieces.
  let advance: Double
  /// The advance without the whitespace that hangs at a line end.
  let contentAdvance: Double

  /// The sums over a segment's pieces, added in logical order, the same way whether the pieces
  /// are kept or only measured.
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

    /// Adds a measured piece.
    mutating func add(_ measure: ShapedMeasure, trailing: Double) {
      add(
        advance: measure.advance, trailing: trailing, ascent: measure.ascent,
        descent: measure.descent, lineGap: measure.lineGap)
      uncovered += measure.uncoveredCharacterCount
    }
  }

  /// Creates a segment of the pieces at `pieces` in `arena`.
  ///
  /// - Parameter table: The vertical metrics of the segments that share `arena`, which the
  ///   segment's metrics join if they are new.
  init(
    range: Range<Int>, pieces: Range<Int>, in arena: [Piece], location: PieceLocation,
    contentEnd: Int,
    isMandatory: Bool, table: inout [VerticalMetrics]
  ) {
    var sums = Sums()
    for index in pieces {
      sums.add(
        advance: arena[index].advance, trailing: arena[index].trailingAdvance,
        ascent: arena[index].shaped.ascent, descent: arena[index].shaped.descent,
        lineGap: arena[index].shaped.lineGap)
      sums.uncovered += arena[index].shaped.uncoveredCharacterCount
    }
    self.init(
      range: range, pieces: pieces, location: location, contentEnd: contentEnd,
      isMandatory: isMandatory, hasTabs: pieces.contains { arena[$0].isTab }, sums: sums,
      table: &table)
  }

  /// Creates a measured segment, with no pieces (never one with tabs: see
  /// ``LayoutBuilder/makeNextSegments(_:)``).
  init(
    range: Range<Int>, contentEnd: Int, isMandatory: Bool, sums: Sums,
    table: inout [VerticalMetrics]
  ) {
    self.init(
      range: range, pieces: 0..<0, location: .unshaped, contentEnd: contentEnd,
      isMandatory: isMandatory, hasTabs: false, sums: sums, table: &table)
  }

  private init(
    range: Range<Int>, pieces: Range<Int>, location: PieceLocation, contentEnd: Int,
    isMandatory: Bool, hasTabs: Bool,
    sums: Sums, table: inout [VerticalMetrics]
  ) {
    self.hasTabs = hasTabs
    uncoveredCount = UInt16(clamping: sums.uncovered)
    start = Int32(truncatingIfNeeded: range.lowerBound)
    end = Int32(truncatingIfNeeded: range.upperBound)
    firstPiece = Int32(truncatingIfNeeded: pieces.lowerBound)
    endPiece = Int32(truncatingIfNeeded: pieces.upperBound)
    storedLocation = location.stored
    storedContentEnd = Int32(truncatingIfNeeded: contentEnd)
    self.isMandatory = isMandatory
    self.advance = sums.advance
    self.contentAdvance = sums.contentAdvance
    metrics = VerticalMetrics(ascent: sums.ascent, descent: sums.descent, lineGap: sums.lineGap)
      .index(in: &table)
  }
}

/// The largest ascent, descent and line gap of the fonts a segment uses.
///
/// A window's segments almost all use one font, so they keep an index into a small table of
/// these (the window's, or the scratch arena's) instead of three numbers each: a prepared list
/// keeps tens of segments for every row, and a re-layout reads them all.
struct VerticalMetrics: Sendable, Equatable {
  var ascent: Double
  var descent: Double
  var lineGap: Double

  /// The index of these metrics in a table: one of the last entries when it holds them,
  /// otherwise a new entry at its end.
  ///
  /// A window's segments almost always share the metrics of the segment before them, so only
  /// the last few entries are compared: a paragraph with thousands of distinct font sizes
  /// then costs a constant per segment, not a search of the whole table, and the table may
  /// hold the same metrics twice, which costs nothing but an entry. Indices are 32 bits, as
  /// many as a text has bytes.
  func index(in table: inout [VerticalMetrics]) -> UInt32 {
    // Compared bit for bit: the table must give back exactly the numbers it was given.
    for known in table.indices.suffix(Self.recentEntries).reversed()
    where table[known].ascent.bitPattern == ascent.bitPattern
      && table[known].descent.bitPattern == descent.bitPattern
      && table[known].lineGap.bitPattern == lineGap.bitPattern
    {
      return UInt32(known)
    }
    table.append(self)
    return UInt32(table.count - 1)
  }

  /// How many of a table's last entries ``index(in:)`` compares (computed, not stored: a
  /// stored static is checked for initialization on every access).
  static var recentEntries: Int { 8 }
}

/// A line before placement: its segments in logical order.
struct LineDraft {
  var range: Range<Int>
  /// Where the line's segments are in ``LayoutBuilder/lineSegments``.
  var segments: Range<Int>
  /// Where the chunks of the line's window start in ``LayoutBuilder/arenas``.
  var arena: Int
  /// The vertical metrics of the line's window, which its segments index.
  var metrics: [VerticalMetrics]
  /// The level runs of the line's window, to shape its measured segments.
  var levels: [BidiAnalysis.LevelRun]
  var endsParagraph: Bool
  var paragraphLevel: UInt8
  var token: [Piece] = []
}
