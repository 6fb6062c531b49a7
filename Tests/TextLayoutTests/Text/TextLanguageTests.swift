import Foundation
import Testing

@testable import TextLayout

/// Languages as people write them: BCP 47 tags and POSIX locale identifiers, canonicalised as
/// ICU and Foundation do; only text that is neither is refused (issue 27).
@Suite struct TextLanguageTests {
  @Test(
    "BCP 47 tags and POSIX locales become canonical BCP 47 tags",
    arguments: [
      ("ja", "ja"), ("JA", "ja"), ("zh-hant", "zh-Hant"), ("ZH-hant-tw", "zh-Hant-TW"),
      ("pt-BR", "pt-BR"), ("es-419", "es-419"), ("sr-Latn-RS", "sr-Latn-RS"),
      ("en-US-u-ca-buddhist", "en-US-u-ca-buddhist"), ("de-DE-1901", "de-DE-1901"),
      // POSIX, as LANG, gettext and Debian's data write them.
      ("zh_CN", "zh-CN"), ("zh_TW", "zh-TW"), ("ja_JP.UTF-8", "ja-JP"), ("en_US.utf8", "en-US"),
      ("pt_BR@euro", "pt-BR"), ("de_DE.ISO-8859-1@euro", "de-DE"), ("sr_RS@latin", "sr-Latn-RS"),
      ("uz_UZ@cyrillic", "uz-Cyrl-UZ"), ("ks_IN@devanagari", "ks-Deva-IN"),
      ("ca_ES@valencia", "ca-ES-valencia"), ("zh_Hant_TW", "zh-Hant-TW"),
      ("C", "und"), ("POSIX", "und"), ("C.UTF-8", "und"),
      // Deprecated and grandfathered codes take their replacements, as in ICU.
      ("iw", "he"), ("in_ID", "id-ID"), ("i-klingon", "tlh"), ("zh-yue", "yue"),
      // What ICU can only put in private use keeps its subtags, in canonical case.
      ("sgn-be-fr", "sgn-BE-FR"),
    ] as [(String, String)])
  func canonical(_ written: String, _ identifier: String) throws {
    let language = try TextLanguage(written)
    #expect(language.identifier == identifier)
    // Canonical means a fixed point.
    #expect(try TextLanguage(identifier) == language)
  }

  @Test(
    "text that is neither a tag nor a POSIX locale is refused, with an example of each",
    arguments: [
      "", " ", "hello world", "12", "x", "e", "ja-", "-ja", "ja--JP", "ja_JP.", "ja_JP@",
      "ja_JP@calendar=japanese", "ja JP", "en-US-u", "日本語", "toolonglanguage", "ja\n",
      "zh-Hant-TW-toolongvariant", "en-x-", "C.UTF-8 ",
    ])
  func refused(_ text: String) {
    #expect(throws: TextLayoutError.invalidLanguage(text)) { try TextLanguage(text) }
    let description = TextLayoutError.invalidLanguage(text).description
    #expect(description.contains("neither a BCP 47 language tag (such as zh-Hant"))
    #expect(description.contains("nor a POSIX locale identifier (such as zh_TW or ja_JP.UTF-8)"))
  }

  @Test("every locale glibc knows, as LANG writes it, is a language, the language Foundation reads")
  func glibcLocales() throws {
    let list = try String(contentsOfFile: "/usr/share/i18n/SUPPORTED", encoding: .utf8)
    let names = list.split(separator: "\n").compactMap { $0.split(separator: " ").first }
    #expect(names.count > 400, "Debian's locales lists about 500")
    for name in names.map(String.init) {
      let language = try TextLanguage(name)
      guard !language.isUndetermined else {
        #expect(name.hasPrefix("C."), "\(name)")
        continue
      }
      // Foundation reads the same language from the POSIX name (deprecated codes aside).
      let foundation = Locale(identifier: name).language.languageCode?.identifier
      let expected = ["iw": "he", "in": "id", "ji": "yi"][foundation ?? ""] ?? foundation
      #expect(String(language.languageCode) == expected, "\(name) → \(language)")
    }
  }

  @Test("the parts of a tag: language, script and region")
  func parts() throws {
    // Through the throwing initializer: a literal argument would take the literal one.
    let (chinese, latinAmerican, posix) = ("zh_Hant_TW.UTF-8", "es-419-u-nu-latn", "C")
    let language = try TextLanguage(chinese)
    #expect(language.languageCode == "zh" && language.scriptCode == "Hant")
    #expect(language.regionCode == "TW" && !language.isUndetermined)
    let spanish = try TextLanguage(latinAmerican)
    #expect(spanish.scriptCode == nil && spanish.regionCode == "419")
    #expect(try TextLanguage(posix).isUndetermined)
  }

  @Test("a language decodes from either form and encodes as its canonical tag")
  func codable() throws {
    let decoded = try JSONDecoder().decode(
      [TextLanguage].self, from: Data(#"["zh_TW", "ja"]"#.utf8))
    #expect(decoded == ["zh-TW", "ja"])
    #expect(
      String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["zh-TW","ja"]"#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TextLanguage.self, from: Data(#""not a tag""#.utf8))
    }
  }

  @Test("a style's language is typed, and a literal is checked as it is made")
  func style() throws {
    var text = StyledText("文字", style: TextStyle(language: "zh_TW"))
    text.append("かな", style: TextStyle())
    text.setDefaultLanguage("ja_JP.UTF-8")
    #expect(text.runs.map(\.style.language) == ["zh-TW", "ja-JP"])
  }
}
