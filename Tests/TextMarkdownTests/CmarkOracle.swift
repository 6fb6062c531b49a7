import CCmarkGFM
import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown

/// What a character carries, read either from cmark-gfm's HTML or from a ``StyledText``, so
/// the two can be compared character by character.
struct Marks: Hashable, CustomStringConvertible {
  var bold = false
  var italic = false
  var code = false
  var strike = false
  var link: String?

  var description: String {
    var parts: [String] = []
    if bold { parts.append("b") }
    if italic { parts.append("i") }
    if code { parts.append("code") }
    if strike { parts.append("del") }
    if let link { parts.append("a=\(link)") }
    return "[" + parts.joined(separator: ",") + "]"
  }
}

/// A text with one ``Marks`` for each Unicode scalar.
struct MarkedText: Equatable, CustomStringConvertible {
  var scalars: [Unicode.Scalar] = []
  var marks: [Marks] = []

  var string: String {
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// Runs of equal marks, readable in a failure message.
  var description: String {
    var result = ""
    var index = 0
    while index < scalars.count {
      var end = index
      while end < scalars.count, marks[end] == marks[index] { end += 1 }
      var piece = ""
      piece.unicodeScalars.append(contentsOf: scalars[index..<end])
      result += "\(piece.debugDescription)\(marks[index]) "
      index = end
    }
    return result
  }

  init() {}

  /// Reads the marks of a styled text: bold weight, italics, the code font, strikethrough and
  /// the link's absolute string.
  init(_ text: StyledText, codeFamily: String) {
    for run in text.runs {
      let style = run.style
      let marks = Marks(
        bold: style.weight == .bold, italic: style.isItalic,
        code: style.fontFamily == codeFamily, strike: style.isStrikethrough,
        link: style.link?.absoluteString)
      let utf8 = Array(text.string.utf8)[run.range]
      for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
        scalars.append(scalar)
        self.marks.append(marks)
      }
    }
  }
}

/// The reference: cmark-gfm's own HTML for a Markdown text (strikethrough and autolink
/// attached, as in the parser), read back into marked text.
///
/// It understands only the HTML cmark writes for one paragraph of inline content: `<p>`,
/// `<strong>`, `<em>`, `<code>`, `<del>`, `<a href>`, `<br />` and `<img alt>`, with `&amp;`,
/// `&lt;`, `&gt;` and `&quot;`. Anything else fails the test that uses it.
enum CmarkOracle {
  /// cmark-gfm's HTML for `markdown`.
  static func html(_ markdown: String) -> String {
    // The parser's lock: cmark-gfm 0.29 is not safe to run twice at once (see cmarkLock).
    cmarkLock.withLock { _ in
      cmark_gfm_core_extensions_ensure_registered()
      let parser = cmark_parser_new(CMARK_OPT_DEFAULT)!
      defer { cmark_parser_free(parser) }
      for name in ["strikethrough", "autolink"] {
        cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
      }
      let bytes = Array(markdown.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          cmark_parser_feed(parser, $0.baseAddress, $0.count)
        }
      }
      let document = cmark_parser_finish(parser)!
      defer { cmark_node_free(document) }
      let html = cmark_render_html(
        document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser))!
      defer { free(html) }
      return String(cString: html)
    }
  }

  enum ReadError: Error, CustomStringConvertible {
    case unexpected(String)
    var description: String {
      switch self {
      case .unexpected(let what): "the oracle HTML has \(what)"
      }
    }
  }

  /// The marked text of one paragraph of cmark's HTML.
  static func markedText(_ markdown: String) throws -> MarkedText {
    var html = Substring(html(markdown))
    guard html.hasPrefix("<p>"), html.hasSuffix("</p>\n") else {
      throw ReadError.unexpected("not one paragraph: \(html.debugDescription)")
    }
    html = html.dropFirst(3).dropLast(5)
    var result = MarkedText()
    var marks = Marks()
    var links: [String?] = []
    func append(_ text: Substring) {
      for scalar in decodeEntities(text).unicodeScalars {
        result.scalars.append(scalar)
        result.marks.append(marks)
      }
    }
    while let open = html.firstIndex(of: "<") {
      append(html[..<open])
      guard let close = html[open...].firstIndex(of: ">") else {
        throw ReadError.unexpected("an unclosed tag")
      }
      let tag = html[html.index(after: open)..<close]
      html = html[html.index(after: close)...]
      switch tag {
      case "strong": marks.bold = true
      case "/strong": marks.bold = false
      case "em": marks.italic = true
      case "/em": marks.italic = false
      case "code": marks.code = true
      case "/code": marks.code = false
      case "del": marks.strike = true
      case "/del": marks.strike = false
      case "br /": break  // cmark writes "<br />\n": the newline is the break.
      case "/a":
        marks.link = links.removeLast()
      case _ where tag.hasPrefix("a href=\""):
        links.append(marks.link)
        marks.link = decodeEntities(attribute(tag, after: "a href=\""))
      case _ where tag.hasPrefix("img "):
        guard tag.contains(" alt=\"") else { throw ReadError.unexpected("an img without alt") }
        append(attribute(tag, after: " alt=\""))
      default:
        throw ReadError.unexpected("the tag <\(tag)>")
      }
    }
    append(html)
    return result
  }

  private static func attribute(_ tag: Substring, after prefix: String) -> Substring {
    let start = tag.range(of: prefix)!.upperBound
    return tag[start..<tag[start...].firstIndex(of: "\"")!]
  }

  private static func decodeEntities(_ text: Substring) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
