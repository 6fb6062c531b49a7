import CCmarkGFM
import Foundation
import TextLayout

/// Walks cmark-gfm's inline nodes of each paragraph and builds the ``StyledText``: styles from
/// the node stack, the whitespace cmark dropped put back from ``ReferenceSource``, and spoilers
/// found in the text nodes.
///
/// The walk works on bytes and on ``Attributes`` (a few flags, cheap to copy and compare) and
/// makes a `TextStyle` and a `String` once per run of equal attributes, so that a megabyte of
/// alternating markup costs little even in a debug build.
///
/// - Complexity: O(*n*): each node is visited once, each byte is copied a constant number of
///   times, and spoiler markers are paired in one pass per paragraph.
struct ReferenceRenderer {
  /// What Markdown sets on top of the base style.
  private struct Attributes: Hashable {
    var isBold = false
    var isItalic = false
    var isCode = false
    var isStrikethrough = false
    var isSpoiler = false
    /// An index into `links`, or -1.
    var link = -1
  }

  /// Where a paragraph's bytes change attributes.
  private struct Segment {
    var start: Int
    var attributes: Attributes
  }

  private let source: ReferenceSource
  private let base: TextStyle
  private let codeFamily: String
  /// The language the whole Markdown implies, given to the text (see
  /// ``MarkdownParser/impliedLanguage(of:)``).
  private let impliedLanguage: TextLanguage?
  /// Whether ``firstUnsettled`` is looked for: only the start of the Markdown is parsed.
  private let findsUnsettled: Bool
  /// The output offset of the first character whose reading could change with Markdown after
  /// the parsed start (see ``MarkdownParser/styledPrefix(of:base:codeFamily:minimumBytes:)``):
  /// a literal `*`, `_`, `~`, `` ` ``, `[` (and a `!` before it), `<` or `\`, or a spoiler
  /// marker without a partner. `nil` when there is none or it is not looked for.
  private(set) var firstUnsettled: Int?
  private var links: [URL] = []
  /// The text so far, as UTF-8, and its runs.
  private var output: [UInt8] = []
  private var runs: [StyledText.Run] = []
  /// The attributes of the last run, which the next merges with when they are equal.
  private var lastAttributes: Attributes?

  // The current paragraph, written straight into `output` from `paragraphStart` on: where
  // attributes change, and the offsets in `output` of the
  // `||` markers in its text nodes.
  private var paragraphStart = 0
  private var segments: [Segment] = []
  private var markers: [Int] = []
  /// Whether the current paragraph is the last, the only one a parse of the Markdown's start
  /// can end inside: ``firstUnsettled`` is looked for there.
  private var findsUnsettledHere = false

  private static let text = CMARK_NODE_TEXT.rawValue
  private static let softbreak = CMARK_NODE_SOFTBREAK.rawValue
  private static let linebreak = CMARK_NODE_LINEBREAK.rawValue
  private static let code = CMARK_NODE_CODE.rawValue
  private static let htmlInline = CMARK_NODE_HTML_INLINE.rawValue
  private static let image = CMARK_NODE_IMAGE.rawValue
  private static let strong = CMARK_NODE_STRONG.rawValue
  private static let emph = CMARK_NODE_EMPH.rawValue
  private static let link = CMARK_NODE_LINK.rawValue

  init(
    source: ReferenceSource, base: TextStyle, codeFamily: String, impliedLanguage: TextLanguage?,
    findsUnsettled: Bool = false
  ) {
    self.source = source
    self.base = base
    self.codeFamily = codeFamily
    self.impliedLanguage = impliedLanguage
    self.findsUnsettled = findsUnsettled
  }

  /// Renders the document parsed from `source.fed`.
  mutating func render(_ document: ReferenceDocument) -> StyledText {
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
    // Unstyled, a part could read differently from the whole.
    if findsUnsettled, !matched { firstUnsettled = 0 }
    var position = 0
    for (index, chunk) in source.chunks.enumerated() {
      let first = chunk.lines[0]
      let last = chunk.lines[chunk.lines.count - 1]
      emit(source.bytes[position..<first.content.lowerBound], Attributes())
      findsUnsettledHere = findsUnsettled && index == source.chunks.count - 1
      if matched {
        appendParagraph(paragraphs[index], lines: chunk.lines)
        position = last.trailing.lowerBound
      } else {
        position = first.content.lowerBound
      }
    }
    emit(source.bytes[position...], Attributes())
    if runs.isEmpty {
      return StyledText(
        string: "", runs: [StyledText.Run(range: 0..<0, style: base)],
        impliedLanguage: impliedLanguage)
    }
    return StyledText(
      string: String(decoding: output, as: UTF8.self), runs: runs,
      impliedLanguage: impliedLanguage)
  }

