/// One lookup of a GSUB or GPOS table, with its extension subtables resolved: what
/// ``DirectShapingPlan`` needs to know of it (its type, its flags, and where each subtable's
/// first coverage is, the glyphs at which it can start a match).
struct LookupTable {
  private let table: FontTableBytes
  /// The lookup type, after extensions (every subtable of a lookup has the same type).
  let type: Int
  let flags: Int
  /// The table offsets of its subtables, extensions resolved.
  let subtables: [Int]

  /// Lookup `index` of the table's lookup list, or `nil` when anything read is out of bounds
  /// or an extension is malformed.
  ///
  /// - Parameter extensionType: The table's extension lookup type: 7 in GSUB, 9 in GPOS.
  init?(_ table: FontTableBytes, index: Int, extensionType: Int) {
    guard let listOffset = table.u16(8), let count = table.u16(listOffset), index < count,
      let lookupOffset = table.u16(listOffset + 2 + 2 * index)
    else { return nil }
    let lookup = listOffset + lookupOffset
    guard let declared = table.u16(lookup), let flags = table.u16(lookup + 2),
      let subtableCount = table.u16(lookup + 4)
    else { return nil }
    var type = declared
    var subtables: [Int] = []
    for subtable in 0..<subtableCount {
      guard let subtableOffset = table.u16(lookup + 6 + 2 * subtable) else { return nil }
      var offset = lookup + subtableOffset
      if declared == extensionType {
        guard table.u16(offset) == 1, let extended = table.u16(offset + 2),
          extended != extensionType, let target = table.u32(offset + 4)
        else { return nil }
        if subtable > 0 && extended != type { return nil }
        type = extended
        offset += target
      }
      subtables.append(offset)
    }
    self.table = table
    self.type = type
    self.flags = flags
    self.subtables = subtables
  }

  /// Calls `body` with every glyph at which a subtable can start a match in a run of glyphs
  /// all of which are reachable (`reachable`, sorted): the glyphs of the subtable's first
  /// coverage (the mark, for mark attachment; the first input glyph, for contextual lookups)
  /// for which some rule can match.
  ///
  /// A contextual rule names every other glyph of its context, by glyph (format 1), by class
  /// (format 2) or by coverage (format 3); a rule one of whose glyphs, classes or coverages
  /// holds no reachable glyph never matches in such a run and is passed over. Every other
  /// subtable counts whole.
  ///
  /// - Parameters:
  ///   - contextTypes: The table's contextual and chained contextual lookup types: (5, 6) in
  ///     GSUB, (7, 8) in GPOS; every other type has its first coverage right after its format.
  ///   - reachable: The glyphs a run can hold, ascending.
  ///   - isReachable: Whether a glyph is one of them.
  /// - Returns: `false` when a subtable is out of bounds or of an unknown format.
  func forEachStartingGlyph(
    contextTypes: (context: Int, chained: Int), reachable: [Int], isReachable: (Int) -> Bool,
    _ body: (Int) -> Void
  ) -> Bool {
    for offset in subtables {
      guard let format = table.u16(offset) else { return false }
      let isChained = type == contextTypes.chained
      let isContext = isChained || type == contextTypes.context
      if isContext && format == 3 {
        guard let (first, others) = coverages(ofFormat3: offset, chained: isChained) else {
          return false
        }
        if others.allSatisfy({ $0.containsAny(where: isReachable) }) {
          first.forEachGlyph(body)
        }
        continue
      }
      guard format == 1 || format == 2, let coverageOffset = table.u16(offset + 2),
        let coverage = LayoutCoverage(table, at: offset + coverageOffset)
      else { return false }
      guard isContext else {
        coverage.forEachGlyph(body)
        continue
      }
      var failed = false
      if format == 1 {
        // Rule sets by coverage index; a rule lists glyphs.
        guard let setCount = table.u16(offset + 4) else { return false }
        coverage.forEachGlyph { glyph in
          guard !failed, isReachable(glyph), let index = coverage.index(of: glyph),
            index < setCount
          else { return }
          switch anyRuleMatches(
            setAt: offset, setOffset: offset + 6 + 2 * index, chained: isChained,
            matches: { isReachable($0) }, kind: .glyph)
          {
          case nil: failed = true
          case true?: body(glyph)
          case false?: break
          }
        }
      } else {
        // Rule sets by the first glyph's input class; a rule lists classes.
        let classFields = isChained ? [4, 6, 8] : [4]
        var definitions: [LayoutClassDefinition] = []
        for field in classFields {
          guard let classOffset = table.u16(offset + field),
            let definition = LayoutClassDefinition(table, at: offset + classOffset)
          else { return false }
          definitions.append(definition)
        }
        let reachableClasses = definitions.map { definition in
          definition.classes(includedCount: reachable.count, holding: isReachable)
        }
        let input = isChained ? 1 : 0
        let countField = isChained ? 10 : 6
        guard let setCount = table.u16(offset + countField) else { return false }
        coverage.forEachGlyph { glyph in
          guard !failed, isReachable(glyph) else { return }
          let index = definitions[input].classOf(glyph)
          guard index < setCount else { return }
          switch anyRuleMatches(
            setAt: offset, setOffset: offset + countField + 2 + 2 * index, chained: isChained,
            matches: { _ in true }, kind: .classes(reachableClasses))
          {
          case nil: failed = true
          case true?: body(glyph)
          case false?: break
          }
        }
      }
      if failed { return false }
    }
    return true
  }

