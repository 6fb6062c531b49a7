import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// The layout kerns a segment with the next (issue 27) from the two pieces' cached glyphs when
/// each is one glyph shaped directly (`HarfBuzzShaper.pairAdjustment`), and shapes the pair
/// otherwise. The glyph path must give what shaping the pair gives, bit for bit: here against
/// the same shaper measuring the pair, and against HarfBuzz alone shaping it.
@Suite struct PairAdvanceTests {
  /// Shapes runs directly where it can, as the layout's shaper does.
  static let shaper = HarfBuzzShaper(shapesDirectly: true)
  /// Shapes every run with HarfBuzz.
  static let reference = HarfBuzzShaper(shapesDirectly: false)

  /// What the glyph path and both shapers say of the kerning between two characters: their
  /// advance shaped together less each alone, as the layout measures it by shaping.
  struct Pair {
    var fast: Double?
    var shaped: Double
    var reference: Double
  }

  /// The pair `first` `second`, each alone a piece, or the end and the start of the pieces
  /// `before + first` and `second + after`.
  static func pair(
    _ first: Character, _ second: Character, style: TextStyle, before: String = "",
    after: String = ""
  ) -> Pair {
    let string = before + String(first) + String(second) + after
    let start = before.utf8.count
    let split = start + String(first).utf8.count
    let end = split + String(second).utf8.count
    let ranges = [
      0..<split, split..<string.utf8.count, start..<split, split..<end, start..<end,
    ]
    var measures: [ShapedMeasure] = []
    shaper.measure(ranges, in: string, style: style, isRightToLeft: false, into: &measures)
    var references: [ShapedMeasure] = []
    reference.measure(
      ranges, in: string, style: style, isRightToLeft: false, into: &references)
    return Pair(
      fast: shaper.pairAdjustment(measures[0], measures[1]),
      shaped: measures[4].advance - (measures[2].advance + measures[3].advance),
      reference: references[4].advance - (references[2].advance + references[3].advance))
  }

  static let kana: [Character] =
    (0x3041...0x3096).map { Character(Unicode.Scalar($0)!) }
    + (0x30A1...0x30FA).map { Character(Unicode.Scalar($0)!) }
    // The prolonged sound mark, the ideographic comma and full stop, brackets: Common script.
    + ["ー", "、", "。", "「", "」"]

  static func isKatakana(_ character: Character) -> Bool {
    (0x30A0...0x30FF).contains(character.unicodeScalars.first!.value)
  }

  @Test(
    "every kana pair of Noto Sans CJK JP is kerned from its glyphs as shaping kerns it",
    arguments: [("", ""), ("ア", "ン"), ("す", "")])
  func kanaPairs(before: String, after: String) throws {
    let style = TextStyle(size: 17, language: "ja")
    var fast = 0
    var kanaPairs = 0
    var kerned = 0
    let neutral = Set(Self.kana.suffix(5))
    for first in Self.kana {
      for second in Self.kana {
        let pair = Self.pair(first, second, style: style, before: before, after: after)
        #expect(pair.shaped == pair.reference, "\(first)\(second)")
        // A piece of two scripts is two runs: its edges are shaped with their neighbours.
        let isKana =
          !neutral.contains(first) && !neutral.contains(second)
          && (before.isEmpty || Self.isKatakana(before.last!) == Self.isKatakana(first))
          && (after.isEmpty || Self.isKatakana(after.first!) == Self.isKatakana(second))
        if isKana { kanaPairs += 1 }
        guard let adjustment = pair.fast else { continue }
        if isKana { fast += 1 }
        if adjustment != 0 { kerned += 1 }
        #expect(adjustment == pair.shaped, "\(first)\(second): \(adjustment), \(pair.shaped)")
        if adjustment != pair.shaped { return }
      }
    }
    // Every kana is a plain base glyph that no lookup but kerning starts at: each pair of two
    // goes by its glyphs (hiragana with katakana too: two scripts, two items, no kerning).
    #expect(fast == kanaPairs, "\(fast) of \(kanaPairs)")
    #expect(fast >= 8100)
    // The face kerns hundreds of them.
    #expect(kerned > 100, "\(kerned)")
    // Kerned in both scripts; a piece of one script goes by its glyphs.
    let (left, right): (Character, Character) = before == "ア" ? ("ス", "ベ") : ("す", "べ")
    let kernedPair = Self.pair(left, right, style: style, before: before, after: after)
    #expect(try #require(kernedPair.fast) < -1, "\(kernedPair)")
  }

  @Test(
    "Latin pairs of DejaVu Sans are kerned from their glyphs as shaping kerns them",
    arguments: ["AV", "To", "Ty", "LT", "Av", "ab", "aб"])
  func latinPairs(text: String) throws {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let contexts = text == "aб" ? [("", "")] : [("", ""), ("xA", "x"), ("B", "ow")]
    for (before, after) in contexts {
      let pair = Self.pair(text.first!, text.last!, style: style, before: before, after: after)
      let adjustment = try #require(pair.fast)
      #expect(adjustment == pair.shaped)
      #expect(adjustment == pair.reference)
      if ["AV", "To", "Ty", "LT", "Av"].contains(text) {
        #expect(adjustment < -0.5, "\(text): \(adjustment)")
      }
    }
  }

  /// DejaVu Sans kerns `-V` in Latin only: a hyphen alone is Common, shaped with V it is
  /// Latin, so only shaping the pair knows.
  @Test("a neutral character next to another script's is shaped with it", arguments: ["-V", "/V"])
  func neutralPairs(text: String) {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let pair = Self.pair(text.first!, text.last!, style: style)
    #expect(pair.fast == nil)
    #expect(pair.shaped == pair.reference)
  }

  @Test(
    "lines across kerned break opportunities are the same with the glyph path and HarfBuzz",
    arguments: [
      ("A—V—To—Ty—LT", "en"), ("A/V T/o", "en"), ("A-V T-o", "en"),
      (KerningAcrossSegmentsTests.paragraph, "ja"),
    ] as [(String, TextLanguage)])
  func sameLines(text: String, language: TextLanguage) throws {
    let direct = TextLayoutEngine(shaper: Self.shaper, analyzer: ICUAnalyzer())
    let reference = TextLayoutEngine(shaper: Self.reference, analyzer: ICUAnalyzer())
    let styled = StyledText(text, style: TextStyle(size: 17, language: language))
    for width in [20.0, 40, 60, 90, 150, 320] {
      let configuration = LayoutConfiguration(width: width)
      let ours = LayoutDump.dump(try direct.layout(styled, configuration: configuration))
      let theirs = LayoutDump.dump(try reference.layout(styled, configuration: configuration))
      #expect(ours == theirs, "\(text) at \(width)")
    }
  }

  @Test("a pair a ligature may join, a piece of two glyphs or of HarfBuzz is shaped instead")
  func declined() {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    // DejaVu Sans's liga joins f and i.
    #expect(Self.pair("f", "i", style: style).fast == nil)
    #expect(Self.pair("f", "i", style: style, before: "o", after: "t").fast == nil)
    // A mark makes its character HarfBuzz's.
    #expect(Self.pair("e\u{301}", "v", style: style).fast == nil)
    // Hebrew is not the direct path's.
    #expect(Self.pair("ש", "ל", style: style).fast == nil)
    // The reference shaper shapes nothing directly, so it measures no pair from glyphs.
    var measures: [ShapedMeasure] = []
    Self.reference.measure(
      [0..<1, 1..<2], in: "AV", style: style, isRightToLeft: false, into: &measures)
    #expect(Self.reference.pairAdjustment(measures[0], measures[1]) == nil)
  }
}