  // MARK: - Output

  /// Appends bytes to the output with attributes.
  private mutating func emit(_ piece: ArraySlice<UInt8>, _ attributes: Attributes) {
    let start = output.count
    output.append(contentsOf: piece)
    addRun(start..<output.count, attributes)
  }

  /// Gives a range at the end of the output its attributes: extends the last run when they
  /// are the same, or starts a run.
  private mutating func addRun(_ range: Range<Int>, _ attributes: Attributes) {
    if range.isEmpty { return }
    if attributes == lastAttributes {
      runs[runs.count - 1].range = runs[runs.count - 1].range.lowerBound..<range.upperBound
      return
    }
    lastAttributes = attributes
    var style = base
    if attributes.isBold { style.weight = .bold }
    if attributes.isItalic { style.isItalic = true }
    if attributes.isCode { style.fontFamily = codeFamily }
    if attributes.isStrikethrough { style.isStrikethrough = true }
    if attributes.isSpoiler { style.isSpoiler = true }
    if attributes.link >= 0 { style.link = links[attributes.link] }
    runs.append(StyledText.Run(range: range, style: style))
  }

  // MARK: - One paragraph

  private mutating func appendParagraph(_ paragraph: OpaquePointer, lines: [ReferenceSource.Line]) {
    paragraphStart = output.count
    segments.removeAll(keepingCapacity: true)
    markers.removeAll(keepingCapacity: true)
    var line = 0
    // Whether the next text node should begin with the sentinel of a line start.
    var expectsSentinel = lines[0].hasSentinel
    var stack: [Attributes] = [Attributes()]
    // Where the outermost emphasis, link, image or strikethrough around the walk began.
    var outermostStart: Int?
    // Inside an image only the alt text's characters count, as in HTML's alt attribute.
    var imageDepth = 0

    guard let iterator = cmark_iter_new(paragraph) else { return }
    defer { cmark_iter_free(iterator) }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard let node = cmark_iter_get_node(iterator), node != paragraph else { continue }
      // Raw values: comparing the imported enum goes through a generic == in debug builds.
      let type = cmark_node_get_type(node).rawValue
      let isEnter = event == CMARK_EVENT_ENTER
      let attributes = stack[stack.count - 1]
      switch type {
      case Self.text:
        guard isEnter else { continue }
        setAttributes(attributes)
        let start = output.count
        appendText(literal(node), dropping: expectsSentinel ? source.sentinel : [])
        if findsUnsettledHere, firstUnsettled == nil {
          noteUnsettled(from: start, inside: outermostStart)
        }
        expectsSentinel = false
      case Self.softbreak, Self.linebreak:
        guard isEnter else { continue }
        setAttributes(attributes)
        // A hard break drops the spaces that made it.
        newLine(&line, in: lines, addsTrailing: type == Self.softbreak)
        expectsSentinel = lines[line].hasSentinel
      case Self.code:
        guard isEnter else { continue }
        var code = attributes
        code.isCode = true
        setAttributes(code)
        expectsSentinel = false
        // cmark turned each line ending inside the span into a space, so a line start shows
        // as a space and the sentinel; the trailing white space is still in the literal.
        appendRaw(literal(node), isHTML: false, line: &line, in: lines)
      case Self.htmlInline:
        guard isEnter else { continue }
        setAttributes(attributes)
        expectsSentinel = false
        // Raw HTML keeps its line endings, and the trailing spaces before them.
        appendRaw(literal(node), isHTML: true, line: &line, in: lines)
      case Self.image:
        imageDepth += isEnter ? 1 : -1
        if isEnter { stack.append(attributes) } else { stack.removeLast() }
        outermostStart = stack.count == 1 ? nil : outermostStart ?? output.count
      case Self.strong, Self.emph, Self.link:
        guard isEnter else {
          stack.removeLast()
          if stack.count == 1 { outermostStart = nil }
          continue
        }
        outermostStart = outermostStart ?? output.count
        var inner = attributes
        if imageDepth == 0 {
          switch type {
          case Self.strong: inner.isBold = true
          case Self.emph: inner.isItalic = true
          default:
            // A target Foundation cannot read (or an empty one) leaves plain text.
            let target = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if let url = URL(string: restoringEscapedBars(target)) {
              links.append(url)
              inner.link = links.count - 1
            }
          }
        }
        stack.append(inner)
      default:
        // Strikethrough is an extension node type, known by name only.
        if let name = cmark_node_get_type_string(node), String(cString: name) == "strikethrough" {
          guard isEnter else {
            stack.removeLast()
            if stack.count == 1 { outermostStart = nil }
            continue
          }
          outermostStart = outermostStart ?? output.count
          var inner = attributes
          if imageDepth == 0 { inner.isStrikethrough = true }
          stack.append(inner)
        } else if isEnter {
          // No other extension is attached; keep any text an unknown node carries.
          setAttributes(attributes)
          appendRaw(literal(node), isHTML: true, line: &line, in: lines)
        }
      }
    }
    emitParagraph()
  }

  private mutating func setAttributes(_ attributes: Attributes) {
    if segments.last?.attributes != attributes {
      segments.append(Segment(start: output.count, attributes: attributes))
    }
  }

  /// Ends the walk's line: its trailing white space if cmark dropped it, its line ending,
  /// and the next line's indentation.
  private mutating func newLine(
    _ line: inout Int, in lines: [ReferenceSource.Line], addsTrailing: Bool
  ) {
    let current = lines[min(line, lines.count - 1)]
    // Most lines have no indentation or trailing spaces: skip the empty copies.
    if addsTrailing, !current.trailing.isEmpty { output += source.bytes[current.trailing] }
    output += source.bytes[current.terminator]
    line = min(line + 1, lines.count - 1)
    if !lines[line].leading.isEmpty { output += source.bytes[lines[line].leading] }
  }

  /// A node's literal as bytes, without the copy a `String` would make.
  private func literal(_ node: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
    guard let literal = cmark_node_get_literal(node) else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(
      start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
  }

  /// Appends a text node's literal, noting its `||` markers and putting back escaped bars.
  private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, dropping prefix: [UInt8]) {
    var text = text
    if !prefix.isEmpty, text.starts(with: prefix) {
      text = UnsafeBufferPointer(rebasing: text[prefix.count...])
    }
    let escapedBar = source.escapedBar ?? []
    let bar = UInt8(ascii: "|")
    // Most text has no bar at all: one fast search, then a plain copy.
    func contains(_ byte: UInt8) -> Bool {
      guard let start = text.baseAddress else { return false }
      return memchr(start, Int32(byte), text.count) != nil
    }
    guard contains(bar) || (!escapedBar.isEmpty && contains(escapedBar[0])) else {
      output.append(contentsOf: text)
      return
    }
    // Copies up to each bar or stand-in at once.
    let standInLead = escapedBar.first
    var index = text.startIndex
    var previousWasBar = false
    while index < text.endIndex {
      let next =
        text[index...].firstIndex { $0 == bar || $0 == standInLead } ?? text.endIndex
      if next > index {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<next]))
        previousWasBar = false
        index = next
        continue
      }
      if !escapedBar.isEmpty, text[index...].starts(with: escapedBar) {
        output.append(bar)
        previousWasBar = false
        index += escapedBar.count
        continue
      }
      let byte = text[index]
      if byte == bar, previousWasBar {
        markers.append(output.count - 1)
        previousWasBar = false
      } else {
        previousWasBar = byte == bar
      }
      output.append(byte)
      index += 1
    }
  }

  /// Appends code or raw HTML, where escapes are not resolved, putting back the line breaks
  /// cmark kept: in HTML a line ending (and the next line's sentinel after it), in code a
  /// space and the sentinel.
  private mutating func appendRaw(
    _ text: UnsafeBufferPointer<UInt8>, isHTML: Bool, line: inout Int,
    in lines: [ReferenceSource.Line]
  ) {
    guard let start = text.baseAddress else { return }
    let lineStart: [UInt8] = isHTML ? [0x0A] : [0x20] + source.sentinel
    let escapedBar = source.escapedBar ?? []
    var index = 0
    while index < text.count {
      // Copy up to the next byte that may begin a pattern in one go.
      var next = text.count
      if let found = memchr(start + index, Int32(lineStart[0]), text.count - index) {
        next = start.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      if !escapedBar.isEmpty,
        let found = memchr(start + index, Int32(escapedBar[0]), next - index)
      {
        next = start.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      output.append(contentsOf: UnsafeBufferPointer(start: start + index, count: next - index))
      index = next
      guard index < text.count else { break }
      let rest = UnsafeBufferPointer(rebasing: text[index...])
      if rest.starts(with: lineStart) {
        newLine(&line, in: lines, addsTrailing: false)
        index += lineStart.count
        if isHTML, lines[line].hasSentinel,
          UnsafeBufferPointer(rebasing: text[index...]).starts(with: source.sentinel)
        {
          index += source.sentinel.count
        }
      } else if !escapedBar.isEmpty, rest.starts(with: escapedBar) {
        output += [UInt8(ascii: "\\"), UInt8(ascii: "|")]
        index += escapedBar.count
      } else {
        output.append(text[index])
        index += 1
      }
    }
  }

  /// Notes the first character of the output from `start` on (a text node's, just
  /// appended) that Markdown after the parsed start could read differently: one that a
  /// partner there could turn into markup, or a backslash, which a line break there would
  /// make a hard break.
  ///
  /// Inside emphasis, a link, an image or strikethrough, the note goes back to where the
  /// outermost of them began: a code span, autolink, raw HTML or link that closes after the
  /// cut takes precedence over them and could take their closing delimiter.
  private mutating func noteUnsettled(from start: Int, inside outermostStart: Int?) {
    guard
      let index = output[start...].firstIndex(where: {
        $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "~")
          || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "<")
          || $0 == UInt8(ascii: "\\")
      })
    else { return }
    // "![" may become an image, which drops the "!".
    let isImage =
      output[index] == UInt8(ascii: "[") && index > 0 && output[index - 1] == UInt8(ascii: "!")
    firstUnsettled = outermostStart ?? (isImage ? index - 1 : index)
  }

  /// `text` with the stand-in for `\|` put back as the `|` cmark resolved it to.
  private func restoringEscapedBars(_ text: String) -> String {
    guard let escapedBar = source.escapedBar else { return text }
    let standIn = String(decoding: escapedBar, as: UTF8.self)
    return text.contains(standIn) ? text.replacingOccurrences(of: standIn, with: "|") : text
  }

  // MARK: - Spoilers

  /// Emits the paragraph, turning pairs of `||` in text nodes into spoilers: the first marker
  /// opens, the next closes, and a last marker without a partner stays text.
  ///
  /// Markers are two `|` in one text node, so `\|\|` writes a literal `||`, as does `||` in
  /// code or raw HTML.
  private mutating func emitParagraph() {
    let pairedCount = markers.count - markers.count % 2
    if findsUnsettledHere { settleSpoilerMarkers() }
    // Without spoilers the paragraph is in place already: only its runs are missing.
    guard pairedCount > 0 else {
      for index in segments.indices {
        let end = index + 1 < segments.count ? segments[index + 1].start : output.count
        addRun(segments[index].start..<end, segments[index].attributes)
      }
      return
    }
    // With them, the markers come out: the paragraph is written again without them.
    let paragraph = output[paragraphStart...]
    output.removeSubrange(paragraphStart...)
    var nextMarker = 0
    var isSpoiler = false
    for index in segments.indices {
      var attributes = segments[index].attributes
      let end = index + 1 < segments.count ? segments[index + 1].start : paragraph.endIndex
      var start = segments[index].start
      while nextMarker < pairedCount, markers[nextMarker] < end {
        let offset = markers[nextMarker]
        attributes.isSpoiler = isSpoiler
        emit(paragraph[start..<offset], attributes)
        isSpoiler.toggle()
        start = offset + 2
        nextMarker += 1
      }
      attributes.isSpoiler = isSpoiler
      emit(paragraph[start..<end], attributes)
    }
  }

  /// Moves ``firstUnsettled`` back to a spoiler marker whose partner lies at or after it
  /// (or was never found): Markdown after the parsed start could leave that partner text or
  /// bring another, and with it change what the marker hides. Then to where it lands once
  /// the paired markers before it come out of the paragraph, two bytes each.
  ///
  /// Called for the last paragraph, before it is written again; offsets so far count the
  /// markers.
  private mutating func settleSpoilerMarkers() {
    let end = firstUnsettled ?? output.count
    let before = markers.prefix { $0 < end }
    let settled = before.count % 2 == 1 ? before[before.count - 1] : end
    guard firstUnsettled != nil || settled < end else { return }
    firstUnsettled = settled - 2 * markers.prefix { $0 < settled }.count
  }
}
