import Testing

@_spi(Backend) @testable import TextLayout

/// The language a text's script implies, for runs that name none (issue 15).
@Suite struct InferredLanguageTests {
  func languages(_ text: StyledText) -> [TextLanguage?] {
    text.inferringLanguage().runs.map(\.style.language)
  }

  @Test(
    "Kana makes a text Japanese, Hangul Korean; Han or Latin alone imply nothing",
    arguments: [
      ("昨日の展示会", "ja"), ("カタカナ", "ja"), ("ｶﾀｶﾅ", "ja"), ("ㇰ", "ja"),
      ("한국어", "ko"), ("ᄀ", "ko"), ("ㄱ", "ko"), ("漢字と한글", "ja"),
      ("中文段落", nil), ("Latin only", nil), ("", nil), ("→ ★ é", nil),
    ] as [(String, TextLanguage?)])
  func inferred(string: String, language: TextLanguage?) {
    #expect(languages(StyledText(string)) == [language])
  }

  @Test("Runs that name a language keep it; the runs keep their number and ranges")
  func keepsRuns() {
    var text = StyledText("日本語で", style: TextStyle(language: "zh-Hant"))
    text.append("テキスト", style: TextStyle(size: 20))
    text.append("と", style: TextStyle(size: 20, language: "ko"))
    let inferred = text.inferringLanguage()
    #expect(inferred.runs.map(\.range) == text.runs.map(\.range))
    #expect(languages(text) == ["zh-Hant", "ja", "ko"])
    #expect(inferred.string == text.string)
  }

  @Test("A run whose language is undetermined (the POSIX locale C) takes the implied one")
  func undetermined() throws {
    let text = StyledText("かな", style: TextStyle(language: try TextLanguage("C.UTF-8")))
    #expect(languages(text) == ["ja"])
  }

  @Test("Only the first 4 KB are read: kana after them imply nothing")
  func sample() {
    let late = String(repeating: "a", count: StyledText.languageSampleBytes) + "かな"
    #expect(languages(StyledText(late)) == [nil])
    let early = String(repeating: "a", count: StyledText.languageSampleBytes - 6) + "かな"
    #expect(languages(StyledText(early)) == ["ja"])
  }
}
