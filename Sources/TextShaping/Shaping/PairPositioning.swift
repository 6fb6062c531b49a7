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

  /// A subtable's coverage and classes read out of the font once, so that a pair costs array
  /// reads instead of binary searches: for each glyph that may start a pair
  /// (``mayBeFirst(_:)``) and each that may end one (``mayBeSecond(_:)``), by its rank among
  /// them (``rank(of:in:ranks:)``), so that a face of 65,000 glyphs, of which a few thousand
  /// kern, keeps a few thousand entries.
  struct DenseSubtable {
    /// Each first glyph's coverage index, -1 when the subtable does not cover it.
    var coverage: [Int32]
    /// Each first glyph's class in the first class definition, and each second glyph's in
    /// the second (class pairs only; any other glyph is in class 0).
    var classes1: [UInt16]
    var classes2: [UInt16]
    /// The subtable's value formats.
    var first: ValueFormat
    var second: ValueFormat
    /// Glyph pairs: the pair set of each coverage index (empty for class pairs).
    var pairSets: [Int]
    /// Class pairs: whether the subtable is one, its numbers of classes and where its value
    /// records start.
    var isClassPairs: Bool
    var class1Count: Int
    var class2Count: Int
    var values: Int
  }

  private let table: FontTableBytes
  /// The lookups, in the order HarfBuzz applies them, each a list of its subtables read out
  /// for the glyphs that may kern.
  private let dense: [[DenseSubtable]]
  /// For each lookup and glyph, the first subtable whose coverage has the glyph (`UInt16.max`
  /// for none): the subtables before it cannot match at the glyph, so they are not asked.
  private let firstSubtables: [[UInt16]]
  /// One bit per glyph, set for a glyph some subtable's coverage lists: the only glyphs a
  /// pair can start at.
  private let firstGlyphs: [UInt64]
  /// One bit per glyph, set for a glyph that some subtable may adjust a pair for as its
  /// second glyph: the second glyphs of glyph pairs, and the glyphs of a class other than 0
  /// in class pairs; every glyph (``everyGlyphMayBeSecond``) when some class pair has a
  /// non-zero record for class 0.
  private let secondGlyphs: [UInt64]
  private let everyGlyphMayBeSecond: Bool
  /// For each word of ``firstGlyphs`` and ``secondGlyphs``, the bits set in the words before.
  private let firstRanks: [Int32]
  private let secondRanks: [Int32]

  /// Whether any lookup was found at all.
  var isEmpty: Bool { dense.isEmpty }

  /// Whether a subtable may move the glyphs of the pair `first` `second`; `false` means
  /// ``apply(glyphs:positions:)`` leaves the two glyphs' positions as they are, as no
  /// subtable covers `first` (``mayBeFirst(_:)``), or none may adjust a pair for `second`
  /// (``mayBeSecond(_:)``). Two bit reads for kerning a segment with the next
  /// (`DirectShapingPlan.pairAdvances`), where most pairs (a kana before an ideograph) are
  /// not kerned.
  ///
  /// `PairFilterTests` hold it to HarfBuzz on every face the fallback picks.
  @inline(__always)
  func mayAdjust(_ first: UInt32, _ second: UInt32) -> Bool {
    mayBeFirst(first) && mayBeSecond(second)
  }

  /// Whether some subtable covers `glyph`, so that a pair may start at it. A glyph past the
  /// face's glyphs (never one of its character map's) is not answered for.
  @inline(__always)
  func mayBeFirst(_ glyph: UInt32) -> Bool {
    let index = Int(glyph)
    return index >= firstGlyphs.count * 64
      || firstGlyphs[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// Whether some subtable may adjust a pair whose second glyph is `glyph`.
  @inline(__always)
  func mayBeSecond(_ glyph: UInt32) -> Bool {
    let index = Int(glyph)
    return everyGlyphMayBeSecond || index >= secondGlyphs.count * 64
      || secondGlyphs[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// The number of bits set in `bits` before `glyph`'s, whose word's count is `ranks`'s.
  @inline(__always)
  private static func rank(of glyph: Int, in bits: [UInt64], ranks: [Int32]) -> Int {
    Int(ranks[glyph >> 6]) + (bits[glyph >> 6] & ((1 << UInt64(glyph & 63)) &- 1)).nonzeroBitCount
  }

  /// The bits set before each word of `bits`.
  private static func ranks(of bits: [UInt64]) -> [Int32] {
    var ranks: [Int32] = []
    ranks.reserveCapacity(bits.count)
    var count: Int32 = 0
    for word in bits {
      ranks.append(count)
      count += Int32(word.nonzeroBitCount)
    }
    return ranks
  }

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
    self.firstSubtables = firstSubtables
    let words = (glyphCount + 63) / 64
    var firstGlyphs = [UInt64](repeating: 0, count: words)
    for first in firstSubtables {
      for glyph in first.indices where first[glyph] != .max {
        firstGlyphs[glyph >> 6] |= 1 << UInt64(glyph & 63)
      }
    }
    self.firstGlyphs = firstGlyphs
    var secondGlyphs = [UInt64](repeating: 0, count: words)
    var everyGlyphMayBeSecond = false
    func insert(_ glyph: Int) {
      if glyph < glyphCount { secondGlyphs[glyph >> 6] |= 1 << UInt64(glyph & 63) }
    }
    for subtable in parsed.joined() {
      switch subtable {
      case .glyphPairs(_, let first, let second, let pairSets):
        let recordSize = 2 * (1 + first.length + second.length)
        for set in pairSets where set >= 0 {
          for record in 0..<table.checkedU16(set) {
            insert(table.checkedU16(set + 2 + recordSize * record))
          }
        }
      case .classPairs(
        _, let first, let second, _, let classes2, let class1Count, let class2Count, let values):
        // A glyph listed in class 0 is in it as an unlisted one is; any class at all counts.
        classes2.forEachGlyph { glyph, glyphClass in
          if glyphClass != 0 { insert(glyph) }
        }
        // Class 0 holds every other glyph: any non-zero field of its records adjusts them.
        let length = first.length + second.length
        guard class2Count > 0, length > 0 else { continue }
        for class1 in 0..<class1Count {
          let record = values + 2 * length * (class1 * class2Count)
          for field in 0..<length where table.checkedI16(record + 2 * field) != 0 {
            everyGlyphMayBeSecond = true
          }
        }
      }
    }
    self.secondGlyphs = secondGlyphs
    self.everyGlyphMayBeSecond = everyGlyphMayBeSecond
    firstRanks = Self.ranks(of: firstGlyphs)
    secondRanks = Self.ranks(of: secondGlyphs)
    let firstCount = firstGlyphs.reduce(0) { $0 + $1.nonzeroBitCount }
    let secondCount = secondGlyphs.reduce(0) { $0 + $1.nonzeroBitCount }
    let (firstRanks, secondRanks) = (self.firstRanks, self.secondRanks)
    dense = parsed.map {
      $0.map {
        Self.dense(
          $0, glyphCount: glyphCount, first: (firstGlyphs, firstRanks, firstCount),
          second: (secondGlyphs, secondRanks, secondCount))
      }
    }
  }

  /// A subtable's coverage and classes for each glyph that may start a pair and each that
  /// may end one, by rank.
  private static func dense(
    _ subtable: Subtable, glyphCount: Int, first: ([UInt64], [Int32], Int),
    second: ([UInt64], [Int32], Int)
  ) -> DenseSubtable {
    func isSet(_ glyph: Int, _ bits: [UInt64]) -> Bool {
      glyph < glyphCount && bits[glyph >> 6] & (1 << UInt64(glyph & 63)) != 0
    }
    var dense = DenseSubtable(
      coverage: [Int32](repeating: -1, count: first.2), classes1: [], classes2: [],
      first: ValueFormat(0), second: ValueFormat(0), pairSets: [], isClassPairs: false,
      class1Count: 0, class2Count: 0, values: 0)
    let coverage: LayoutCoverage
    switch subtable {
    case .glyphPairs(let glyphCoverage, let firstFormat, let secondFormat, let pairSets):
      coverage = glyphCoverage
      (dense.first, dense.second, dense.pairSets) = (firstFormat, secondFormat, pairSets)
    case .classPairs(
      let classCoverage, let firstFormat, let secondFormat, _, _, let class1Count,
      let class2Count, let values):
      coverage = classCoverage
      (dense.first, dense.second, dense.isClassPairs) = (firstFormat, secondFormat, true)
      (dense.class1Count, dense.class2Count, dense.values) = (class1Count, class2Count, values)
    }
    // Every covered glyph is a first glyph (``firstGlyphs`` is the coverages' union).
    coverage.forEachGlyph { glyph in
      if isSet(glyph, first.0), let index = coverage.index(of: glyph) {
        dense.coverage[rank(of: glyph, in: first.0, ranks: first.1)] = Int32(index)
      }
    }
    if case .classPairs(_, _, _, let classes1, let classes2, _, _, _) = subtable {
      dense.classes1 = [UInt16](repeating: 0, count: first.2)
      dense.classes2 = [UInt16](repeating: 0, count: second.2)
      // A glyph a definition does not list is in class 0, as `classOf` answers; a second
      // glyph of no ``secondGlyphs`` bit is in class 0 of every definition.
      classes1.forEachGlyph { glyph, glyphClass in
        if isSet(glyph, first.0) {
          dense.classes1[rank(of: glyph, in: first.0, ranks: first.1)] = UInt16(
            clamping: glyphClass)
        }
      }
      classes2.forEachGlyph { glyph, glyphClass in
        if isSet(glyph, second.0) {
          dense.classes2[rank(of: glyph, in: second.0, ranks: second.1)] = UInt16(
            clamping: glyphClass)
        }
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
    for (lookup, subtables) in dense.enumerated() {
      let firsts = firstSubtables[lookup]
      var index = 0
      while index + 1 < count {
        var next = index + 1
        // Glyphs come from the face's character map, so they are below its glyph count.
        let first = Int(firsts[Int(glyphs[index])])
        if first < subtables.count {
          for subtableIndex in first..<subtables.count {
            let moved = apply(
              subtables[subtableIndex], at: index, glyphs: glyphs, positions: positions)
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

  /// Applies one subtable to the glyph at `index`, which it or a subtable before it in its
  /// lookup covers, and the one after it, by its coverage and classes read out
  /// (``DenseSubtable``); the index to go on from when it matched, `nil` when it did not.
  @inline(__always)
  private func apply(
    _ dense: DenseSubtable, at index: Int,
    glyphs: UnsafeMutableBufferPointer<UInt32>, positions: UnsafeMutableBufferPointer<Position>
  ) -> Int? {
    let second = index + 1
    // A glyph some subtable of this lookup covers (``firstSubtables``) is a first glyph.
    let firstRank = Self.rank(of: Int(glyphs[index]), in: firstGlyphs, ranks: firstRanks)
    let covered = Int(dense.coverage[firstRank])
    guard covered >= 0 else { return nil }
    let (first, secondFormat) = (dense.first, dense.second)
    guard dense.isClassPairs else {
      guard covered < dense.pairSets.count else { return nil }
      return applyPair(
        inSet: dense.pairSets[covered], first: first, second: secondFormat, toPairAt: index,
        glyphs: glyphs, positions: positions)
    }
    let (class1Count, class2Count, values) = (dense.class1Count, dense.class2Count, dense.values)
    let class1 = Int(dense.classes1[firstRank])
    // A second glyph past the face's glyphs, or of no ``secondGlyphs`` bit, is in class 0,
    // as `classOf` answers.
    let secondGlyph = Int(glyphs[second])
    let class2 =
      secondGlyph < secondGlyphs.count * 64
        && secondGlyphs[secondGlyph >> 6] & (1 << UInt64(secondGlyph & 63)) != 0
      ? Int(
        dense.classes2[Self.rank(of: secondGlyph, in: secondGlyphs, ranks: secondRanks)]) : 0
    guard class1 < class1Count, class2 < class2Count else { return nil }
    return applyRecord(
      at: values + 2 * (first.length + secondFormat.length) * (class1 * class2Count + class2),
      first: first, second: secondFormat, toPairAt: index, positions: positions)
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
