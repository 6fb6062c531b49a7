/// The largest ascent, descent and line gap of the fonts a segment uses.
///
/// A window's segments almost all use one font, so they keep an index into a small table of
/// these (the window's, or the layout's table of segments cut from others) instead of three
/// numbers each: a prepared list keeps tens of segments for every row, and a re-layout reads
/// them all.
struct VerticalMetrics: Sendable, Equatable {
  var ascent: Double
  var descent: Double
  var lineGap: Double

  /// Whether two metrics are the same bit for bit: a table must give back exactly the numbers
  /// it was given.
  @inline(__always)
  func isBitwiseEqual(to other: VerticalMetrics) -> Bool {
    ascent.bitPattern == other.ascent.bitPattern && descent.bitPattern == other.descent.bitPattern
      && lineGap.bitPattern == other.lineGap.bitPattern
  }

  /// A table of metrics that segments index: a window's, or a layout's for the segments it
  /// cuts from others (a word wider than the line, the last line before a token), which
  /// depend on the width and stay out of the windows a prepared text keeps.
  struct Table: Sendable {
    private(set) var entries: [VerticalMetrics] = []
    /// Whether this is a layout's table of cut segments: its indices carry a flag, so that a
    /// segment says which table it indexes.
    let isForCutSegments: Bool

    init(isForCutSegments: Bool = false) {
      self.isForCutSegments = isForCutSegments
    }

    /// The index of metrics in the table: one of the last entries when it holds them,
    /// otherwise a new entry at its end.
    ///
    /// A window's segments almost always share the metrics of the segment before them, so
    /// only the last few entries are compared: a paragraph with thousands of distinct font
    /// sizes then costs a constant per segment, not a search of the whole table, and the
    /// table may hold the same metrics twice, which costs nothing but an entry. Indices are 31
    /// bits, as many as a text has bytes.
    @inline(__always)
    mutating func index(of metrics: VerticalMetrics) -> Index {
      let flag: UInt32 = isForCutSegments ? Index.cutFlag : 0
      // The last entry first, in place: a window's segments almost all have its metrics, and
      // the general search below cost about 60 instructions a segment.
      let last = entries.count - 1
      if last >= 0, entries[last].isBitwiseEqual(to: metrics) {
        return Index(stored: UInt32(last) | flag)
      }
      return Index(stored: searchOrAppend(metrics) | flag)
    }

    /// The index of metrics among the last ``recentEntries`` entries but the last, or of a new
    /// entry at the table's end.
    private mutating func searchOrAppend(_ metrics: VerticalMetrics) -> UInt32 {
      var known = entries.count - 2
      let stop = max(0, entries.count - Self.recentEntries)
      while known >= stop {
        if entries[known].isBitwiseEqual(to: metrics) { return UInt32(known) }
        known -= 1
      }
      entries.append(metrics)
      return UInt32(entries.count - 1)
    }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
      entries.removeAll(keepingCapacity: true)
    }

    /// How many of a table's last entries ``index(of:)`` compares (computed, not stored: a
    /// stored static is checked for initialization on every access).
    static var recentEntries: Int { 8 }
  }

  /// Where a segment's metrics are: an entry of its window's table, or of its layout's table
  /// of cut segments.
  struct Index: Sendable, Equatable {
    fileprivate let stored: UInt32
    fileprivate static let cutFlag: UInt32 = 0x8000_0000

    /// The metrics, from the segment's window table or the layout's table of cut segments.
    func metrics(in table: Table, cutSegments: Table) -> VerticalMetrics {
      stored & Self.cutFlag != 0
        ? cutSegments.entries[Int(stored & ~Self.cutFlag)] : table.entries[Int(stored)]
    }
  }
}
