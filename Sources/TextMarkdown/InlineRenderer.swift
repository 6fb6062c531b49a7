import CCmarkGFM
import Foundation
import TextLayout

/// Walks cmark-gfm's inline nodes of each paragraph and builds the ``StyledText``: styles from
/// the node stack, the whitespace cmark dropped put back from ``MarkdownSource``, and spoilers
/// found in the text nodes.
///
/// - Complexity: O(*n*): each node is visited once, each piece of text is appended once, and
///   spoiler markers are paired in one pass per paragraph.
struct InlineRenderer {
  /// A piece of a paragraph's output before the spoiler pass.
  private struct Segment {
    var text: String
    var style: TextStyle
    /// Whether `||` in this piece can mark a spoiler: text nodes only, not code, raw HTML or
    /// the whitespace put back.
    var mayHoldMarkers: Bool
  }

  private let source: MarkdownSource
  private let base: TextStyle
  private let codeFamily: String
  private let sentinel: Unicode.Scalar
  private var output: StyledText

  init(source: MarkdownSource, base: TextStyle, codeFamily: String) {
    self.source = source
    self.base = base
    self.codeFamily = codeFamily
    self.sentinel = String(decoding: source.sentinel, as: UTF8.self).unicodeScalars.first!
    self.output = StyledText("", style: base)
  }

  /// Renders the document parsed from `source.fed`.
  mutating func render(_ document: CmarkDocument) -> StyledText {
    var paragraphs: [OpaquePointer] = []
    var node = cmark_node_first_child(document.root)
    while let current = node {
      paragraphs.append(current)
      node = cmark_node_next(current)
    }
    // Each chunk is one paragraph by construction; should cmark ever disagree, the text is
    // still all there, unstyled.
    let matched =
      paragraphs.count == source.chunks.count
      && paragraphs.allSatisfy { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH }
    var position = 0
    for (index, chunk) in source.chunks.enumerated() {
      let first = chunk.lines[0]
      let last = chunk.lines[chunk.lines.count - 1]
      appendSource(position..<first.content.lowerBound)
      if matched {
        appendParagraph(paragraphs[index], lines: chunk.lines)
        position = last.trailing.lowerBound
      } else {
        position = first.content.lowerBound
      }
    }
    appendSource(position..<source.bytes.count)
    return output
  }

  private mutating func appendSource(_ range: Range<Int>) {
    if !range.isEmpty { output.append(source.string(range), style: base) }
  }

  // MARK: - One paragraph

  /// The state of the walk through one paragraph.
  private struct Walk {
    var segments: [Segment] = []
    /// The line of the chunk the walk is on.
    var line = 0
    /// Whether the next text node should begin with the sentinel of a line start.
    var expectsSentinel: Bool
  }

