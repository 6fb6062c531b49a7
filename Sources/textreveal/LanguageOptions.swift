import ArgumentParser
import Foundation
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

extension LineBreakStrictness: ExpressibleByArgument {}

/// The options `measure`, `render` and `render-list` share for the text's language: the
/// language that picks fallback faces and the line-breaking locale, and the CJK line-break
/// strictness.
struct LanguageOptions: ParsableArguments {
  @Option(
    name: .customLong("lang"),
    help: ArgumentHelp(
      """
      The text's language, as a BCP 47 tag (ja, zh-Hans, zh-Hant, ko, pt-BR…) or a POSIX \
      locale (zh_TW, ja_JP.UTF-8): it picks the line-breaking rules, the fallback faces and \
      their regional forms. Without it, kana is taken as Japanese, Hangul as Korean and Han as \
      the locale's Chinese, Japanese or Korean, else Simplified Chinese.
      """, valueName: "lang"),
    transform: { text in
      do {
        return try TextLanguage(text)
      } catch {
        throw ValidationError("\(error)")
      }
    })
  var lang: TextLanguage?

  @Option(
    help: "How strictly Chinese and Japanese lines break (CSS line-break): strict, normal, loose.")
  var lineBreak: LineBreakStrictness = .normal

  /// The text stack for the language and line breaking asked for.
  ///
  /// - Parameter fontPath: A font file to use instead of DejaVu Sans.
  func stack(fontPath: String? = nil) throws(CommandError) -> TextStack {
    do {
      return try TextStack(fontPath: fontPath, locale: lang, lineBreak: lineBreak)
    } catch {
      throw CommandError("\(error)")
    }
  }

  /// The language a record's or row's `"lang"` field holds: `nil` when there is no field, or
  /// what is wrong with it (`"lang" is not a string`, or `"lang": ` and why the text is not a
  /// language).
  static func language(field value: Any?) -> Result<TextLanguage?, FieldProblem> {
    guard let value else { return .success(nil) }
    guard let text = value as? String else {
      return .failure(FieldProblem(description: "\"lang\" is not a string"))
    }
    do {
      return .success(try TextLanguage(text))
    } catch {
      return .failure(FieldProblem(description: "\"lang\": \(error)"))
    }
  }

  /// What is wrong with a `"lang"` field.
  struct FieldProblem: Error, CustomStringConvertible {
    var description: String
  }
}
