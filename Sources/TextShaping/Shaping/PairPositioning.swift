/// The pair-positioning lookups (GPOS lookup type 2, pair kerning) that HarfBuzz applies to a
/// run, read from the font and applied as HarfBuzz 6 applies them: lookup after lookup, each a
/// pass over the run; at each glyph the first subtable that matches it and the glyph after it
/// applies; a matched pair whose second value record is not empty moves on past the second
/// glyph, otherwise to it.
///
/// Font units throughout: the shaper's fonts are scaled to their units per em, where HarfBuzz's
/// scaling is exact, and device tables apply only with a pixel size or variation coordinates,
/// which those fonts never have.
struct PairPositioning {
  /// A glyph's position as HarfBuzz keeps it, in font units.
  struct Position {
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
  }

  /// Which fields a value record holds, and where.
  struct ValueFormat {
    /// The record's length in 16-bit fields: one for each bit set, as HarfBuzz counts them.
    let length: Int
    let xPlacement: Int?
    let yPlacement: Int?
    let xAdvance: Int?

    init(_ bits: Int) {
      length = (bits & 0xFFFF).nonzeroBitCount
      var next = 0
      xPlacement = bits & 0x1 != 0 ? next : nil
      if bits & 0x1 != 0 { next += 1 }
      yPlacement = bits & 0x2 != 0 ? next : nil
      if bits & 0x2 != 0 { next += 1 }
      xAdvance = bits & 0x4 != 0 ? next : nil
    }

    /// Adds the record at `offset` to a position (horizontal text: no vertical advance).
    @inline(__always)
    func apply(_ table: FontTableBytes, at offset: Int, to position: inout Position) {
      if let xPlacement { position.xOffset &+= Int32(table.checkedI16(offset + 2 * xPlacement)) }
      if let yPlacement { position.yOffset &+= Int32(table.checkedI16(offset + 2 * yPlacement)) }
      if let xAdvance { position.xAdvance &+= Int32(table.checkedI16(offset + 2 * xAdvance)) }
    }
  }

  /// One subtable of a pair-positioning lookup.
  enum Subtable {
    /// Format 1: pairs of glyphs, a sorted pair set for each covered first glyph.
    case glyphPairs(
      coverage: LayoutCoverage, first: ValueFormat, second: ValueFormat, pairSets: [Int])
    /// Format 2: pairs of classes, a matrix of value records.
    case classPairs(
      coverage: LayoutCoverage, first: ValueFormat, second: ValueFormat,
      classes1: LayoutClassDefinition, classes2: LayoutClassDefinition, class1Count: Int,
      class2Count: Int, values: Int)
  }

  /// A subtable's coverage and classes for every glyph of the face, read out of the font once
  /// so that a pair costs array reads instead of binary searches.
  struct DenseSubtable {
    /// Each glyph's coverage index, -1 when the subtable does not cover it.
    var coverage: [Int32]
    /// Each glyph's class in the first and second class definitions (class pairs only).
    var classes1: [UInt16]
    var classes2: [UInt16]
  }

  private let table: FontTableBytes
  /// The lookups, in the order HarfBuzz applies them, each a list of subtables.
  private let lookups: [[Subtable]]
  /// The subtables read out for every glyph, in the lookups' order; empty when the face has
  /// too many glyphs to spend the memory (see ``denseGlyphLimit``).
  private let dense: [[DenseSubtable]]
  /// The most glyphs a face may have for its subtables to be read out for every glyph: 8 bytes
  /// a glyph and subtable, so DejaVu Sans's 6,000 glyphs cost under 50 KB a subtable, and a
  /// CJK face's 65,000 glyphs keep its tables' binary searches.
  static let denseGlyphLimit = 8192
  /// For each lookup and glyph, the first subtable whose coverage has the glyph (`UInt16.max`
  /// for none): the subtables before it cannot match at the glyph, so they are not asked.
  private let firstSubtables: [[UInt16]]

  /// Whether any lookup was found at all.
  var isEmpty: Bool { lookups.isEmpty }

  /// Reads pair-positioning subtables of `table` (GPOS); `nil` when one is out of bounds,
  /// unsorted or of an unknown format.
  ///
  /// - Parameter lookups: The subtable offsets of each lookup, in order.
  /// - Parameter glyphCount: The face's number of glyphs.
  init?(_ table: FontTableBytes, lookups: [[Int]], glyphCount: Int) {
    self.table = table
    var parsed: [[Subtable]] = []
    var firstSubtables: [[UInt16]] = []
    for offsets in lookups {
      guard offsets.count < Int(UInt16.max) else { return nil }
      var subtables: [Subtable] = []
      var first = [UInt16](repeating: .max, count: glyphCount)
      for offset in offsets {
        guard let subtable = Self.subtable(table, at: offset) else { return nil }
        let coverage =
          switch subtable {
          case .glyphPairs(let coverage, _, _, _): coverage
          case .classPairs(let coverage, _, _, _, _, _, _, _): coverage
          }
        coverage.forEachGlyph { glyph in
          if glyph < glyphCount && first[glyph] == .max {
            first[glyph] = UInt16(subtables.count)
          }
        }
        subtables.append(subtable)
      }
      parsed.append(subtables)
      firstSubtables.append(first)
    }
    self.lookups = parsed
    self.firstSubtables = firstSubtables
    dense =
      glyphCount <= Self.denseGlyphLimit
      ? parsed.map { $0.map { Self.dense($0, glyphCount: glyphCount) } } : []
  }

