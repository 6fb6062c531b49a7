import CCmarkOracle
import Foundation
import FuzzDriver
import TextLayout
@_spi(Testing) import TextMarkdown

// The Markdown parser on arbitrary UTF-8 (invalid bytes repaired, as String does):
//
// 1. Linear by construction: its counted work stays under a constant times the input, for the
//    input and for the input repeated to 4 KB (a quadratic pattern shows only when repeated:
//    one scan to the end per 4-byte unit is some 500 steps a byte there).
// 2. The same text and styles as cmark-gfm 0.29's own tree (the oracle), on one line after
//    "x " (so that no block starts), without `|` (cmark knows no spoilers), where both read
//    every character's punctuation class alike (cmark-gfm's table is of an older Unicode).
// 3. The same text from the plain path (Markdown without markup, not parsed) as from the parse.

let base = TextStyle(fontFamily: "Fuzz Sans", size: 17)
let codeFamily = "Fuzz Mono"
/// The most counted steps per byte: a link destination is scanned up to 32 nested parentheses
/// deep, so text that opens one more each time costs about 32 a byte for that scan alone
/// (46 in all on one input the fuzzer found). A quadratic cost shows as hundreds a byte.
let stepsPerByte = 64

/// What a character carries.
struct Marks: Equatable {
  var bold = false
  var italic = false
  var code = false
  var strike = false
  var link: String?
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMarkdown(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let markdown = String(decoding: FuzzDriver.bytes(start, count), as: UTF8.self)
  let length = markdown.utf8.count
  // What the parser reads: each NUL becomes U+FFFD, three bytes.
  let nuls = markdown.utf8.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
  let (text, work) = MarkdownParser.parse(markdown, base: base, codeFamily: codeFamily)
  guard work <= stepsPerByte * (length + 2 * nuls + 1) else {
    fatalError("\(work) steps for \(length) bytes: \(markdown.debugDescription)")
  }
  if length > 0 {
    let repeated = String(repeating: markdown, count: max(1, 4_096 / length))
    let repeatedWork = MarkdownParser.parse(repeated, base: base, codeFamily: codeFamily).work
    let repeatedLength = repeated.utf8.count + 2 * nuls * (repeated.utf8.count / length)
    guard repeatedWork <= stepsPerByte * (repeatedLength + 1) else {
      fatalError(
        "\(repeatedWork) steps for \(repeated.utf8.count) bytes of \(markdown.debugDescription)"
          + " repeated")
    }
  }
  // 3. Markdown without markup comes back as it is without a parse: as the parse gives it.
  guard
    MarkdownParser.parse(markdown, base: base, codeFamily: codeFamily, plainPath: false).text
      == text
  else {
    fatalError("the plain path differs from the parse: \(markdown.debugDescription)")
  }
  // Markup only takes away: the text holds no more bytes than the Markdown, each NUL counted
  // as the U+FFFD it becomes.
  guard text.string.utf8.count <= length + 2 * nuls else {
    fatalError("the text is longer than its Markdown: \(markdown.debugDescription)")
  }
  compareWithCmark(markdown)
  return 0
}

@_silgen_name("cmark_utf8proc_is_punctuation")
func cmarkIsPunctuation(_ scalar: Int32) -> Int32

/// Whether Swift's Unicode properties and cmark-gfm's table agree on each scalar's being
/// punctuation (the flanking rules read it).
func punctuationAgrees(_ string: String) -> Bool {
  string.unicodeScalars.allSatisfy { scalar in
    guard scalar.value >= 0x80 else { return true }
    let swift: Bool
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      swift = true
    default:
      swift = false
    }
    return swift == (cmarkIsPunctuation(Int32(scalar.value)) != 0)
  }
}

