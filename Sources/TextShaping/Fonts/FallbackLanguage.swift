import Foundation
@_spi(Backend) import TextLayout

/// The language fallback faces are chosen for: a language spelled as Fontconfig's languages
/// are, and the language a script implies when a text names none.
///
/// The same Han character has Simplified Chinese, Traditional Chinese, Japanese and Korean
/// forms, and many fonts cover a few CJK characters (a Nüshu font has "一", a Mongolian one has
/// "。"). Asked without a language, Fontconfig sorts those fonts by family alone, and the first
/// one covering each character wins: a paragraph is drawn in several unrelated faces. Asked with
/// one, it puts the fonts made for that language first, as Pango does with its context language.
enum FallbackLanguage {
  /// Fontconfig's name for a language: its primary subtag (`ja-JP` is `ja`), and for Chinese
  /// one of the three regional forms fonts are made for, `zh-cn` (Simplified), `zh-tw`
  /// (Traditional) and `zh-hk` (Hong Kong).
  ///
  /// Chinese takes its script first (`zh-Hans-HK` is Simplified), then its region: Hong Kong
  /// and Macau write Hong Kong's forms, Taiwan Traditional, and Singapore, Malaysia and the
  /// mainland Simplified. Cantonese (`yue`) is Hong Kong's. Fontconfig has names for `zh-sg`
  /// and `zh-mo` too, but Noto Sans CJK declares no face for them: asked for them, it sorts
  /// its Japanese face first.
  ///
  /// - Returns: The name, or `nil` for an undetermined language (`und`).
  static func fontconfigName(for language: TextLanguage) -> String? {
    let primary = language.languageCode.lowercased()
    guard primary != "und" else { return nil }
    if primary == "yue" { return language.scriptCode == "Hans" ? "zh-cn" : "zh-hk" }
    guard primary == "zh" else { return primary }
    switch language.scriptCode {
    case "Hans": return "zh-cn"
    case "Hant": return ["HK", "MO"].contains(language.regionCode) ? "zh-hk" : "zh-tw"
    default:
      switch language.regionCode {
      case "HK", "MO": return "zh-hk"
      case "TW": return "zh-tw"
      default: return "zh-cn"
      }
    }
  }

  /// A character of a CJK language (Fontconfig's name), whose fallback face gives the line
  /// height of every line of text in that language; `nil` for other languages.
  ///
  /// CJK faces are taller than Latin ones: without this, a line of Latin words or an empty
  /// line in a Japanese paragraph would be shorter than its neighbours.
  static func strutSample(for language: String) -> Unicode.Scalar? {
    switch language {
    case "ja": "\u{3042}"  // あ
    case "ko": "\u{D55C}"  // 한
    case _ where language.hasPrefix("zh"): "\u{4E2D}"  // 中
    default: nil
    }
  }

  /// The language a character's script implies when the text names none: kana is Japanese,
  /// Hangul Korean, and Han characters, Bopomofo and CJK punctuation and full-width forms take
  /// ``hanDefault``. Other scripts imply nothing: Fontconfig's order without a language
  /// already picks a face made for them.
  static func implied(by scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x1B000...0x1B16F: "ja"
    case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC:
      "ko"
    case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3100...0x312F, 0x31A0...0x31BF, 0x31C0...0x31EF,
      0x3200...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF65, 0x20000...0x3FFFF:
      hanDefault
    default: nil
    }
  }

  /// The language of Han characters in a text that names none: the process locale's, when it is
  /// Chinese, Japanese or Korean (`LC_ALL`, then `LC_CTYPE`, then `LANG`, as C's `setlocale`
  /// reads them, each a POSIX locale identifier such as `ja_JP.UTF-8`), and Simplified Chinese
  /// otherwise.
  static let hanDefault: String = hanDefault(
    environment: ProcessInfo.processInfo.environment)

  /// ``hanDefault`` for an environment.
  static func hanDefault(environment: [String: String]) -> String {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale, let language = try? TextLanguage(locale),
      let name = fontconfigName(for: language),
      name == "ja" || name == "ko" || name.hasPrefix("zh")
    else { return "zh-cn" }
    return name
  }
}
