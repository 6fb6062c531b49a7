import Foundation

/// The language of a run of text: a BCP 47 language tag in its canonical spelling.
///
/// A language picks the fallback faces (the same Han character has Simplified Chinese,
/// Traditional Chinese, Japanese and Korean forms, and each has its own face and punctuation
/// positions), the forms HarfBuzz shapes (OpenType `locl`), and the line-breaking rules.
///
/// It is made from a language as people write it: a BCP 47 tag (`zh-Hant`, `pt-BR`, `sr-Latn`)
/// or a POSIX locale identifier, as `LANG`, gettext and most Linux data write it (`zh_TW`,
/// `ja_JP.UTF-8`, `pt_BR@euro`, `sr_RS@latin`). Both are canonicalised the way ICU and
/// Foundation do (`Locale.identifier(.bcp47, from:)`): subtags take their canonical case, a
/// POSIX codeset is dropped, deprecated codes are replaced (`iw` → `he`). Of a POSIX
/// modifier, a script name becomes the script subtag (`@latin` → `Latn`), a word that is a
/// BCP 47 variant stays one (`@valencia`), and anything else, such as `@euro` (a currency, not
/// a language), is dropped. The POSIX locales `C` and `POSIX` name no language: `und`.
///
/// ```swift
/// let language = try TextLanguage("zh_TW.UTF-8")
/// print(language)  // zh-TW
/// var style = TextStyle(language: language)
/// style.language = "ja"  // a literal, checked when it is made
/// ```
///
/// Only text that is neither form is refused, with an error that shows an example of each.
public struct TextLanguage: Sendable, Hashable, CustomStringConvertible {
  /// The canonical BCP 47 tag, for example `"zh-Hant-TW"`, `"ja-JP"` or `"pt-BR"`.
  public let identifier: String

  /// Makes a language from a BCP 47 tag or a POSIX locale identifier.
  ///
  /// - Parameter identifier: The tag or identifier, for example `"zh-Hant"`, `"zh_TW"`,
  ///   `"ja_JP.UTF-8"` or `"pt_BR@euro"`.
  /// - Throws: ``TextLayoutError/invalidLanguage(_:)`` when the text is neither a well-formed
  ///   BCP 47 tag nor a POSIX locale identifier.
  public init(_ identifier: String) throws(TextLayoutError) {
    guard let canonical = Self.canonicalIdentifier(identifier) else {
      throw .invalidLanguage(identifier)
    }
    self.identifier = canonical
  }

  /// A language whose identifier is already canonical, without parsing it.
  package init(canonical identifier: String) {
    self.identifier = identifier
  }

  /// The canonical tag.
  public var description: String { identifier }

  /// Japanese: the language kana imply.
  package static var japanese: TextLanguage { TextLanguage(canonical: "ja") }
  /// Korean: the language Hangul implies.
  package static var korean: TextLanguage { TextLanguage(canonical: "ko") }

  /// The primary language subtag, lowercase: `"zh"` for `zh-Hant-TW`.
  package var languageCode: Substring {
    identifier.prefix { $0 != "-" }
  }

  /// The script subtag, when the tag has one: `"Hant"` for `zh-Hant-TW`.
  package var scriptCode: Substring? {
    subtagsAfterLanguage.first { $0.count == 4 && $0.first!.isLetter }
  }

  /// The region subtag, when the tag has one: `"TW"` for `zh-Hant-TW`, `"419"` for `es-419`.
  package var regionCode: Substring? {
    subtagsAfterLanguage.first {
      ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber))
    }
  }

  /// Whether the tag names no language (`und`, what the POSIX locales `C` and `POSIX` give):
  /// such a text is treated as one without a language.
  package var isUndetermined: Bool { languageCode == "und" }

  /// The subtags between the language and the first extension or private-use singleton.
  private var subtagsAfterLanguage: ArraySlice<Substring> {
    identifier.split(separator: "-").dropFirst().prefix { $0.count > 1 }
  }
}