func compareWithCmark(_ input: String) {
  guard !input.contains(where: { $0 == "|" || $0 == "\n" || $0 == "\r" }),
    punctuationAgrees(input)
  else { return }
  // cmark drops the paragraph's trailing white space, which the text keeps: there is none.
  var body = Substring(input)
  while let last = body.last, last == " " || last == "\t" { body = body.dropLast() }
  guard !body.isEmpty else { return }
  let markdown = "x " + body
  let ours = marked(
    MarkdownParser.styledText(from: markdown, base: base, codeFamily: codeFamily))
  guard let oracle = cmarkMarked(markdown) else { return }
  guard ours.map(\.scalar) == oracle.map(\.scalar), ours.map(\.marks) == oracle.map(\.marks)
  else {
    fatalError("differs from cmark-gfm: \(markdown.debugDescription)")
  }
}

/// The styled text as scalars with their marks.
func marked(_ text: StyledText) -> [(scalar: Unicode.Scalar, marks: Marks)] {
  var result: [(Unicode.Scalar, Marks)] = []
  for run in text.runs {
    let style = run.style
    let marks = Marks(
      bold: style.weight == .bold, italic: style.isItalic, code: style.fontFamily == codeFamily,
      strike: style.isStrikethrough, link: style.link?.absoluteString)
    let piece = String(decoding: Array(text.string.utf8)[run.range], as: UTF8.self)
    for scalar in piece.unicodeScalars { result.append((scalar, marks)) }
  }
  return result
}

/// cmark-gfm's tree of the Markdown (strikethrough and autolink on) as scalars with marks, as
/// TextMarkdown reads a tree: inside an image only code is marked (its alt text), and a link
/// whose destination `URL` cannot read marks nothing. `nil` when it is not one paragraph.
func cmarkMarked(_ markdown: String) -> [(scalar: Unicode.Scalar, marks: Marks)]? {
  cmark_gfm_core_extensions_ensure_registered()
  guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return nil }
  defer { cmark_parser_free(parser) }
  for name in ["strikethrough", "autolink"] {
    cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
  }
  let bytes = Array(markdown.utf8)
  bytes.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
  }
  guard let document = cmark_parser_finish(parser) else { return nil }
  defer { cmark_node_free(document) }
  guard let paragraph = cmark_node_first_child(document),
    cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH, cmark_node_next(paragraph) == nil
  else { return nil }
  var result: [(Unicode.Scalar, Marks)] = []
  var stack = [Marks()]
  var imageDepth = 0
  guard let iterator = cmark_iter_new(paragraph) else { return nil }
  defer { cmark_iter_free(iterator) }
  func append(_ node: OpaquePointer, _ marks: Marks) {
    guard let literal = cmark_node_get_literal(node) else { return }
    for scalar in String(cString: literal).unicodeScalars { result.append((scalar, marks)) }
  }
  while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
    guard let node = cmark_iter_get_node(iterator), node != paragraph else { continue }
    let isEnter = event == CMARK_EVENT_ENTER
    let marks = stack[stack.count - 1]
    let type = cmark_node_get_type(node)
    switch type {
    case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
      if isEnter { append(node, marks) }
    case CMARK_NODE_CODE:
      var code = marks
      code.code = true
      if isEnter { append(node, code) }
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
      if isEnter { result.append(("\n", marks)) }
    case CMARK_NODE_IMAGE:
      imageDepth += isEnter ? 1 : -1
      if isEnter { stack.append(marks) } else { stack.removeLast() }
    default:
      guard isEnter else {
        stack.removeLast()
        continue
      }
      var inner = marks
      if imageDepth == 0 {
        if type == CMARK_NODE_STRONG {
          inner.bold = true
        } else if type == CMARK_NODE_EMPH {
          inner.italic = true
        } else if type == CMARK_NODE_LINK {
          let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
          if let link = URL(string: url) { inner.link = link.absoluteString }
        } else if let name = cmark_node_get_type_string(node),
          String(cString: name) == "strikethrough"
        {
          inner.strike = true
        }
      }
      stack.append(inner)
    }
  }
  return result
}

exit(FuzzDriver.run(fuzzMarkdown))