  /// A subtable's coverage and classes for each glyph.
  private static func dense(_ subtable: Subtable, glyphCount: Int) -> DenseSubtable {
    var dense = DenseSubtable(
      coverage: [Int32](repeating: -1, count: glyphCount), classes1: [], classes2: [])
    let coverage =
      switch subtable {
      case .glyphPairs(let coverage, _, _, _): coverage
      case .classPairs(let coverage, _, _, _, _, _, _, _): coverage
      }
    coverage.forEachGlyph { glyph in
      if glyph < glyphCount, let index = coverage.index(of: glyph) {
        dense.coverage[glyph] = Int32(index)
      }
    }
    if case .classPairs(_, _, _, let classes1, let classes2, _, _, _) = subtable {
      dense.classes1 = [UInt16](repeating: 0, count: glyphCount)
      dense.classes2 = [UInt16](repeating: 0, count: glyphCount)
      // A glyph a definition does not list is in class 0, as `classOf` answers.
      classes1.forEachGlyph { glyph, glyphClass in
        if glyph < glyphCount { dense.classes1[glyph] = UInt16(clamping: glyphClass) }
      }
      classes2.forEachGlyph { glyph, glyphClass in
        if glyph < glyphCount { dense.classes2[glyph] = UInt16(clamping: glyphClass) }
      }
    }
    return dense
  }

  private static func subtable(_ table: FontTableBytes, at offset: Int) -> Subtable? {
    guard let format = table.u16(offset), let coverageOffset = table.u16(offset + 2),
      let coverage = LayoutCoverage(table, at: offset + coverageOffset),
      let bits1 = table.u16(offset + 4), let bits2 = table.u16(offset + 6)
    else { return nil }
    let (first, second) = (ValueFormat(bits1), ValueFormat(bits2))
    switch format {
    case 1:
      guard let setCount = table.u16(offset + 8) else { return nil }
      var pairSets: [Int] = []
      pairSets.reserveCapacity(setCount)
      let recordSize = 2 * (1 + first.length + second.length)
      for index in 0..<setCount {
        guard let setOffset = table.u16(offset + 10 + 2 * index) else { return nil }
        // A null offset is HarfBuzz's empty set.
        guard setOffset != 0 else {
          pairSets.append(-1)
          continue
        }
        let set = offset + setOffset
        guard let count = table.u16(set),
          count == 0 || table.u16(set + 2 + recordSize * count - 2) != nil
        else { return nil }
        var previous = -1
        for record in 0..<count {
          let glyph = table.checkedU16(set + 2 + recordSize * record)
          guard glyph > previous else { return nil }
          previous = glyph
        }
        pairSets.append(set)
      }
      return .glyphPairs(coverage: coverage, first: first, second: second, pairSets: pairSets)
    case 2:
      guard let classOffset1 = table.u16(offset + 8), let classOffset2 = table.u16(offset + 10),
        let classes1 = LayoutClassDefinition(table, at: offset + classOffset1),
        let classes2 = LayoutClassDefinition(table, at: offset + classOffset2),
        let class1Count = table.u16(offset + 12), let class2Count = table.u16(offset + 14)
      else { return nil }
      let values = offset + 16
      let fields = class1Count * class2Count * (first.length + second.length)
      guard fields == 0 || table.u16(values + 2 * fields - 2) != nil else { return nil }
      return .classPairs(
        coverage: coverage, first: first, second: second, classes1: classes1,
        classes2: classes2, class1Count: class1Count, class2Count: class2Count, values: values)
    default:
      return nil
    }
  }

  /// Applies every lookup to a run's glyphs and positions, in logical (left-to-right) order.
  func apply(
    glyphs: UnsafeMutableBufferPointer<UInt32>, positions: UnsafeMutableBufferPointer<Position>
  ) {
    let count = glyphs.count
    for (lookup, subtables) in lookups.enumerated() {
      let firsts = firstSubtables[lookup]
      var index = 0
      while index + 1 < count {
        var next = index + 1
        // Glyphs come from the face's character map, so they are below its glyph count.
        let first = Int(firsts[Int(glyphs[index])])
        if first < subtables.count {
          for subtableIndex in first..<subtables.count {
            let moved =
              dense.isEmpty
              ? apply(subtables[subtableIndex], at: index, glyphs: glyphs, positions: positions)
              : apply(
                subtables[subtableIndex], dense: dense[lookup][subtableIndex], at: index,
                glyphs: glyphs, positions: positions)
            if let moved {
              next = moved
              break
            }
          }
        }
        index = next
      }
    }
  }