  /// Calls `body` with every reachable glyph a single substitution (GSUB type 1) replaces,
  /// and the glyph it becomes: with several subtables, the first that covers the glyph, as
  /// HarfBuzz applies them.
  ///
  /// - Returns: `false` when the lookup is not a single substitution, or a subtable is out of
  ///   bounds or of an unknown format.
  func forEachSingleSubstitution(
    isReachable: (Int) -> Bool, _ body: (_ glyph: Int, _ substitute: Int) -> Void
  ) -> Bool {
    guard type == 1 else { return false }
    var seen = Set<Int>()
    for offset in subtables {
      guard let format = table.u16(offset), format == 1 || format == 2,
        let coverageOffset = table.u16(offset + 2),
        let coverage = LayoutCoverage(table, at: offset + coverageOffset),
        let field = table.u16(offset + 4)
      else { return false }
      var failed = false
      coverage.forEachGlyph { glyph in
        guard !failed, isReachable(glyph), seen.insert(glyph).inserted else { return }
        if format == 1 {
          // A delta, added modulo 65,536.
          body(glyph, (glyph + Int(Int16(truncatingIfNeeded: field))) & 0xFFFF)
          return
        }
        guard let index = coverage.index(of: glyph), index < field,
          let substitute = table.u16(offset + 6 + 2 * index)
        else {
          failed = true
          return
        }
        body(glyph, substitute)
      }
      if failed { return false }
    }
    return true
  }

  /// Calls `body` with every way a ligature substitution (lookup type 4) can start in a run
  /// of reachable glyphs: the first glyph of each ligature and its second component, or `nil`
  /// for a ligature of one component, which replaces its glyph wherever it stands.
  ///
  /// A ligature whose second component is not reachable never forms in such a run, and is
  /// passed over.
  ///
  /// - Returns: `false` when the lookup is not a ligature substitution, or a subtable is out
  ///   of bounds or of an unknown format.
  func forEachLigatureStart(
    isReachable: (Int) -> Bool, _ body: (_ first: Int, _ second: Int?) -> Void
  ) -> Bool {
    guard type == 4 else { return false }
    for offset in subtables {
      guard table.u16(offset) == 1, let coverageOffset = table.u16(offset + 2),
        let coverage = LayoutCoverage(table, at: offset + coverageOffset),
        let setCount = table.u16(offset + 4)
      else { return false }
      var failed = false
      coverage.forEachGlyph { glyph in
        guard !failed, isReachable(glyph) else { return }
        guard let index = coverage.index(of: glyph), index < setCount,
          let setOffset = table.u16(offset + 6 + 2 * index)
        else {
          failed = true
          return
        }
        // A null ligature set has no ligatures.
        guard setOffset != 0 else { return }
        let set = offset + setOffset
        guard let ligatureCount = table.u16(set) else {
          failed = true
          return
        }
        for ligature in 0..<ligatureCount {
          guard let ligatureOffset = table.u16(set + 2 + 2 * ligature),
            let componentCount = table.u16(set + ligatureOffset + 2)
          else {
            failed = true
            return
          }
          guard componentCount > 1 else {
            body(glyph, nil)
            continue
          }
          guard let second = table.u16(set + ligatureOffset + 4) else {
            failed = true
            return
          }
          if isReachable(second) { body(glyph, second) }
        }
      }
      if failed { return false }
    }
    return true
  }

