/// An error that stops a layout: an argument the engine cannot lay out with, or a failing
/// Unicode backend.
public enum TextLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The width is zero, negative, infinite or not a number.
  case invalidWidth(Double)
  /// The line limit is below 1.
  case invalidLineLimit(Int)
  /// The line spacing is negative, infinite or not a number.
  case invalidLineSpacing(Double)
  /// The tab stops' interval is not a finite number greater than 0.
  case invalidTabInterval(Double)
  /// An explicit tab stop is negative or not a finite number.
  case invalidTabStop(Double)
  /// The text has more UTF-8 bytes than the engine lays out (2³¹ − 1, as ICU).
  case textTooLong(Int)
  /// The Unicode analysis (line breaks or bidi levels) failed; the analyzer's own description.
  case analysisFailed(String)
  /// A language is neither a BCP 47 language tag nor a POSIX locale identifier; the text given.
  case invalidLanguage(String)

  public var description: String {
    switch self {
    case .invalidWidth(let width):
      "invalid width \(width): the width must be a finite number greater than 0"
    case .invalidLineLimit(let limit):
      "invalid line limit \(limit): the limit must be at least 1 (use no limit for unlimited)"
    case .invalidLineSpacing(let spacing):
      "invalid line spacing \(spacing): the spacing must be a finite number of at least 0"
    case .invalidTabInterval(let interval):
      "invalid tab interval \(interval): the interval must be a finite number greater than 0"
    case .invalidTabStop(let stop):
      "invalid tab stop \(stop): a stop must be a finite number of at least 0"
    case .textTooLong(let count):
      "text too long: \(count) bytes of UTF-8, and the engine lays out at most \(Int32.max)"
    case .analysisFailed(let reason):
      "text analysis failed: \(reason)"
    case .invalidLanguage(let text):
      "\(String(text.prefix(64)).debugDescription) is neither a BCP 47 language tag (such as zh-Hant or pt-BR) nor"
        + " a POSIX locale identifier (such as zh_TW or ja_JP.UTF-8)"
    }
  }
}
