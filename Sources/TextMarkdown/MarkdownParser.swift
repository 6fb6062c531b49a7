@_spi(Backend) import TextLayout

/// Turns inline Markdown into `StyledText`, keeping the text's white space and lines as
/// written: SwiftUI `Text`'s "inline only, preserving whitespace" mode.
///
/// ```swift
/// let text = MarkdownParser.styledText(
///   from: "Read **the full story** at https://example.com, ||no spoilers||",
///   base: TextStyle(fontFamily: "DejaVu Sans", size: 17))
/// ```
///
/// What becomes what:
///
/// | Markdown | Style |
/// | --- | --- |
/// | `**bold**`, `__bold__` | `FontWeight.bold` |
/// | `*italic*`, `_italic_` | `isItalic` |
/// | a code span, between backticks | `fontFamily` = `codeFamily` |
/// | `~~strike~~` (GFM) | `isStrikethrough` |
/// | `[text](url)`, `<https://…>`, bare `https://…`, `www.…`, e-mail (GFM) | `link` |
/// | `![alt](src)` | the alt text, no link |
/// | `\|\|hidden\|\|` (Telegram, Discord) | `isSpoiler` |
///
/// Everything else is CommonMark's inline syntax, as GitHub's cmark-gfm reads it: entities and
/// backslash escapes are resolved, raw HTML and unbalanced markers stay literal, a link whose
/// target `URL` cannot read stays plain text, and a hard break (two trailing spaces or a
/// backslash) ends the line without the spaces or backslash. A NUL character becomes U+FFFD,
/// as CommonMark asks, and does not end the text.
///
/// Only inline syntax is read. The Markdown is cut into lines (`\n`, `\r\n` or `\r`) and the
/// lines into paragraphs at blank lines, as CommonMark cuts them (inline syntax never spans a
/// blank line); a line that would start a block (`# Title`, `- item`, `> quote`, a fence,
/// `---`) is paragraph text like any other. Each line's indentation, trailing white space and
/// line ending come back as written, and blank lines verbatim.
///
/// Spoilers: markers are two `|` written next to each other in text (never in code, raw HTML
/// or a link's destination); in each paragraph the first opens, the next closes, across styled
/// spans, and a last marker with no partner stays literal. `\|\|` writes a literal `||`.
///
/// Parsing is safe from any thread, and linear in the length of the Markdown whatever it
/// holds: the parser is this package's own (`InlineParser`), checked against cmark-gfm 0.29
/// in the tests.
public enum MarkdownParser {
  /// Parses inline Markdown into styled text, keeping white space and lines as written.
  ///
  /// - Parameters:
  ///   - markdown: The Markdown. Block syntax stays literal text.
  ///   - base: The style of plain text; Markdown changes only weight, italics, font family
  ///     (code), strikethrough, link and spoiler on top of it.
  ///   - codeFamily: The font family of code spans.
  /// - Returns: The text without its markup, with runs covering all of it.
  /// - Complexity: O(*n*) in the length of `markdown`.
  public static func styledText(
    from markdown: String,
    base: TextStyle,
    codeFamily: String = "DejaVu Sans Mono"
  ) -> StyledText {
    parse(markdown, base: base, codeFamily: codeFamily).text
  }

  /// Parses Markdown, and counts the steps of the parser's loops whose length the input does
  /// not fix by itself, for the tests and fuzzing that check they stay linear.
  ///
  /// - Parameter plainPath: Whether a Markdown that cannot hold markup (see
  ///   ``isPlain(_:)``) comes back as it is without being parsed; the tests and fuzzing turn
  ///   it off to compare.
  @_spi(Testing) public static func parse(
    _ markdown: String, base: TextStyle, codeFamily: String = "DejaVu Sans Mono",
    plainPath: Bool = true
  ) -> (text: StyledText, work: Int) {
    let language = impliedLanguage(of: markdown)
    var markdown = markdown
    if plainPath, markdown.withUTF8(isPlain) {
      // One line of text without markup: the text is the Markdown, in the base style.
      let run = StyledText.Run(range: 0..<markdown.utf8.count, style: base)
      return (StyledText(string: markdown, runs: [run], impliedLanguage: language), 0)
    }
    let source = MarkdownSource(markdown)
    if source.paragraphs.isEmpty {
      // Only white space: one run.
      let run = StyledText.Run(range: 0..<source.bytes.count, style: base)
      return (
        StyledText(
          string: InlineRenderer.string(fromValidUTF8: source.bytes), runs: [run],
          impliedLanguage: language), 0
      )
    }
    var renderer = InlineRenderer(
      source: source, base: base, codeFamily: codeFamily, impliedLanguage: language)
    let text = renderer.render()
    return (text, renderer.work)
  }

  /// Whether the Markdown is one line whose inline parse changes nothing: it holds none of
  /// the bytes that start inline syntax or end a line (`` ` ``, `\\`, `&`, `<`, `*`, `_`, `~`,
  /// `[`, `]`, `!`, `|`, `@`, line feed, carriage return, NUL), no `://` and no `www.` in
  /// any case. Its text is then the Markdown itself, indentation and trailing white space
  /// included, in one run of the base style, without the copies, the parse and the UTF-8
  /// validation of a `String` made again.
  package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    stopsPlainText.withUnsafeBufferPointer { stops in
      for index in bytes.indices {
        let byte = bytes[index]
        guard stops[Int(byte)] else { continue }
        switch byte {
        case UInt8(ascii: ":"):
          // A URL autolink needs "://" (its scheme is read backwards from the colon).
          if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
          {
            return false
          }
        case UInt8(ascii: "."):
          // A "www." autolink, in any case.
          if index >= 3, bytes[(index - 3)..<index].allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") }) {
            return false
          }
        default: return false
        }
      }
      return true
    }
  }

  /// The bytes ``isPlain(_:)`` looks at: those that stop it, and `:` and `.`, which do when an
  /// autolink could start there.
  private static let stopsPlainText: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for byte in "`\\&<*_~[]!|@\n\r\0:.".utf8 { table[Int(byte)] = true }
    return table
  }()

  /// The language the script of the Markdown's first 4 KB implies (kana: `"ja"`, else
  /// Hangul: `"ko"`), read from the Markdown as written rather than from its text.
  static func impliedLanguage(of markdown: String) -> TextLanguage? {
    var markdown = markdown
    return markdown.withUTF8 {
      StyledText.impliedLanguage(
        of: UnsafeBufferPointer(rebasing: $0.prefix(StyledText.languageSampleBytes)))
    }
  }
}
