import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// The layout kerns a segment with the next (issue 27) from the two pieces' cached glyphs when
/// each is one glyph shaped directly (`HarfBuzzShaper.pairAdvance`), and shapes the pair
/// otherwise. The glyph path must give what shaping the pair gives, bit for bit: here against
/// the same shaper measuring the pair, and against HarfBuzz alone shaping it.
@Suite struct PairAdvanceTests {
  /// Shapes runs directly where it can, as the layout's shaper does.
  static let shaper = HarfBuzzShaper(shapesDirectly: true)
  /// Shapes every run with HarfBuzz.
  static let reference = HarfBuzzShaper(shapesDirectly: false)

  /// What the glyph path and both shapers say of two characters shaped together.
  struct Pair {
    var fast: Double?
    var shaped: Double
    var reference: Double
    var alone: Double
  }

  static func pair(_ first: Character, _ second: Character, style: TextStyle) -> Pair {
    let string = String(first) + String(second)
    let split = String(first).utf8.count
    let ranges = [0..<split, split..<string.utf8.count, 0..<string.utf8.count]
    var measures: [ShapedMeasure] = []
    shaper.measure(ranges, in: string, style: style, isRightToLeft: false, into: &measures)
    return Pair(
      fast: shaper.pairAdvance(measures[0], measures[1]), shaped: measures[2].advance,
      reference: reference.measure(string[...], style: style, isRightToLeft: false).advance,
      alone: measures[0].advance + measures[1].advance)
  }

  static let kana: [Character] =
    (0x3041...0x3096).map { Character(Unicode.Scalar($0)!) }
    + (0x30A1...0x30FA).map { Character(Unicode.Scalar($0)!) }
    // The prolonged sound mark, the ideographic comma and full stop, brackets: Common script.
    + ["ー", "、", "。", "「", "」"]

  @Test("every kana pair of Noto Sans CJK JP measures from its glyphs as shaping it does")
  func kanaPairs() throws {
    let style = TextStyle(size: 17, language: "ja")
    var fast = 0
    var kanaPairs = 0
    var kerned = 0
    let neutral = Set(Self.kana.suffix(5))
    for first in Self.kana {
      for second in Self.kana {
        let pair = Self.pair(first, second, style: style)
        #expect(pair.shaped == pair.reference, "\(first)\(second)")
        let isKana = !neutral.contains(first) && !neutral.contains(second)
        if isKana { kanaPairs += 1 }
        guard let advance = pair.fast else { continue }
        if isKana { fast += 1 }
        if advance != pair.alone { kerned += 1 }
        #expect(advance == pair.shaped, "\(first)\(second): \(advance), \(pair.shaped)")
        if advance != pair.shaped { return }
      }
    }
    // Every kana is a plain base glyph that no lookup but kerning starts at: each pair of two
    // goes by its glyphs (hiragana with katakana too: two scripts, two items, no kerning).
    #expect(fast == kanaPairs, "\(fast) of \(kanaPairs)")
    // The face kerns hundreds of them.
    #expect(kerned > 100, "\(kerned)")
    let kernedPair = Self.pair("す", "べ", style: style)
    #expect(try #require(kernedPair.fast) < kernedPair.alone - 1, "\(kernedPair)")
  }

  @Test(
    "Latin pairs of DejaVu Sans measure from their glyphs as shaping them does",
    arguments: ["AV", "To", "Ty", "LT", "Av", "ab", "aб"])
  func latinPairs(text: String) throws {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let pair = Self.pair(text.first!, text.last!, style: style)
    let advance = try #require(pair.fast)
    #expect(advance == pair.shaped)
    #expect(advance == pair.reference)
    if ["AV", "To", "Ty", "LT", "Av"].contains(text) {
      #expect(advance < pair.alone - 0.5, "\(text): \(advance), \(pair.alone)")
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
    // A mark makes its character HarfBuzz's.
    #expect(Self.pair("e\u{301}", "v", style: style).fast == nil)
    // Hebrew is not the direct path's.
    #expect(Self.pair("ש", "ל", style: style).fast == nil)
    // The reference shaper shapes nothing directly, so it measures no pair from glyphs.
    var measures: [ShapedMeasure] = []
    Self.reference.measure(
      [0..<1, 1..<2], in: "AV", style: style, isRightToLeft: false, into: &measures)
    #expect(Self.reference.pairAdvance(measures[0], measures[1]) == nil)
  }
}
