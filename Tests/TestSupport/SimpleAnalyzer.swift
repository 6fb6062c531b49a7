@_spi(Backend) import TextLayout

/// A deterministic Unicode analyzer for unit tests: a line may break after a run of spaces, after
/// a hyphen, and around CJK ideographs; Hebrew and Arabic letters are strong right-to-left,
/// letters of other scripts strong left-to-right, everything else neutral.
///
/// It is not UAX #14 or UAX #9: it is small enough to predict by hand.
package struct SimpleAnalyzer: UnicodeAnalyzer {
  /// Creates the analyzer.
  package init() {}

  package func lineBreaks(in text: Substring) -> [LineBreakOpportunity] {
    var result: [LineBreakOpportunity] = []
    var offset = 0
    var previous: Character?
    for character in text {
      if let previous, offset > 0 {
        let afterSpace = previous == " " && character != " "
        let afterHyphen = previous == "-" && character != " "
        // A tab is a break opportunity after it, like a space (UAX #14 class BA).
        let afterTab = previous == "\t" && character != " " && character != "\t"
        let aroundWide =
          FixedAdvanceShaper.isWide(previous.unicodeScalars.first!)
          || FixedAdvanceShaper.isWide(character.unicodeScalars.first!)
        let mandatory = previous.isNewline
        if afterSpace || afterHyphen || afterTab || aroundWide || mandatory {
          result.append(LineBreakOpportunity(offset: offset, isMandatory: mandatory))
        }
      }
      offset += character.utf8.count
      previous = character
    }
    if offset > 0 {
      result.append(LineBreakOpportunity(offset: offset, isMandatory: previous?.isNewline ?? false))
    }
    return result
  }

  /// The strong direction of a scalar: `true` right to left, `false` left to right, `nil` neutral.
  package static func strongDirection(_ scalar: Unicode.Scalar) -> Bool? {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
    default: return scalar.properties.isAlphabetic ? false : nil
    }
  }

  package func bidiLevels(in text: Substring, direction: ParagraphDirection) -> BidiAnalysis {
    let scalars = Array(text.unicodeScalars)
    let paragraphLevel: UInt8
    switch direction {
    case .leftToRight: paragraphLevel = 0
    case .rightToLeft: paragraphLevel = 1
    case .natural:
      let first = scalars.lazy.compactMap { Self.strongDirection($0) }.first
      paragraphLevel = first == true ? 1 : 0
    }
    let strong = scalars.map { Self.strongDirection($0) }
    var levels: [UInt8] = []
    for index in scalars.indices {
      let isRightToLeft: Bool
      if let direction = strong[index] {
        isRightToLeft = direction
      } else {
        // A neutral between two strong characters of one direction takes it; otherwise it takes
        // the paragraph direction.
        let before = strong[..<index].last { $0 != nil } ?? nil
        let after = strong[(index + 1)...].first { $0 != nil } ?? nil
        isRightToLeft = before == after && before != nil ? before! : paragraphLevel == 1
      }
      let level: UInt8 =
        paragraphLevel == 0 ? (isRightToLeft ? 1 : 0) : (isRightToLeft ? 1 : 2)
      levels.append(level)
    }
    var runs: [BidiAnalysis.LevelRun] = []
    var offset = 0
    for (scalar, level) in zip(scalars, levels) {
      let end = offset + scalar.utf8.count
      if let last = runs.last, last.level == level {
        runs[runs.count - 1].range = last.range.lowerBound..<end
      } else {
        runs.append(BidiAnalysis.LevelRun(range: offset..<end, level: level))
      }
      offset = end
    }
    return BidiAnalysis(paragraphLevel: paragraphLevel, runs: runs)
  }
}
