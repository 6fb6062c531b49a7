@_spi(Backend) import TextLayout

/// How strictly lines break around small kana, prolonged sound marks and some punctuation in
/// Chinese and Japanese text: CSS `line-break`, as ICU tailors UAX #14 for those languages
/// (its `lb` locale keyword).
///
/// Other languages have no tailoring and break by UAX #14 whatever the choice.
public enum LineBreakStrictness: String, Sendable, Hashable, CaseIterable {
  /// No break before small kana (ぁ, ッ) or the prolonged sound mark (ー): UAX #14's default
  /// reading of class CJ.
  case strict
  /// Breaks before small kana and ー, and before the hyphens U+2010, U+2013, 〜 and ゠: CSS's
  /// default for Chinese and Japanese.
  case normal
  /// `normal`, and breaks before iteration marks (々), between ellipses, and around some
  /// centred punctuation and full-width suffixes: for narrow columns.
  case loose

  /// The ICU locale that breaks lines for a language (`nil` for the root locale) with this
  /// strictness: the language's tag, with `@lb=` for Chinese and Japanese.
  package func icuLocale(for language: TextLanguage?) -> String {
    guard let language, !language.isUndetermined else { return "" }
    let code = language.languageCode
    guard code == "ja" || code == "zh" else { return language.identifier }
    // ICU's own spelling: "zh_Hant" rather than "zh-Hant".
    return language.identifier.replacingOccurrences(of: "-", with: "_") + "@lb=" + rawValue
  }
}
