import Foundation
import TextLayout

@testable import TextMarkdown

/// Where the reference (``ReferenceMarkdown``) is known to read Markdown differently from the
/// parser, because of how it rewrites the text for cmark-gfm: each case names the artifact.
/// The parser does what CommonMark and the documentation say there.
enum ReferenceDifferences {
  /// The reason the reference may read `markdown` differently, or `nil` when the two must
  /// agree.
  static func explain(_ markdown: String, reference: StyledText) -> String? {
    let bytes = Array(markdown.utf8)
    // The reference puts a space character (U+2007 or another) before each line for cmark,
    // and drops it where a line starts; a code span that starts with a line ending and loses
    // its first space shows it.
    let sentinels: Set<Unicode.Scalar> = [
      "\u{2007}", "\u{2008}", "\u{205F}", "\u{1680}", "\u{2004}", "\u{2005}", "\u{2006}",
      "\u{2009}", "\u{200A}", "\u{2000}", "\u{2001}", "\u{2002}", "\u{2003}", "\u{202F}",
      "\u{00A0}", "\u{3000}",
    ]
    let input = Set(markdown.unicodeScalars)
    if reference.string.unicodeScalars.contains(where: {
      sentinels.contains($0) && !input.contains($0)
    }) {
      return "the reference's line-start space shows in a code span"
    }
    // A link destination after a line ending starts with it in the reference.
    for run in reference.runs {
      guard let url = run.style.link?.absoluteString.removingPercentEncoding else { continue }
      if url.unicodeScalars.contains(where: { sentinels.contains($0) && !input.contains($0) }) {
        return "the reference's line-start space in a link destination"
      }
    }
    // Lines starting with "www." get no marker (GFM autolinks want white space before them),
    // so a code span running onto one loses its line ending, and the lines after it in the
    // paragraph their indentation.
    if bytes.contains(UInt8(ascii: "`")), startsLineWithWWW(bytes) {
      return "a code span runs onto a line that starts with www."
    }
    // A line starting behind the reference's space can go on no raw HTML tag (white space
    // must come before an attribute or the `>`), and no link destination or title.
    if hasHTMLOverLineEnding(markdown) { return "raw HTML over a line ending" }
    if hasLinkTailOverLineEnding(bytes) {
      return "a link's destination or title over a line ending"
    }
    // The reference gives cmark a stand-in for `\|`, which an autolink takes as part of it.
    if hasEscapedBarInAutolink(bytes) { return "an escaped bar in an autolink" }
    // cmark-gfm merges adjacent text nodes when autolinks are on, so a `|` written as a
    // character reference pairs with its neighbours as a spoiler marker there.
    if hasBarReference(bytes) { return "a bar written as a character reference" }
    return nil
  }

  /// Whether the parser reads raw HTML that holds a line ending.
  private static func hasHTMLOverLineEnding(_ markdown: String) -> Bool {
    let source = MarkdownSource(markdown)
    for paragraph in source.paragraphs {
      var subject: [UInt8] = []
      for index in paragraph {
        let line = source.lines[index]
        subject += source.bytes[line.content.lowerBound..<line.trailing.upperBound]
        subject.append(0x0A)
      }
      var parser = InlineParser(subject: subject)
      for event in parser.parse() where event.kind == .html {
        if subject[Int(event.start)..<Int(event.end)].contains(0x0A) { return true }
      }
    }
    return false
  }

  /// Whether a `](` is followed by a line ending before the `)` that closes it.
  private static func hasLinkTailOverLineEnding(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index + 1 < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "(") else {
        continue
      }
      var end = index + 2
      var depth = 0
      while end < bytes.count, bytes[end] != UInt8(ascii: ")") || depth > 0 {
        if bytes[end] == 0x0A || bytes[end] == 0x0D { return true }
        if bytes[end] == UInt8(ascii: "(") { depth += 1 }
        if bytes[end] == UInt8(ascii: ")") { depth -= 1 }
        end += 1
      }
    }
    return false
  }

  private static func startsLineWithWWW(_ bytes: [UInt8]) -> Bool {
    for index in bytes.indices where bytes[index] == 0x0A || bytes[index] == 0x0D {
      var start = index + 1
      while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      if bytes[start...].starts(with: "www.".utf8) { return true }
    }
    return false
  }

  private static func hasEscapedBarInAutolink(_ bytes: [UInt8]) -> Bool {
    for index in bytes.indices where bytes[index] == UInt8(ascii: "|") {
      var backslashes = 0
      while index - backslashes > 0, bytes[index - backslashes - 1] == UInt8(ascii: "\\") {
        backslashes += 1
      }
      guard backslashes % 2 == 1 else { continue }
      var start = index
      while start > 0, !InlineCharacters.isSpace(bytes[start - 1]) { start -= 1 }
      let word = bytes[start..<index]
      if word.contains(UInt8(ascii: "<")) || contains(word, "www.") || contains(word, "://") {
        return true
      }
    }
    return false
  }

  private static func hasBarReference(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == UInt8(ascii: "&") {
        var decoded: [UInt8] = []
        if CharacterReferences.decode(at: index + 1, in: buffer, into: &decoded) != nil,
          decoded == [UInt8(ascii: "|")]
        {
          return true
        }
      }
      return false
    }
  }

  private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard haystack.count >= needle.count else { return false }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
