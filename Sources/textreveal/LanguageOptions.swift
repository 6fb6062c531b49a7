import ArgumentParser
import Foundation
@_spi(Backend) import TextShaping

extension LineBreakStrictness: ExpressibleByArgument {}

/// The options `measure`, `render` and `render-list` share for the text's language: the tag
/// that picks fallback faces and the line-breaking locale, and the CJK line-break strictness.
struct LanguageOptions: ParsableArguments {
  @Option(
    help: """
      The text's language as a BCP 47 tag (ja, zh-Hans, zh-Hant, ko, ar…): it picks the \
      line-breaking rules and the fallback faces. Without it, kana is taken as Japanese, Hangul \
      as Korean and Han as the locale's Chinese, Japanese or Korean, else Simplified Chinese.
      """)
  var lang: String?

  @Option(
    help: "How strictly Chinese and Japanese lines break (CSS line-break): strict, normal, loose.")
  var lineBreak: LineBreakStrictness = .normal

  func validate() throws {
    if let lang, let problem = LanguageTag.problem(with: lang) {
      throw ValidationError("--lang: \(problem)")
    }
  }

  /// The text stack for the language and line breaking asked for.
  ///
  /// - Parameter fontPath: A font file to use instead of DejaVu Sans.
  func stack(fontPath: String? = nil) throws(CommandError) -> TextStack {
    do {
      return try TextStack(fontPath: fontPath, locale: lang ?? "", lineBreak: lineBreak)
    } catch {
      throw CommandError("\(error)")
    }
  }
}