  private mutating func appendParagraph(_ paragraph: OpaquePointer, lines: [MarkdownSource.Line]) {
    var walk = Walk(expectsSentinel: lines[0].hasSentinel)
    var styles: [TextStyle] = [base]
    // Inside an image only the alt text's characters count, as in HTML's alt attribute.
    var imageDepth = 0

    /// Ends the walk's line: its trailing white space if cmark dropped it, its line ending,
    /// and the next line's indentation.
    func newLine(_ walk: inout Walk, style: TextStyle, addsTrailing: Bool) {
      let line = lines[min(walk.line, lines.count - 1)]
      var text = addsTrailing ? source.string(line.trailing) : ""
      text += source.string(line.terminator)
      walk.line = min(walk.line + 1, lines.count - 1)
      text += source.string(lines[walk.line].leading)
      walk.segments.append(Segment(text: text, style: style, mayHoldMarkers: false))
    }

    guard let iterator = cmark_iter_new(paragraph) else { return }
    defer { cmark_iter_free(iterator) }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard let node = cmark_iter_get_node(iterator), node != paragraph else { continue }
      let type = cmark_node_get_type(node)
      let isEnter = event == CMARK_EVENT_ENTER
      let style = styles[styles.count - 1]
      switch type {
      case CMARK_NODE_TEXT:
        guard isEnter else { continue }
        var text = literal(node)
        if walk.expectsSentinel { dropSentinel(from: &text) }
        walk.expectsSentinel = false
        walk.segments.append(Segment(text: text, style: style, mayHoldMarkers: true))
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        guard isEnter else { continue }
        // A hard break drops the spaces that made it.
        newLine(&walk, style: style, addsTrailing: type == CMARK_NODE_SOFTBREAK)
        walk.expectsSentinel = lines[walk.line].hasSentinel
      case CMARK_NODE_CODE:
        guard isEnter else { continue }
        var code = style
        code.fontFamily = codeFamily
        walk.expectsSentinel = false
        // cmark turned each line ending inside the span into a space, so a line start shows
        // as a space and the sentinel; the trailing white space is still in the literal.
        let separator = Array((" " + String(sentinel)).utf8)
        let text = restoringEscapedBars(literal(node), resolved: false)
        for (index, piece) in split(text, at: separator).enumerated() {
          if index > 0 { newLine(&walk, style: code, addsTrailing: false) }
          if !piece.isEmpty {
            walk.segments.append(Segment(text: piece, style: code, mayHoldMarkers: false))
          }
        }
      case CMARK_NODE_HTML_INLINE:
        guard isEnter else { continue }
        walk.expectsSentinel = false
        let text = restoringEscapedBars(literal(node), resolved: false)
        for (index, piece) in split(text, at: [0x0A]).enumerated() {
          var piece = piece
          if index > 0 {
            // The raw text keeps the trailing spaces of the line it leaves.
            newLine(&walk, style: style, addsTrailing: false)
            if lines[walk.line].hasSentinel { dropSentinel(from: &piece) }
          }
          if !piece.isEmpty {
            walk.segments.append(Segment(text: piece, style: style, mayHoldMarkers: false))
          }
        }
      case CMARK_NODE_IMAGE:
        if isEnter {
          imageDepth += 1
          styles.append(style)
        } else {
          imageDepth -= 1
          styles.removeLast()
        }
      case CMARK_NODE_STRONG, CMARK_NODE_EMPH, CMARK_NODE_LINK:
        if isEnter {
          var inner = style
          if imageDepth == 0 {
            switch type {
            case CMARK_NODE_STRONG: inner.weight = .bold
            case CMARK_NODE_EMPH: inner.isItalic = true
            default:
              // A target Foundation cannot read (or an empty one) leaves plain text.
              let target = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
              if let url = URL(string: restoringEscapedBars(target, resolved: true)) {
                inner.link = url
              }
            }
          }
          styles.append(inner)
        } else {
          styles.removeLast()
        }
      default:
        // Strikethrough is an extension node type, known by name only.
        if let name = cmark_node_get_type_string(node), String(cString: name) == "strikethrough" {
          if isEnter {
            var inner = style
            if imageDepth == 0 { inner.isStrikethrough = true }
            styles.append(inner)
          } else {
            styles.removeLast()
          }
        } else if isEnter, cmark_node_get_literal(node) != nil {
          // No other extension is attached; keep any text an unknown node carries.
          walk.segments.append(Segment(text: literal(node), style: style, mayHoldMarkers: false))
        }
      }
    }
    appendResolvingSpoilers(walk.segments)
  }

  private func literal(_ node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }

  /// `text` with the stand-in for `\|` replaced: by `|` where cmark resolves escapes (text,
  /// link targets), by `\|` where it does not (code, raw HTML).
  private func restoringEscapedBars(_ text: String, resolved: Bool) -> String {
    guard let escapedBar = source.escapedBar, text.contains(escapedBar) else { return text }
    return text.replacingOccurrences(of: escapedBar, with: resolved ? "|" : "\\|")
  }

  /// Removes the sentinel a line was given, by scalar: a combining mark after it would make
  /// one `Character` of both.
  private func dropSentinel(from text: inout String) {
    if text.unicodeScalars.first == sentinel { text.unicodeScalars.removeFirst() }
  }

  /// The pieces of `text` between occurrences of a UTF-8 byte pattern, empty pieces included.
  private func split(_ text: String, at separator: [UInt8]) -> [String] {
    let utf8 = Array(text.utf8)
    var pieces: [String] = []
    var start = 0
    var index = 0
    while index + separator.count <= utf8.count {
      if utf8[index..<index + separator.count].elementsEqual(separator) {
        pieces.append(String(decoding: utf8[start..<index], as: UTF8.self))
        index += separator.count
        start = index
      } else {
        index += 1
      }
    }
    pieces.append(String(decoding: utf8[start...], as: UTF8.self))
    return pieces
  }

  // MARK: - Spoilers

  private func restoredPiece(_ bytes: ArraySlice<UInt8>) -> String {
    restoringEscapedBars(String(decoding: bytes, as: UTF8.self), resolved: true)
  }

  /// Appends a paragraph's segments, turning pairs of `||` in text nodes into spoilers: the
  /// first marker opens, the next closes, and a last marker without a partner stays text.
  ///
  /// A marker is two `|` in one text node, so `\|\|` or `&#124;|` write a literal `||`.
  private mutating func appendResolvingSpoilers(_ segments: [Segment]) {
    var markers: [(segment: Int, offset: Int)] = []
    // `contains` is the standard library's fast search; most text has no marker at all.
    for index in segments.indices
    where segments[index].mayHoldMarkers && segments[index].text.contains("||") {
      let segment = segments[index]
      var previousWasBar = false
      var offset = 0
      for byte in segment.text.utf8 {
        if byte == UInt8(ascii: "|") {
          if previousWasBar {
            markers.append((index, offset - 1))
            previousWasBar = false
          } else {
            previousWasBar = true
          }
        } else {
          previousWasBar = false
        }
        offset += 1
      }
    }
    let pairedCount = markers.count - markers.count % 2
    var nextMarker = 0
    var isSpoiler = false
    for index in segments.indices {
      let segment = segments[index]
      var style = segment.style
      let text = restoringEscapedBars(segment.text, resolved: segment.mayHoldMarkers)
      guard nextMarker < pairedCount, markers[nextMarker].segment == index else {
        style.isSpoiler = style.isSpoiler || isSpoiler
        output.append(text, style: style)
        continue
      }
      // The stand-in and `|` are not the same length, so cut before restoring.
      let utf8 = Array(segment.text.utf8)
      var start = 0
      while nextMarker < pairedCount, markers[nextMarker].segment == index {
        let offset = markers[nextMarker].offset
        style.isSpoiler = segment.style.isSpoiler || isSpoiler
        if offset > start {
          output.append(restoredPiece(utf8[start..<offset]), style: style)
        }
        isSpoiler.toggle()
        start = offset + 2
        nextMarker += 1
      }
      style.isSpoiler = segment.style.isSpoiler || isSpoiler
      if start < utf8.count {
        output.append(restoredPiece(utf8[start...]), style: style)
      }
    }
  }
}
