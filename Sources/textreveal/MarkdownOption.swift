import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown

/// The `--markdown` flag and the `"markdown"` field: a text read as inline Markdown or as is.
enum MarkdownOption {
  /// The styled text of a string, parsed as inline Markdown when asked.
  ///
  /// - Throws: ``CommandError`` when cmark-gfm fails (it runs out of memory).
  static func styledText(
    _ string: String, isMarkdown: Bool, style: TextStyle
  ) throws(CommandError) -> StyledText {
    guard isMarkdown else { return StyledText(string, style: style) }
    do {
      return try MarkdownParser.styledText(from: string, base: style)
    } catch {
      throw CommandError("\(error)")
    }
  }
}