  /// ``apply(_:at:glyphs:positions:)`` with the subtable's coverage and classes read out for
  /// every glyph: the same answers, by array reads.
  @inline(__always)
  private func apply(
    _ subtable: Subtable, dense: DenseSubtable, at index: Int,
    glyphs: UnsafeMutableBufferPointer<UInt32>, positions: UnsafeMutableBufferPointer<Position>
  ) -> Int? {
    let second = index + 1
    let covered = Int(dense.coverage[Int(glyphs[index])])
    guard covered >= 0 else { return nil }
    switch subtable {
    case .glyphPairs(_, let first, let secondFormat, let pairSets):
      guard covered < pairSets.count else { return nil }
      return applyPair(
        inSet: pairSets[covered], first: first, second: secondFormat, toPairAt: index,
        glyphs: glyphs, positions: positions)
    case .classPairs(
      _, let first, let secondFormat, _, _, let class1Count, let class2Count, let values):
      let class1 = Int(dense.classes1[Int(glyphs[index])])
      // A second glyph past the face's glyphs is in class 0, as `classOf` answers.
      let secondGlyph = Int(glyphs[second])
      let class2 = secondGlyph < dense.classes2.count ? Int(dense.classes2[secondGlyph]) : 0
      guard class1 < class1Count, class2 < class2Count else { return nil }
      return applyRecord(
        at: values + 2 * (first.length + secondFormat.length) * (class1 * class2Count + class2),
        first: first, second: secondFormat, toPairAt: index, positions: positions)
    }
  }

  /// Applies one subtable to the glyph at `index` and the one after it; the index to go on
  /// from when it matched, `nil` when it did not.
  @inline(__always)
  private func apply(
    _ subtable: Subtable, at index: Int, glyphs: UnsafeMutableBufferPointer<UInt32>,
    positions: UnsafeMutableBufferPointer<Position>
  ) -> Int? {
    let second = index + 1
    switch subtable {
    case .glyphPairs(let coverage, let first, let secondFormat, let pairSets):
      guard let covered = coverage.index(of: Int(glyphs[index])), covered < pairSets.count
      else { return nil }
      return applyPair(
        inSet: pairSets[covered], first: first, second: secondFormat, toPairAt: index,
        glyphs: glyphs, positions: positions)
    case .classPairs(
      let coverage, let first, let secondFormat, let classes1, let classes2, let class1Count,
      let class2Count, let values):
      guard coverage.index(of: Int(glyphs[index])) != nil else { return nil }
      let class1 = classes1.classOf(Int(glyphs[index]))
      let class2 = classes2.classOf(Int(glyphs[second]))
      guard class1 < class1Count, class2 < class2Count else { return nil }
      return applyRecord(
        at: values + 2 * (first.length + secondFormat.length) * (class1 * class2Count + class2),
        first: first, second: secondFormat, toPairAt: index, positions: positions)
    }
  }

  /// Finds the glyph after `index` in the pair set at `set` (sorted by second glyph) and
  /// applies its value records; the index to go on from, `nil` when the set has no such pair
  /// (or no set: `set` below 0).
  @inline(__always)
  private func applyPair(
    inSet set: Int, first: ValueFormat, second secondFormat: ValueFormat, toPairAt index: Int,
    glyphs: UnsafeMutableBufferPointer<UInt32>, positions: UnsafeMutableBufferPointer<Position>
  ) -> Int? {
    guard set >= 0 else { return nil }
    let recordSize = 2 * (1 + first.length + secondFormat.length)
    let target = Int(glyphs[index + 1])
    var low = 0
    var high = table.checkedU16(set) - 1
    while low <= high {
      let middle = (low + high) / 2
      let record = set + 2 + recordSize * middle
      let glyph = table.checkedU16(record)
      if target < glyph {
        high = middle - 1
      } else if target > glyph {
        low = middle + 1
      } else {
        return applyRecord(
          at: record + 2, first: first, second: secondFormat, toPairAt: index, positions: positions)
      }
    }
    return nil
  }

  /// Applies the pair's two value records, which start at `record`, to the glyph at `index`
  /// and the one after it; the index to go on from: past the second glyph when its record is
  /// not empty, otherwise the second glyph.
  @inline(__always)
  private func applyRecord(
    at record: Int, first: ValueFormat, second secondFormat: ValueFormat, toPairAt index: Int,
    positions: UnsafeMutableBufferPointer<Position>
  ) -> Int {
    let second = index + 1
    first.apply(table, at: record, to: &positions[index])
    secondFormat.apply(table, at: record + 2 * first.length, to: &positions[second])
    return secondFormat.length > 0 ? second + 1 : second
  }
}
