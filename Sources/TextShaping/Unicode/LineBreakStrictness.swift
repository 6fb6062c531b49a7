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

  /// The ICU locale that breaks lines for `locale` (a BCP 47 tag or ICU locale, `""` for the
  /// root) with this strictness: the locale itself, with `@lb=` for Chinese and Japanese.
  public func icuLocale(for locale: String) -> String {
    let language = locale.lowercased().prefix { $0.isLetter }
    guard language == "ja" || language == "zh" else { return locale }
    // ICU's own spelling: "zh_Hant" rather than "zh-Hant".
    return locale.replacingOccurrences(of: "-", with: "_") + "@lb=" + rawValue
  }
}
