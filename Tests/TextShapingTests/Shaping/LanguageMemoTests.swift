import CHarfBuzz
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// A batch of misses takes its style's HarfBuzz language from the arena's memo of the last
/// batch's (`HarfBuzzShaper.LanguageMemo`). Held here to finding it anew: for styles whose
/// languages change from batch to batch in every order, the memo gives what HarfBuzz gives
/// for the style's tag, and nothing for a style without a language or with an undetermined one.
@Suite struct LanguageMemoTests {
  static let languages: [TextLanguage?] = [
    nil, TextLanguage(canonical: "en"), TextLanguage(canonical: "tr"),
    TextLanguage(canonical: "und"), TextLanguage(canonical: "zh-Hant"),
    TextLanguage(canonical: "ja"), TextLanguage(canonical: "en"), nil,
    TextLanguage(canonical: "sr-Latn"), TextLanguage(canonical: "und"),
    TextLanguage(canonical: "tr"),
  ]

  @Test("The memo gives each style the HarfBuzz language its tag names, in every order")
  func memoMatchesLookUp() {
    let styles = Self.languages.map { TextStyle(size: 12, language: $0) }
    for first in styles.indices {
      var memo = HarfBuzzShaper.LanguageMemo()
      // Each style after every other, and twice in a row.
      for style in styles[first...] + styles[..<first] + styles.reversed() + [styles[first]] {
        let expected = HarfBuzzShaper.harfBuzzLanguage(of: style)
        #expect(memo.harfBuzzLanguage(of: style) == expected)
        #expect(memo.harfBuzzLanguage(of: style) == expected)
      }
    }
  }

  @Test("A style names a HarfBuzz language only with a determined tag")
  func lookUp() {
    #expect(HarfBuzzShaper.harfBuzzLanguage(of: TextStyle(size: 12)) == nil)
    #expect(
      HarfBuzzShaper.harfBuzzLanguage(
        of: TextStyle(size: 12, language: TextLanguage(canonical: "und"))) == nil)
    #expect(
      HarfBuzzShaper.harfBuzzLanguage(
        of: TextStyle(size: 12, language: TextLanguage(canonical: "tr")))
        == hb_language_from_string("tr", -1))
  }
}