  /// How a rule names the other glyphs of its context.
  private enum RuleKind {
    case glyph
    /// By class: the classes holding a reachable glyph, for the backtrack, input and
    /// lookahead class definitions (only the input one for an unchained rule).
    case classes([Set<Int>])
  }

  /// Whether a rule of the rule set whose offset is stored at `setOffset` can match;
  /// `nil` when something is out of bounds.
  private func anyRuleMatches(
    setAt subtable: Int, setOffset: Int, chained: Bool, matches: (Int) -> Bool, kind: RuleKind
  ) -> Bool? {
    guard let relative = table.u16(setOffset) else { return nil }
    // A null rule set has no rules.
    guard relative != 0 else { return false }
    let set = subtable + relative
    guard let ruleCount = table.u16(set) else { return nil }
    for ruleIndex in 0..<ruleCount {
      guard let ruleOffset = table.u16(set + 2 + 2 * ruleIndex) else { return nil }
      let rule = set + ruleOffset
      // The sequences of the rule: (first field, count, which class definition).
      var sequences: [(start: Int, count: Int, definition: Int)] = []
      if chained {
        guard let backtrack = table.u16(rule),
          let inputCount = table.u16(rule + 2 + 2 * backtrack), inputCount > 0,
          let lookahead = table.u16(rule + 2 + 2 * backtrack + 2 + 2 * (inputCount - 1))
        else { return nil }
        sequences = [
          (rule + 2, backtrack, 0),
          (rule + 4 + 2 * backtrack, inputCount - 1, 1),
          (rule + 6 + 2 * backtrack + 2 * (inputCount - 1), lookahead, 2),
        ]
      } else {
        guard let glyphCount = table.u16(rule), glyphCount > 0 else { return nil }
        sequences = [(rule + 4, glyphCount - 1, 0)]
      }
      var possible = true
      for sequence in sequences where possible {
        for index in 0..<sequence.count {
          guard let value = table.u16(sequence.start + 2 * index) else { return nil }
          switch kind {
          case .glyph:
            if !matches(value) { possible = false }
          case .classes(let reachable):
            if !reachable[chained ? sequence.definition : 0].contains(value) { possible = false }
          }
          if !possible { break }
        }
      }
      if possible { return true }
    }
    return false
  }

  /// The first input coverage of a contextual subtable of format 3, and the coverages of
  /// the rest of its context.
  private func coverages(ofFormat3 offset: Int, chained: Bool)
    -> (first: LayoutCoverage, others: [LayoutCoverage])?
  {
    var fields: [Int] = []
    let firstField: Int
    if chained {
      // The backtrack coverages, the input ones, then the lookahead ones.
      guard let backtrack = table.u16(offset + 2),
        let inputCount = table.u16(offset + 4 + 2 * backtrack), inputCount > 0,
        let lookahead = table.u16(offset + 6 + 2 * (backtrack + inputCount))
      else { return nil }
      firstField = offset + 6 + 2 * backtrack
      fields += (0..<backtrack).map { offset + 4 + 2 * $0 }
      fields += (1..<inputCount).map { offset + 6 + 2 * (backtrack + $0) }
      fields += (0..<lookahead).map { offset + 8 + 2 * (backtrack + inputCount + $0) }
    } else {
      // glyphCount, seqLookupCount, then the input coverages.
      guard let glyphCount = table.u16(offset + 2), glyphCount > 0 else { return nil }
      firstField = offset + 6
      fields += (1..<glyphCount).map { offset + 6 + 2 * $0 }
    }
    guard let firstOffset = table.u16(firstField),
      let first = LayoutCoverage(table, at: offset + firstOffset)
    else { return nil }
    var others: [LayoutCoverage] = []
    for field in fields {
      guard let relative = table.u16(field),
        let coverage = LayoutCoverage(table, at: offset + relative)
      else { return nil }
      others.append(coverage)
    }
    return (first, others)
  }
}
