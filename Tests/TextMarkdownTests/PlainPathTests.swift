import TestSupport
import Testing
import TextLayout
@_spi(Testing) import TextMarkdown

/// Markdown without markup skips the parse (``MarkdownParser/parse(_:base:codeFamily:plainPath:)``
/// with its plain path on): what it gives back must be what the parse gives, character for
/// character and run for run, on text next to every byte the plain path looks for.
@Suite struct PlainPathTests {
  static let base = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  static func bothWays(_ markdown: String) -> (plain: StyledText, parsed: StyledText) {
    (
      MarkdownParser.parse(markdown, base: base).text,
      MarkdownParser.parse(markdown, base: base, plainPath: false).text
    )
  }

  @Test(
    "The plain path and the parse agree where markup is near or absent",
    arguments: [
      "", " ", "\t", "Hello, world", "  indented and trailing \t ", "日本語のテキスト。",
      "Привет, мир", "emoji 😀 and é", "a: b, c; d. (e) \"f\" 'g' #h +i -j =k {l} ^m $n %o",
      "see www.example.com", "see WWW.example.com", "see ww.example.com and w.w.w.",
      "www.", "a www", "https://example.com", "ftp:/x and a:b and ://", "mail me@example.com",
      "a * b", "snake_case", "~x~", "`c`", "a\\b", "&amp;", "<b>", "[x]", "!x", "a || b",
      "one\ntwo", "one\r\ntwo", "hard  \nbreak", "nul\u{0}inside", "\u{A0}no-break\u{A0}",
    ])
  func agrees(markdown: String) {
    let (plain, parsed) = Self.bothWays(markdown)
    #expect(plain == parsed)
  }

  @Test("Generated lines of words and punctuation come back from both paths alike")
  func generated() {
    let pieces = [
      "word", "Wort", "слово", "λέξη", "単語", "단어", "😀", " ", "  ", "\t", ".", ",", ":", "/",
      "//", "w", "ww", "www", "W", "(", ")", ">", "\"", "'", "#", "-", "+", "=", "?", "é", "*",
      "_", "@", "|", "&", "[", "\n",
    ]
    var generator = SeededRandomNumberGenerator(seed: 26)
    var plainCount = 0
    for _ in 0..<2_000 {
      var markdown = ""
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        // Markup bytes rarely, so that most lines take the plain path.
        let piece = pieces.randomElement(using: &generator)!
        if "*_@|&[\n".contains(piece), Int.random(in: 0..<8, using: &generator) != 0 { continue }
        markdown += piece
      }
      let (plain, parsed) = Self.bothWays(markdown)
      #expect(plain == parsed, "\(markdown.debugDescription)")
      if markdown.utf8.withContiguousStorageIfAvailable(MarkdownParser.isPlain) == true {
        plainCount += 1
      }
    }
    // Both kinds were tried.
    #expect(plainCount > 500 && plainCount < 1_900)
  }
}
