import TestSupport
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
    let text = StyledText("かな", style: TextStyle(language: TextLanguage("C.UTF-8")))
    #expect(languages(text) == ["ja"])
  }

  @Test("Only the first 1 KB is read: kana after it imply nothing")
  func sample() {
    let late = String(repeating: "a", count: StyledText.languageSampleBytes) + "かな"
    #expect(languages(StyledText(late)) == [nil])
    let early = String(repeating: "a", count: StyledText.languageSampleBytes - 6) + "かな"
    #expect(languages(StyledText(early)) == ["ja"])
  }

  /// The language a sample implies, scalar by scalar: the definition the byte scan follows.
  static func referenceLanguage(_ string: String) -> TextLanguage? {
    var hasHangul = false
    for scalar in string.unicodeScalars {
      switch scalar.value {
      case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
      case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: hasHangul = true
      default: break
      }
    }
    return hasHangul ? "ko" : nil
  }

  @Test("The scan eight bytes at a time finds kana and Hangul wherever a scalar scan does")
  func wordScanAgreesWithScalars() {
    var random = SeededRandomNumberGenerator(seed: 26)
    // Latin, punctuation of three bytes (E2), Han (E4–E9), kana, Hangul, jamo and a
    // four-byte emoji, at every alignment.
    let pieces = [
      "a", "word ", "é", "—", "…", "中", "字", "の", "カ", "ｶ", "ㇰ", "한", "ᄀ", "ㄱ", "😀", "ﬁ",
      "\u{E000}", "\u{FFFD}",
    ]
    for _ in 0..<2_000 {
      var string = ""
      for _ in 0..<Int.random(in: 0...40, using: &random) {
        string += pieces.randomElement(using: &random)!
      }
      let scanned = Array(string.utf8).withUnsafeBufferPointer {
        StyledText.impliedLanguage(of: $0)
      }
      #expect(scanned == Self.referenceLanguage(string), "\(string)")
    }
  }
}
