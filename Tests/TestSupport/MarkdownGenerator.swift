/// Markdown made of every inline construct, opened and closed in any order, and words of
/// several scripts: the input of the Markdown parser's differential tests.
public enum MarkdownGenerator {
  /// Markup, words and white space, drawn at random.
  public static let tokens = [
    "**", "*", "***", "_", "__", "___", "~~", "~", "~~~", "`", "``", "```", "[", "]", "![", "!",
    "](https://example.org/a)", "](b)", "](<c d>)", "](e \"title\")", "](f 'x')", "](g (y))",
    "](", ")", "(", "<", ">", "<https://example.org/b>", "<me@example.com>", "<b>", "</b>",
    "<a href=\"x\">", "<!-- c -->", "<!--", "-->", "<?", "?>", "<!A ", "<![CDATA[", "]]>",
    "\\", "\\*", "\\_", "\\`", "\\[", "\\]", "\\|", "\\\\", "||", "|", "\\|\\|",
    "&amp;", "&#42;", "&#x7C;", "&copy;", "&bogus;", "&", ";",
    "https://example.com/path.", "http://a.b/(c)", "www.example.org", "www.a_b.c", "ftp://x.y",
    "ann@example.net", "mailto:ann@example.net", "xmpp:ann@example.net/r", "a.b@c.d.", "@",
    "\n", "\n", "\n\n", "  \n", "\\\n", "\t", "    ", " ", " ", " ", "#", "- ", "> ", "1. ",
    "word", "layout", "engine", "breaks", "description", "w", "ww", ":", "//", ".", ",",
    "שלום", "مرحبا", "你好", "テキスト", "한국어", "👍🏽", "e\u{301}", "«", "»", "—", "\u{A0}",
  ]

  /// Fewer tokens, mostly emphasis, brackets and words, so that delimiters meet each other
  /// often: the emphasis and link algorithms' own input.
  public static let emphasisTokens = [
    "*", "**", "***", "_", "__", "~", "~~", "[", "]", "![", "](u)", "](", ")", "a", "b", "ab",
    " ", " ", "\n", ".", "!", "`", "<b>", "&amp;", "\\*", "||", "é", "«",
  ]

  /// A text of `count` tokens, with spaces between most of them.
  package static func markdown(
    tokens count: Int, from alphabet: [String] = tokens,
    using generator: inout SeededRandomNumberGenerator
  ) -> String {
    var result = ""
    for index in 0..<count {
      result += alphabet.randomElement(using: &generator)!
      if index + 1 < count, Int.random(in: 0..<3, using: &generator) == 0 { result += " " }
    }
    return result
  }
}
