import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown

/// The `--markdown` flag and the `"markdown"` field: a text read as inline Markdown or as is.
enum MarkdownOption {
  /// The styled text of a string, parsed as inline Markdown when asked.
  static func styledText(_ string: String, isMarkdown: Bool, style: TextStyle) -> StyledText {
    isMarkdown
      ? MarkdownParser.styledText(from: string, base: style) : StyledText(string, style: style)
  }
}
