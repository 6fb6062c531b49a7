/// An OpenType ClassDef table (formats 1 and 2), checked once when made like
/// ``LayoutCoverage``: a glyph it does not list is in class 0, as HarfBuzz reads it.
struct LayoutClassDefinition {
  private let table: FontTableBytes
  private let offset: Int
  private let format: Int
  /// Format 1: the first glyph; format 2: unused.
  private let start: Int
  private let count: Int

  /// The class definition at `offset` in `table`, or `nil` when it is out of bounds, unsorted,
  /// or of another format.
  init?(_ table: FontTableBytes, at offset: Int) {
    guard let format = table.u16(offset) else { return nil }
    self.table = table
    self.offset = offset
    self.format = format
    switch format {
    case 1:
      guard let start = table.u16(offset + 2), let count = table.u16(offset + 4),
        count == 0 || table.u16(offset + 6 + 2 * (count - 1)) != nil
      else { return nil }
      self.start = start
      self.count = count
    case 2:
      guard let count = table.u16(offset + 2),
        count == 0 || table.u16(offset + 4 + 6 * count - 2) != nil
      else { return nil }
      self.start = 0
      self.count = count
      var previousEnd = -1
      for index in 0..<count {
        let (first, last) = range(at: index)
        guard first <= last, first > previousEnd else { return nil }
        previousEnd = last
      }
    default:
      return nil
    }
  }

  private func range(at index: Int) -> (first: Int, last: Int) {
    (table.checkedU16(offset + 4 + 6 * index), table.checkedU16(offset + 6 + 6 * index))
  }

  /// The classes that hold a glyph `isIncluded` accepts, class 0 (every glyph the table does
  /// not list) among them when fewer than `includedCount` accepted glyphs are listed: one pass
  /// over the table, whatever the number of glyphs.
  ///
  /// - Parameters:
  ///   - includedCount: How many glyphs `isIncluded` accepts in all.
  ///   - isIncluded: Whether a glyph is one of them.
  func classes(includedCount: Int, holding isIncluded: (Int) -> Bool) -> Set<Int> {
    var classes = Set<Int>()
    var listed = 0
    if format == 1 {
      for index in 0..<count where isIncluded(start + index) {
        classes.insert(table.checkedU16(offset + 6 + 2 * index))
        listed += 1
      }
    } else {
      for index in 0..<count {
        let (first, last) = range(at: index)
        let glyphClass = table.checkedU16(offset + 8 + 6 * index)
        for glyph in first...last where isIncluded(glyph) {
          classes.insert(glyphClass)
          listed += 1
        }
      }
    }
    if listed < includedCount { classes.insert(0) }
    return classes
  }

  /// Calls `body` with every glyph the table lists and its class.
  func forEachGlyph(_ body: (_ glyph: Int, _ glyphClass: Int) -> Void) {
    if format == 1 {
      for index in 0..<count { body(start + index, table.checkedU16(offset + 6 + 2 * index)) }
    } else {
      for index in 0..<count {
        let (first, last) = range(at: index)
        let glyphClass = table.checkedU16(offset + 8 + 6 * index)
        for glyph in first...last { body(glyph, glyphClass) }
      }
    }
  }

  /// The class of a glyph; 0 for a glyph the table does not list.
  func classOf(_ glyph: Int) -> Int {
    if format == 1 {
      let index = glyph - start
      return index >= 0 && index < count ? table.checkedU16(offset + 6 + 2 * index) : 0
    }
    var low = 0
    var high = count - 1
    while low <= high {
      let middle = (low + high) / 2
      let (first, last) = range(at: middle)
      if glyph < first {
        high = middle - 1
      } else if glyph > last {
        low = middle + 1
      } else {
        return table.checkedU16(offset + 8 + 6 * middle)
      }
    }
    return 0
  }
}
