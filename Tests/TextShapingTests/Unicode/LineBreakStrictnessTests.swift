import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// CSS `line-break` for Chinese and Japanese, through ICU's `lb` tailorings.
@Suite struct LineBreakStrictnessTests {
  /// Whether a line may start before the first occurrence of `character` in `text`.
  static func breaks(
    before character: Character, in text: String, _ strictness: LineBreakStrictness,
    locale: TextLanguage = "ja"
  ) -> Bool {
    let analyzer = ICUAnalyzer(locale: strictness.icuLocale(for: locale))
    let offset = text.utf8.distance(
      from: text.startIndex, to: text.firstIndex(of: character)!)
    return analyzer.lineBreaks(in: text[...]).contains { $0.offset == offset }
  }

  static let text = "美しいなぁと木々が輝くスーパー"

  @Test("small kana and ー: no break before them when strict, a break when normal or loose")
  func smallKana() {
    for character: Character in ["ぁ", "ー"] {
      #expect(!Self.breaks(before: character, in: Self.text, .strict), "\(character)")
      #expect(Self.breaks(before: character, in: Self.text, .normal), "\(character)")
      #expect(Self.breaks(before: character, in: Self.text, .loose), "\(character)")
    }
    #expect(Self.breaks(before: "ぁ", in: Self.text, .normal, locale: "zh-Hans"))
  }

  @Test("an iteration mark breaks only when loose")
  func iterationMark() {
    #expect(!Self.breaks(before: "々", in: Self.text, .normal))
    #expect(Self.breaks(before: "々", in: Self.text, .loose))
  }

  @Test("only Chinese and Japanese get the keyword; the root locale stays plain UAX #14")
  func locales() {
    #expect(LineBreakStrictness.normal.icuLocale(for: nil) == "")
    #expect(LineBreakStrictness.normal.icuLocale(for: try TextLanguage("C.UTF-8")) == "")
    #expect(LineBreakStrictness.strict.icuLocale(for: "ko") == "ko")
    #expect(LineBreakStrictness.loose.icuLocale(for: "ja") == "ja@lb=loose")
    #expect(LineBreakStrictness.normal.icuLocale(for: "zh-Hant") == "zh_Hant@lb=normal")
    // A POSIX locale, as LANG writes it, is the same language.
    #expect(
      LineBreakStrictness.strict.icuLocale(for: try TextLanguage("ja_JP.UTF-8"))
        == "ja_JP@lb=strict")
  }

  @Test("a stack made for Japanese lays out with its strictness")
  func stack() throws {
    let text = StyledText(String(repeating: "なぁ", count: 20), style: TextStyle(size: 17))
    for strictness in LineBreakStrictness.allCases {
      let stack = try TextStack(fontPath: nil, locale: "ja", lineBreak: strictness)
      let layout = try stack.engine.layout(text, configuration: LayoutConfiguration(width: 100))
      let startsWithSmallKana = layout.lines.dropFirst().contains {
        text.string.utf8.dropFirst($0.range.lowerBound).starts(with: "ぁ".utf8)
      }
      #expect(startsWithSmallKana == (strictness != .strict), "\(strictness)")
    }
  }
}
