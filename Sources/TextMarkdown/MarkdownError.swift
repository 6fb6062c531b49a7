/// An error from ``MarkdownParser``: cmark-gfm could not give a result.
///
/// Every `String` is valid Markdown (unknown or unbalanced syntax stays literal text), so the
/// only failure is the C library returning `NULL`, which it does when it runs out of memory.
///
/// ```swift
/// do {
///   let text = try MarkdownParser.styledText(from: "**Hi**", base: TextStyle())
/// } catch {
///   print(error)  // cmark_parser_new returned NULL for 6 bytes of Markdown (out of memory)
/// }
/// ```
public enum MarkdownError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A cmark-gfm function returned `NULL`; `inputBytes` is the UTF-8 size of the Markdown.
  case cmarkFailed(function: String, inputBytes: Int)

  /// A sentence naming the failing C function and the size of the input.
  public var description: String {
    switch self {
    case .cmarkFailed(let function, let inputBytes):
      return "\(function) returned NULL for \(inputBytes) bytes of Markdown (out of memory)"
    }
  }
}
