import Testing

@_spi(Backend) @testable import TextShaping

/// What a warning tells a user to install for a character no font covers.
@Suite struct MissingFontAdviceTests {
  @Test(
    "each character's script and the Debian package whose fonts cover it",
    arguments: [
      ("한", "Hangul", "fonts-noto-cjk"), ("直", "Han", "fonts-noto-cjk"),
      ("か", "Hiragana", "fonts-noto-cjk"), ("ㄅ", "Bopomofo", "fonts-noto-cjk"),
      ("ก", "Thai", "fonts-noto-core"), ("ह", "Devanagari", "fonts-noto-core"),
      ("ش", "Arabic", "fonts-noto-core"), ("ꦲ", "Javanese", "fonts-noto-core"),
      ("ᐁ", "Canadian Aboriginal", "fonts-noto-core"),
      ("\u{0915}\u{094D}", "Devanagari", "fonts-noto-core"),
      ("→", "Common", "fonts-noto-core"), ("😀", "Emoji", "fonts-noto-color-emoji"),
      ("❤\u{FE0F}", "Emoji", "fonts-noto-color-emoji"),
      ("\u{11F04}", "Kawi", nil), ("\u{1E4D0}", "Nag Mundari", nil), ("\u{0378}", "Unknown", nil),
    ] as [(Character, String, String?)])
  func advice(_ character: Character, _ script: String, _ package: String?) {
    let advice = MissingFontAdvice(for: character)
    #expect(advice.script == script)
    #expect(advice.debianPackage == package)
  }

  @Test("characters are grouped by script, in the order each script first comes")
  func grouped() {
    let groups = MissingFontAdvice.grouped(["\u{11F04}", "한", "\u{11F05}", "글"])
    #expect(groups.map(\.advice.script) == ["Kawi", "Hangul"])
    #expect(groups.map(\.characters) == [["\u{11F04}", "\u{11F05}"], ["한", "글"]])
  }
}
