@_spi(Backend) import TextLayout

/// Turns inline Markdown into ``StyledText``, parsed by GitHub's cmark-gfm, keeping the text's
/// white space and lines as written: SwiftUI `Text`'s "inline only, preserving whitespace" mode.
///
/// ```swift
/// let text = try MarkdownParser.styledText(
///   from: "Read **the full story** at https://example.com, ||no spoilers||",
///   base: TextStyle(fontFamily: "DejaVu Sans", size: 17))
/// ```
///
/// What becomes what:
///
/// | Markdown | Style |
/// | --- | --- |
/// | `**bold**`, `__bold__` | ``FontWeight/bold`` |
/// | `*italic*`, `_italic_` | `isItalic` |
/// | `` `code` `` | `fontFamily` = `codeFamily` |
/// | `~~strike~~` (GFM) | `isStrikethrough` |
/// | `[text](url)`, `<https://…>`, bare `https://…`, `www.…`, e-mail (GFM) | `link` |
/// | `![alt](src)` | the alt text, no link |
/// | `\|\|hidden\|\|` (Telegram, Discord) | `isSpoiler` |
///
/// Everything else is CommonMark's: entities and backslash escapes are resolved, raw HTML and
/// unbalanced markers stay literal, a link whose target `URL` cannot read stays plain text,
/// and a hard break (two trailing spaces or a backslash) ends the line without the spaces or
/// backslash. A NUL character becomes U+FFFD, as CommonMark asks, and does not end the text.
///
/// ## How blocks are kept out and white space kept in
///
/// cmark-gfm parses whole documents, and a paragraph's lines lose their indentation and
/// trailing spaces, blank lines separate paragraphs, and lines such as `# Title`, `- item`,
/// `1. item`, `> quote`, a code fence or `---` start blocks. So the parser gives cmark a
/// rewritten text and puts the white space back while it walks the result:
///
/// 1. The Markdown is cut into lines (`\n`, `\r\n` or `\r`), and the lines into paragraphs at
///    blank lines, as CommonMark cuts them: inline syntax never spans a blank line.
/// 2. Each line loses its leading and trailing spaces and tabs, which are remembered, and
///    gains a *sentinel*: a Unicode space character (`Zs`, U+2007 unless the text holds it)
///    in front. No block starts after a non-ASCII character, so every line is paragraph
///    text, and for emphasis cmark-gfm counts a `Zs` space as white space, just like the
///    line start it stands in front of, so `*`, `_` and `~~` open and close as they would.
///    Lines that start with `www.` get no sentinel: they cannot start a block, and GFM's
///    autolink only sees `www.` after ASCII white space.
/// 3. cmark-gfm parses the paragraphs, each as one paragraph, so inline syntax across soft
///    line breaks (`**bold\nacross**`) works wherever CommonMark allows it.
/// 4. Walking each paragraph's inline nodes, a soft break becomes the line's own trailing
///    white space, its line ending and the next line's indentation; a hard break the line
///    ending and the indentation; the sentinel is dropped where a line starts. Inside a code
///    span cmark has made each line ending a space, which shows as a space and the sentinel,
///    so the line ending is put back there too. Blank lines come back verbatim.
/// 5. Spoilers: cmark knows no `||`, so markers are found in the text nodes of a paragraph
///    (never in code or raw HTML), the first opening and the next closing, across styled
///    spans; a last marker with no partner stays literal, and `\|\|` writes a literal `||`
///    (each escaped bar is given to cmark as a stand-in punctuation character, since cmark
///    would resolve the escape to a bar like any other).
///
/// Known limits of this approach: a code span or raw HTML running onto a line that starts
/// with `www.`, and a link destination or title split over lines, are the only places where
/// a line's indentation can be lost or land on the wrong line. Inside an autolink
/// (`<https://a\|b>`) an escaped bar loses its backslash, and bars written as entities
/// (`&#124;&#124;`) count as a spoiler marker, since cmark gives them as plain text.
///
/// Parsing is safe from any thread. cmark-gfm 0.29 is not safe to run twice at once, so
/// parses take turns behind one lock; building the result runs in parallel.
public enum MarkdownParser {
  /// Parses inline Markdown into styled text, keeping white space and lines as written.
  ///
  /// - Parameters:
  ///   - markdown: The Markdown. Block syntax stays literal text.
  ///   - base: The style of plain text; Markdown changes only weight, italics, font family
  ///     (code), strikethrough, link and spoiler on top of it.
  ///   - codeFamily: The font family of code spans.
  /// - Returns: The text without its markup, with runs covering all of it.
  /// - Throws: ``MarkdownError/cmarkFailed(function:inputBytes:)`` when cmark-gfm runs out
  ///   of memory.
  /// - Complexity: O(*n*) in the length of `markdown`: cmark-gfm parses in linear time, and
  ///   the result is built by appending each piece once.
  public static func styledText(
    from markdown: String,
    base: TextStyle,
    codeFamily: String = "DejaVu Sans Mono"
  ) throws(MarkdownError) -> StyledText {
    try parse(
      markdown, base: base, codeFamily: codeFamily,
      impliedLanguage: impliedLanguage(of: markdown), findsUnsettled: false
    ).text
  }

  /// Parses Markdown, or its start, into styled text.
  ///
  /// - Parameters:
  ///   - markdown: The Markdown, or its start.
  ///   - impliedLanguage: The language of the whole Markdown (``impliedLanguage(of:)``).
  ///   - findsUnsettled: Whether `markdown` is only the start of the Markdown, whose last
  ///     paragraph is then searched for what the rest could read differently.
  /// - Returns: The text, and the offset of its first character that Markdown after
  ///   `markdown` could read differently, if `findsUnsettled` and there is one (see
  ///   ``styledPrefix(of:base:codeFamily:minimumBytes:)``).
  static func parse(
    _ markdown: String, base: TextStyle, codeFamily: String, impliedLanguage: TextLanguage?,
    findsUnsettled: Bool
  ) throws(MarkdownError) -> (text: StyledText, firstUnsettled: Int?) {
    let source = MarkdownSource(markdown)
    if source.chunks.isEmpty {
      // Only white space: one run, with the whole Markdown's language.
      let run = StyledText.Run(range: 0..<source.bytes.count, style: base)
      return (StyledText(string: markdown, runs: [run], impliedLanguage: impliedLanguage), nil)
    }
    let document = try CmarkDocument(bytes: source.fed)
    var renderer = InlineRenderer(
      source: source, base: base, codeFamily: codeFamily, impliedLanguage: impliedLanguage,
      findsUnsettled: findsUnsettled)
    let text = renderer.render(document)
    return (text, renderer.firstUnsettled)
  }

  /// The language the script of the Markdown's first 4 KB implies (kana: `"ja"`, else
  /// Hangul: `"ko"`), read from the Markdown as written rather than from its text, so that
  /// the start of a Markdown text implies what the whole does.
  static func impliedLanguage(of markdown: String) -> TextLanguage? {
    var markdown = markdown
    return markdown.withUTF8 {
      StyledText.impliedLanguage(
        of: UnsafeBufferPointer(rebasing: $0.prefix(StyledText.languageSampleBytes)))
    }
  }
}
