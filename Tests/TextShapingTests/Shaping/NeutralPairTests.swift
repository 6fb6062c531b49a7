import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// A piece that ends in a character with no script of its own (ケー, す。, 100%, a closing
/// quote) is kerned with the next piece from the glyphs (`HarfBuzzShaper.pairAdjustment`) by
/// the plan that character takes alone, recorded with the piece's measure: in the piece it
/// takes its neighbour's script, alone it is an item of its own. The answer must be what
/// shaping the pair gives, bit for bit, and HarfBuzz's.
@Suite struct NeutralPairTests {
  /// What the glyph path, the same shaper measuring the pair and HarfBuzz alone say of the
  /// kerning between the last character of one piece and the first of the next.
  struct Pair {
    var fast: Double?
    var shaped: Double
    var reference: Double
    /// Whether the glyph path answered from the plan recorded for the last character alone.
    var usesAlonePlan: Bool
  }

  /// The pair at the boundary between `left` and `right`, two adjacent UTF-8 ranges of
  /// `string`, with the left piece's measure changed by `edit` before the glyph path reads it.
  static func pair(
    _ left: Range<Int>, _ right: Range<Int>, in string: String, style: TextStyle,
    edit: (inout ShapedMeasure.DirectEdges) -> Void = { _ in }
  ) -> Pair? {
    let utf8 = Array(string.utf8)
    let leftText = String(decoding: utf8[left], as: UTF8.self)
    let rightText = String(decoding: utf8[right], as: UTF8.self)
    guard let last = leftText.last, let first = rightText.first else { return nil }
    let lastRange = left.upperBound - last.utf8.count..<left.upperBound
    let firstRange = right.lowerBound..<right.lowerBound + first.utf8.count
    let ranges = [left, right, lastRange, firstRange, lastRange.lowerBound..<firstRange.upperBound]
    var measures: [ShapedMeasure] = []
    PairAdvanceTests.shaper.measure(
      ranges, in: string, style: style, isRightToLeft: false, into: &measures)
    var references: [ShapedMeasure] = []
    PairAdvanceTests.reference.measure(
      Array(ranges[2...]), in: string, style: style, isRightToLeft: false, into: &references)
    var leftMeasure = measures[0]
    if leftMeasure.directEdges != nil { edit(&leftMeasure.directEdges!) }
    let edges = leftMeasure.directEdges
    return Pair(
      fast: PairAdvanceTests.shaper.pairAdjustment(leftMeasure, measures[1]),
      shaped: measures[4].advance - (measures[2].advance + measures[3].advance),
      reference: references[2].advance - (references[0].advance + references[1].advance),
      usesAlonePlan: edges.map { !$0.isOneCharacter && !$0.lastHasOwnScript } ?? false)
  }

  /// Words of several scripts, each ending in a character without a script of its own, and
  /// the characters that may follow them.
  static let lefts = [
    "ケ", "ラーメ", "す", "漢字", "Hello", "Привет", "100", "한국", "αβ", "x",
  ]
  static let neutrals: [Character] = [
    "ー", "。", "、", "」", "』", "）", "・", "%", "\"", "'", "’", "”", ")", ",", ".", "!", "?", "-",
    "/", "…", "！", "？", "：",
  ]
  static let rights: [Character] = [
    "ジ", "ン", "す", "の", "漢", "A", "V", "T", "y", "o", "Б", "한", "「", "(", "1",
  ]

  @Test(
    "generated pieces ending in a neutral character are kerned with the next as shaping does",
    arguments: ["ja", "zh-Hans", "ko", "en", "ru"])
  func generated(language: String) throws {
    let style = TextStyle(size: 17, language: try TextLanguage(language))
    var alone = 0
    for left in Self.lefts {
      for neutral in Self.neutrals {
        for right in Self.rights {
          let word = left + String(neutral)
          let string = word + String(right) + "x"
          let split = word.utf8.count
          let pair = try #require(
            Self.pair(0..<split, split..<string.utf8.count, in: string, style: style))
          #expect(pair.shaped == pair.reference, "\(word)|\(right)")
          guard let fast = pair.fast else { continue }
          if pair.usesAlonePlan { alone += 1 }
          #expect(fast == pair.shaped, "\(word)|\(right): \(fast), \(pair.shaped)")
        }
      }
    }
    // Those whose right character has the left word's face and script take the new path.
    #expect(alone > 100, "\(alone)")
  }

  @Test("pairs of the corpus at break opportunities are kerned as shaping kerns them")
  func corpus() throws {
    let analyzer = ICUAnalyzer()
    var alone = 0
    var kerned = 0
    for (text, identifier) in DirectShapingTests.differentialRecords {
      let style = TextStyle(size: 17, language: try TextLanguage(identifier))
      let breaks = analyzer.lineBreaks(in: text[...])
      var start = 0
      for (index, opportunity) in breaks.enumerated().dropLast() {
        defer { start = opportunity.offset }
        let end = opportunity.offset
        let next = breaks[index + 1].offset
        guard !opportunity.isMandatory, end > start, next > end,
          let last = text.utf8[text.utf8.index(text.startIndex, offsetBy: end - 1)] as UInt8?,
          last != 0x20, last != 0x0A
        else { continue }
        guard let pair = Self.pair(start..<end, end..<next, in: text, style: style),
          pair.usesAlonePlan, let fast = pair.fast
        else { continue }
        alone += 1
        if fast != 0 { kerned += 1 }
        #expect(
          fast == pair.shaped,
          "\(identifier): \(Self.slice(text, start..<end))|\(Self.slice(text, end..<next))")
        #expect(pair.shaped == pair.reference)
      }
    }
    #expect(alone > 1000, "\(alone)")
    #expect(kerned > 0, "\(kerned)")
  }

  static func slice(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
  }

  @Test(
    "a plan recorded wrong for the last character alone is caught",
    arguments: [("Hello-", "Vx"), ("Hello.", "Vx"), ("and/", "To"), ("done!", "Ty")])
  func wrongPlan(left: String, right: String) throws {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let string = left + right
    let split = left.utf8.count
    let honest = try #require(
      Self.pair(0..<split, split..<string.utf8.count, in: string, style: style))
    #expect(honest.usesAlonePlan)
    #expect(try #require(honest.fast) == honest.shaped)
    #expect(honest.shaped == honest.reference)
    // The character alone in another face: its plan and advance there, as a recording that
    // asked the wrong face would have them.
    var measures: [ShapedMeasure] = []
    PairAdvanceTests.shaper.measure(
      [0..<split - 1, split - 1..<split], in: left,
      style: TextStyle(fontFamily: "Noto Sans CJK JP", size: 17), isRightToLeft: false,
      into: &measures)
    let other = try #require(measures[1].directEdges)
    let wrong = try #require(
      Self.pair(0..<split, split..<string.utf8.count, in: string, style: style) {
        $0.lastAlonePlan = other.plan
        $0.lastAloneUnits = other.lastUnits
      })
    #expect(wrong.fast != nil && wrong.fast != wrong.shaped, "\(wrong)")
  }
}
