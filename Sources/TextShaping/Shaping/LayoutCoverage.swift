/// An OpenType Coverage table (formats 1 and 2), checked once when made: every record inside
/// the table and in strictly ascending order, so a binary search finds what HarfBuzz's finds.
struct LayoutCoverage {
  private let table: FontTableBytes
  private let offset: Int
  private let format: Int
  private let count: Int

  /// The coverage at `offset` in `table`, or `nil` when it is out of bounds, unsorted, or of
  /// another format.
  init?(_ table: FontTableBytes, at offset: Int) {
    guard let format = table.u16(offset), let count = table.u16(offset + 2) else { return nil }
    self.table = table
    self.offset = offset
    self.format = format
    self.count = count
    switch format {
    case 1:
      guard count == 0 || table.u16(offset + 4 + 2 * (count - 1)) != nil else { return nil }
      for index in 1..<max(1, count) {
        let (previous, glyph) = (glyph(at: index - 1), glyph(at: index))
        guard previous < glyph else { return nil }
      }
    case 2:
      guard count == 0 || table.u16(offset + 4 + 6 * count - 2) != nil else { return nil }
      var previousEnd = -1
      for index in 0..<count {
        let (start, end) = range(at: index)
        guard start <= end, start > previousEnd else { return nil }
        previousEnd = end
      }
    default:
      return nil
    }
  }

  private func glyph(at index: Int) -> Int {
    table.checkedU16(offset + 4 + 2 * index)
  }

  private func range(at index: Int) -> (start: Int, end: Int) {
    (table.checkedU16(offset + 4 + 6 * index), table.checkedU16(offset + 6 + 6 * index))
  }

  /// The coverage index of a glyph, or `nil` when the table does not cover it.
  func index(of glyph: Int) -> Int? {
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      if format == 1 {
        let found = self.glyph(at: middle)
        if glyph < found {
          high = middle - 1
        } else if glyph > found {
          low = middle + 1
        } else {
          return middle
        }
      } else {
        let (start, end) = range(at: middle)
        if glyph < start {
          high = middle - 1
        } else if glyph > end {
          low = middle + 1
        } else {
          return table.checkedU16(offset + 8 + 6 * middle) + glyph - start
        }
      }
    }
    return nil
  }

  /// Whether the table covers a glyph `isIncluded` accepts.
  func containsAny(where isIncluded: (Int) -> Bool) -> Bool {
    for index in 0..<count {
      if format == 1 {
        if isIncluded(glyph(at: index)) { return true }
      } else {
        let (start, end) = range(at: index)
        for glyph in start...end where isIncluded(glyph) { return true }
      }
    }
    return false
  }

  /// Calls `body` with every covered glyph.
  func forEachGlyph(_ body: (Int) -> Void) {
    for index in 0..<count {
      if format == 1 {
        body(glyph(at: index))
      } else {
        let (start, end) = range(at: index)
        for glyph in start...end { body(glyph) }
      }
    }
  }
}
