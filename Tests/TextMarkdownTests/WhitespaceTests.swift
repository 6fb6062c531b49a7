import Foundation
import Testing
@_spi(Backend) import TextLayout
import TextMarkdown

@Suite("White space and block syntax kept as written")
struct WhitespaceTests {
  @Test(
    "Indentation, trailing spaces, runs of spaces, tabs and blank lines survive",
    arguments: [
      "  indented\n\tline two  \n\n\n   third   ",
      "a    b\t\tc",
      "   \n\n  only first line is blank\n",
      "line\n\n\n\nafter three blank lines\n\n",
      "        eight spaces are not code",
      "trailing tab\t\nnext",
    ])
  func plainWhitespace(markdown: String) throws {
    let text = try parse(markdown)
    #expect(text.string == markdown)
    #expect(text.runs == [StyledText.Run(range: 0..<markdown.utf8.count, style: base)])
  }

  @Test("Line endings are kept as written: \\n, \\r\\n and \\r")
  func lineEndings() throws {
    let text = try parse("a\r\n**b**\r\n\r\nc\rd")
    #expect(text.string == "a\r\nb\r\n\r\nc\rd")
    #expect(try styles(of: "b", in: text).map(\.weight) == [.bold])
  }

  @Test("Lines ending in \\r alone keep escaped bars and spoilers apart")
  func carriageReturnsWithBars() throws {
    let text = try parse("a | b\rc \\| d\r||e||")
    #expect(text.string == "a | b\rc | d\re")
    #expect(try styles(of: "e", in: text).map(\.isSpoiler) == [true])
    #expect(try styles(of: "d", in: text).map(\.isSpoiler) == [false])
  }

  @Test(
    "Block syntax is literal text",
    arguments: [
      "# Title\n## Subtitle",
      "- item\n+ item\n* item",
      "1. one\n2) two\n10. ten",
      "> quote\n>> nested",
      "text\n---\n***\n___\n- - -",
      "Setext\n===\nSetext two\n---",
      "    indented code\n\tand a tab",
      "[ref]: /url \"title\"\n[ref]",
      "<div>\nhtml block\n</div>",
      "Table | head\n--- | ---\ncell | cell",
      "para\n# heading after a paragraph line\n> and a quote",
      "~~~\ntilde fence\n~~~",
    ])
  func blocksAsText(markdown: String) throws {
    let text = try parse(markdown)
    #expect(text.string == markdown)
    #expect(text.runs == [StyledText.Run(range: 0..<markdown.utf8.count, style: base)])
  }

  @Test("Inline syntax still works on lines that look like blocks")
  func inlineOnBlockLines() throws {
    let text = try parse("# **Title**\n- *item*\n> `quote`")
    #expect(text.string == "# Title\n- item\n> quote")
    #expect(try styles(of: "Title", in: text).map(\.weight) == [.bold])
    #expect(try styles(of: "item", in: text).map(\.isItalic) == [true])
    #expect(try styles(of: "quote", in: text).map(\.fontFamily) == [code])
  }

  @Test("A list marker * at a line start is not emphasis, even with a * later")
  func starListMarker() throws {
    let text = try parse("* one*\n* two")
    #expect(text.string == "* one*\n* two")
    #expect(text.runs.count == 1)
  }

  @Test("A code fence pair is a code span whose lines are kept")
  func codeFence() throws {
    let text = try parse("```\nlet x = 1\n  return x\n```")
    #expect(text.string == "\nlet x = 1\n  return x\n")
    #expect(text.runs.allSatisfy { $0.style.fontFamily == code })
  }

  @Test("Bold across a soft break keeps the break and the next line's indentation")
  func boldAcrossLines() throws {
    let text = try parse("**bold  \t\n   across** end")
    // Two spaces then a tab: not a hard break, so the trailing white space stays.
    #expect(text.string == "bold  \t\n   across end")
    #expect(try styles(of: "bold  \t\n   across", in: text).map(\.weight) == [.bold])
    #expect(try styles(of: " end", in: text).map(\.weight) == [.regular])
  }

  @Test(
    "A hard break becomes a line ending, keeping the next line's indentation",
    arguments: [
      ("a  \nb", "a\nb"),
      ("a\\\nb", "a\nb"),
      ("a     \n  b", "a\n  b"),
      ("*a  \nb*", "a\nb"),
    ])
  func hardBreaks(markdown: String, string: String) throws {
    #expect(try parse(markdown).string == string)
  }

  @Test("Spaces at the end of a paragraph are not a hard break and are kept")
  func trailingAtEnd() throws {
    #expect(try parse("**a**  \n\n  b  ").string == "a  \n\n  b  ")
  }

  @Test("A code span across lines keeps its line endings and indentation")
  func codeAcrossLines() throws {
    let text = try parse("x `a  \n    b` y")
    #expect(text.string == "x a  \n    b y")
    #expect(try styles(of: "a  \n    b", in: text).map(\.fontFamily) == [code])
  }

  @Test("Raw HTML across lines keeps its line endings and indentation")
  func htmlAcrossLines() throws {
    let source = "x <span\n   class=\"a\"> y"
    #expect(try parse(source).string == source)
  }

  @Test("A www autolink at the start of a later line still links")
  func wwwAtLineStart() throws {
    let text = try parse("see\n  www.example.com")
    #expect(text.string == "see\n  www.example.com")
    #expect(
      try styles(of: "www.example.com", in: text).map(\.link)
        == [URL(string: "http://www.example.com")])
  }

  @Test("Inline syntax does not span a blank line")
  func blankLineSplits() throws {
    let text = try parse("**a\n\nb**")
    #expect(text.string == "**a\n\nb**")
    #expect(text.runs.count == 1)
  }

  @Test("Characters that look like the sentinel in the input are kept")
  func sentinelLookalikes() throws {
    let source = "\u{2007}a\n\u{2007}`b\n\u{2008}c`\n\u{00A0}d"
    let text = try parse(source)
    #expect(text.string == "\u{2007}a\n\u{2007}b\n\u{2008}c\n\u{00A0}d")
  }
}
