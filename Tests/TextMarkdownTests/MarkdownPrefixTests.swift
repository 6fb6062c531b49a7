import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@testable import TextMarkdown

/// Parsing only the start of some Markdown (``MarkdownParser/styledPrefix(of:base:codeFamily:impliedLanguage:minimumBytes:)``)
/// and measuring only what a limited layout reads of it
/// (``MarkdownParser/measure(_:base:codeFamily:with:configuration:)``): both against the
/// whole parse, on generated Markdown full of unclosed markup.
@Suite struct MarkdownPrefixTests {
  static let stack = try! TextStack()
  static let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)
  static let body = TextStyle(fontFamily: "DejaVu Sans", size: 17)
  /// Generated texts for the parse property: `PROPERTY_COUNT` in the environment, for a
  /// longer search (60,000 found nothing more than the default).
  static let count =
    ProcessInfo.processInfo.environment["PROPERTY_COUNT"].flatMap { Int($0) } ?? 3_000

  /// Markup and words: every inline construct, opened and closed, in any order, so that a
  /// cut falls inside each of them.
  static let tokens = [
    "**", "*", "_", "__", "~~", "~", "`", "``", "[", "](https://example.org/a)", "]", "![",
    "<", ">", "<https://example.org/b>", "<b>", "\\", "\\*", "||", "\\|\\|", "&amp;", "&#42;",
    "https://example.com/path.", "www.example.org", "ann@example.net", "!", "|", "(", ")",
    "\n", "\n\n", "  \n", "\\\n", "\t", "    ", "#", "- ", "> ", "1. ", "```",
    "word", "layout", "engine", "breaks", "description", "supercalifragilistic",
    "שלום", "مرحبا", "你好", "世界", "テキスト", "こんにちは", "한국어", "👍🏽", "e\u{301}",
    "中文排版", "日本語のテキスト", "。", "、", "https://example.com/路径", "www.example.org/文字",
    "名前@example.jp",
  ]

  static func markdown(words: Int, using generator: inout SeededRandomNumberGenerator) -> String {
    var result = ""
    // Half the texts are spaced as English is, half hardly at all, as Chinese and Japanese.
    let spaces = Bool.random(using: &generator) ? 2 : 1
    let out = spaces == 2 ? 3 : 12
    for index in 0..<words {
      result += tokens.randomElement(using: &generator)!
      if index + 1 < words, Int.random(in: 0..<out, using: &generator) < spaces { result += " " }
    }
    return result
  }

  /// The start's text is the whole text, characters and styles, up to its exact count.
  static func agreement(_ start: MarkdownParser.StyledPrefix, _ whole: StyledText) -> String? {
    let exact = start.exactCount
    guard exact <= start.text.string.utf8.count, exact <= whole.string.utf8.count else {
      return "exact count \(exact) past a text"
    }
    guard start.text.string.utf8.prefix(exact).elementsEqual(whole.string.utf8.prefix(exact))
    else { return "the characters differ before \(exact)" }
    for offset in 0..<exact where start.text.style(at: offset) != whole.style(at: offset) {
      return "the styles differ at \(offset)"
    }
    guard start.text.impliedLanguage == whole.impliedLanguage else {
      return "the implied language differs"
    }
    return nil
  }

  @Test("the start of generated Markdown reads as the whole does, up to its exact count")
  func startAgrees() throws {
    var generator = SeededRandomNumberGenerator(seed: 15)
    var cut = 0
    for _ in 0..<Self.count {
      let markdown = Self.markdown(
        words: Int.random(in: 1...80, using: &generator), using: &generator)
      let whole = try MarkdownParser.styledText(from: markdown, base: Self.body)
      let minimum = Int.random(in: 0...markdown.utf8.count, using: &generator)
      let start = try MarkdownParser.styledPrefix(
        of: markdown, base: Self.body, codeFamily: "DejaVu Sans Mono",
        impliedLanguage: MarkdownParser.impliedLanguage(of: markdown), minimumBytes: minimum)
      if !start.isWhole { cut += 1 }
      let failure = Self.agreement(start, whole)
      #expect(failure == nil, "\(failure ?? "") in \(markdown.debugDescription) cut at \(minimum)")
      if start.isWhole { #expect(start.text == whole) }
    }
    // Most draws cut the Markdown short of its end, at white space or between letters.
    #expect(cut * 3 > Self.count * 2)
  }

  @Test(
    "what stops the exact part: unclosed markup, a backslash, a lone spoiler marker",
    arguments: [
      ("plain words and more words", "plain words and more", "plain words and "),
      ("**bold** and *open italic and more", "**bold** and *open", "bold and "),
      ("a `code` and ``open and more", "a `code` and ``open", "a code and "),
      (
        "see [the link](https://example.org) and [open and more",
        "see [the link](https://example.org) and [open", "see the link and "
      ),
      ("an image ![alt and more", "an image ![alt", "an image "),
      ("||shown|| then ||open and more", "||shown|| then ||open", "shown then "),
      ("a hard\\\nbreak and more", "a hard\\", "a "),
      ("a <b and more", "a <b", "a "),
      // A code span closing later would take the emphasis's closing star.
      ("a *b `c* d and more", "a *b `c* d", "a "),
      // cmark-gfm links a www address at the end of its input, not before a space.
      ("see www.example.org_ and more", "see www.example.org_", "see "),
      // Between Han letters; an autolink's path may go on in letters.
      ("中文*排版*很好看的文字", "中文*排版*很好", "中文排版很好"),
      ("看 https://example.com/路径很长", "看 https://example.com/路径", "看 "),
      (
        "first *para*\n\nsecond *open and more", "first *para*\n\nsecond *open",
        "first para\n\nsecond "
      ),
    ] as [(String, String, String)])
  func exactPart(markdown: String, start: String, exact: String) throws {
    let prefix = try MarkdownParser.styledPrefix(
      of: markdown, base: Self.body, codeFamily: "DejaVu Sans Mono", impliedLanguage: nil,
      minimumBytes: start.utf8.count)
    #expect(!prefix.isWhole)
    let text = prefix.text.string
    #expect(String(text.utf8.prefix(prefix.exactCount))! == exact)
  }

  @Test("a 3-line check of Markdown measures as the whole parse does, on generated Markdown")
  func measureAgrees() throws {
    var generator = SeededRandomNumberGenerator(seed: 1_776)
    var partial = 0
    var cases = 0
    for _ in 0..<400 {
      let markdown = Self.markdown(
        words: Int.random(in: 1...300, using: &generator), using: &generator)
      let whole = try MarkdownParser.styledText(from: markdown, base: Self.body)
      let language = MarkdownParser.impliedLanguage(of: markdown)
      for width in [30.0, 120, 320, 480] {
        for limit in [1, 3] {
          for token in [nil, TruncationToken()] {
            cases += 1
            let configuration = LayoutConfiguration(
              width: width, lineLimit: .lines(limit), truncationToken: token)
            let expected = try Self.engine.measure(whole, configuration: configuration)
            let measured = try MarkdownParser.measure(
              markdown, base: Self.body, with: Self.engine, configuration: configuration)
            #expect(
              measured == expected,
              "\(markdown.debugDescription) at \(width) pt, \(limit) lines")
            // How often the first start sufficed: the point of parsing a start.
            let start = try MarkdownParser.styledPrefix(
              of: markdown, base: Self.body, codeFamily: "DejaVu Sans Mono",
              impliedLanguage: language,
              minimumBytes: MarkdownParser.initialBudget(
                base: Self.body, configuration: configuration))
            if !start.isWhole,
              try Self.engine.measure(
                prefix: start.text, exactCount: start.exactCount, configuration: configuration)
                != nil
            {
              partial += 1
            }
          }
        }
      }
    }
    // Generated Markdown is dense with unclosed markup; a fifth of the checks still end on
    // the first start.
    #expect(partial * 5 > cases, "\(partial) of \(cases)")
  }

  @Test(
    "markup open early or straddling the cut measures as the whole parse does",
    arguments: [
      "safe_read " + String(repeating: "fails when the buffer is short ", count: 60),
      String(repeating: "word ", count: 100) + "[a link across the cut](https://example.org) "
        + String(repeating: "more words ", count: 60),
      "**" + String(repeating: "bold for a long while ", count: 40) + "**"
        + String(repeating: " plain", count: 100),
    ])
  func openMarkup(markdown: String) throws {
    for width in [120.0, 320] {
      let configuration = LayoutConfiguration(width: width, lineLimit: .lines(3))
      #expect(try Self.measuresAsWholeParse(markdown, configuration))
    }
  }

  @Test("no line limit measures the whole text")
  func unlimited() throws {
    let markdown = "**bold** " + String(repeating: "word *it* ", count: 200)
    #expect(try Self.measuresAsWholeParse(markdown, LayoutConfiguration(width: 200)))
  }

  /// Whether the check of some Markdown measures as the whole parse does.
  static func measuresAsWholeParse(
    _ markdown: String, _ configuration: LayoutConfiguration
  ) throws -> Bool {
    try MarkdownParser.measure(markdown, base: body, with: engine, configuration: configuration)
      == engine.measure(
        try MarkdownParser.styledText(from: markdown, base: body), configuration: configuration)
  }

  @Test("a bad configuration is the layout's error")
  func badWidth() {
    #expect(throws: TextLayoutError.self) {
      try MarkdownParser.measure(
        "text", base: Self.body, with: Self.engine,
        configuration: LayoutConfiguration(width: 0, lineLimit: .lines(3)))
    }
  }
}
