import Foundation
@_spi(Backend) import TextLayout

/// Builds the ``StyledText`` of some Markdown: each paragraph's inline events (from
/// ``InlineParser``) with their styles, the white space of the lines put back as written, and
/// spoilers found in the text.
///
/// The walk works on bytes and on ``Attributes`` (a few flags, cheap to copy and compare) and
/// makes a `TextStyle` and a `String` once per run of equal attributes.
///
/// - Complexity: O(*n*): each event is visited once, each byte is copied a constant number of
///   times, and spoiler markers are paired in one pass per paragraph.
struct InlineRenderer {
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

  private let source: MarkdownSource
  private let base: TextStyle
  private let codeFamily: String
  private let impliedLanguage: TextLanguage?
  private var links: [URL] = []
  /// Each destination read so far, `nil` when `URL` cannot read it: a text that links one
  /// place many times reads it once and holds one `URL`.
  private var readURLs: [String: URL?] = [:]
  /// The text so far, as UTF-8, and its runs.
  private var output: [UInt8] = []
  private var runs: [StyledText.Run] = []
  /// The attributes of the last run, which the next merges with when they are equal.
  private var lastAttributes: Attributes?
  /// Steps of the parser's loops, summed over the paragraphs (see ``InlineParser/work``).
  private(set) var work = 0

  // The current paragraph, written straight into `output` from `paragraphStart` on: where
  // attributes change, and the offsets in `output` of the `||` markers in its text.
  private var paragraphStart = 0
  private var segments: [Segment] = []
  private var markers: [Int] = []

  init(source: MarkdownSource, base: TextStyle, codeFamily: String, impliedLanguage: TextLanguage?)
  {
    self.source = source
    self.base = base
    self.codeFamily = codeFamily
    self.impliedLanguage = impliedLanguage
  }

  /// Renders every paragraph and the blank lines between them.
  mutating func render() -> StyledText {
    output.reserveCapacity(source.bytes.count)
    // About one run for every 64 bytes of a description (a marked word every few lines):
    // growing from one by doubling took six allocations and copies of styles a text.
    runs.reserveCapacity(8 + source.bytes.count / 64)
    segments.reserveCapacity(8 + source.bytes.count / 64)
    var position = 0
    for paragraph in source.paragraphs {
      let first = source.lines[paragraph.lowerBound]
      let last = source.lines[paragraph.upperBound - 1]
      emit(source.bytes[position..<first.content.lowerBound], Attributes())
      appendParagraph(source.lines[paragraph])
      // The paragraph's trailing white space is not inline content: it comes back as is.
      position = last.trailing.lowerBound
    }
    emit(source.bytes[position...], Attributes())
    if runs.isEmpty {
      return StyledText(
        string: "", runs: [StyledText.Run(range: 0..<0, style: base)],
        impliedLanguage: impliedLanguage)
    }
    return StyledText(
      string: Self.string(fromValidUTF8: output), runs: runs, impliedLanguage: impliedLanguage)
  }

  /// A `String` of bytes that are valid UTF-8 by construction, made without validating them
  /// again.
  ///
  /// The text is the Markdown's own bytes (those of a `String`, each NUL made U+FFFD), cut
  /// only next to ASCII bytes (line ends, markup, the ends of autolinks), and the UTF-8 that
  /// character references decode to (U+FFFD for surrogates and out-of-range numbers). The
  /// validation of `String(decoding:)` was 15% of a parse. Debug builds, which the tests and
  /// the fuzz target run, still check.
  static func string(fromValidUTF8 bytes: [UInt8]) -> String {
    assert(String(validating: bytes, as: UTF8.self) != nil, "The text is not valid UTF-8")
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    // What String(decoding:) finds out as it validates: an ASCII string takes the fast paths
    // of indexing and comparison.
    let isASCII = bytes.withUnsafeBytes { raw in
      var any: UInt64 = 0
      var index = 0
      while index + 8 <= raw.count {
        any |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        index += 8
      }
      while index < raw.count {
        any |= UInt64(raw[index])
        index += 1
      }
      return any & 0x8080_8080_8080_8080 == 0
    }
    return String(copying: unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
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
    // The run's style is the base's copy, changed in place: a local style passed to the run
    // was copied again and destroyed (two of a run's three style copies, a tenth of a parse).
    runs.append(StyledText.Run(range: range, style: base))
    let last = runs.count - 1
    if attributes.isBold { runs[last].style.weight = .bold }
    if attributes.isItalic { runs[last].style.isItalic = true }
    if attributes.isCode { runs[last].style.fontFamily = codeFamily }
    if attributes.isStrikethrough { runs[last].style.isStrikethrough = true }
    if attributes.isSpoiler { runs[last].style.isSpoiler = true }
    if attributes.link >= 0 { runs[last].style.link = links[attributes.link] }
  }

  // MARK: - One paragraph

  /// The paragraph's subject (what the inline parser reads): its lines without indentation,
  /// all but the last with their trailing white space, joined by line feeds; and where each
  /// line starts in it.
  private func subject(of lines: ArraySlice<MarkdownSource.Line>) -> ([UInt8], [Int]) {
    var subject: [UInt8] = []
    // At most the lines' bytes from the first content on: each line ending becomes one LF.
    subject.reserveCapacity(
      lines[lines.endIndex - 1].content.upperBound - lines[lines.startIndex].content.lowerBound)
    var starts: [Int] = []
    starts.reserveCapacity(lines.count + 1)
    for index in lines.indices {
      starts.append(subject.count)
      let line = lines[index]
      let end = index == lines.indices.last ? line.content.upperBound : line.trailing.upperBound
      subject += source.bytes[line.content.lowerBound..<end]
      if index != lines.indices.last { subject.append(0x0A) }
    }
    starts.append(subject.count + 1)
    return (subject, starts)
  }

  private mutating func appendParagraph(_ lines: ArraySlice<MarkdownSource.Line>) {
    let (subject, lineStarts) = subject(of: lines)
    var parser = InlineParser(subject: subject)
    let events = parser.parse()
    work += parser.work
    paragraphStart = output.count
    segments.removeAll(keepingCapacity: true)
    markers.removeAll(keepingCapacity: true)
    var stack: [Attributes] = [Attributes()]
    // Inside an image only the alt text's characters count, as in HTML's alt attribute.
    var imageDepth = 0
    var line = 0
    let bytes = source.bytes
    // The line ending at the subject's line feed `newline`, and the next line's indentation.
    let lineBreak = { (newline: Int, output: inout [UInt8]) in
      while lineStarts[line + 1] <= newline { line += 1 }
      output += bytes[lines[lines.startIndex + line].terminator]
      output += bytes[lines[lines.startIndex + line + 1].leading]
    }
    subject.withUnsafeBufferPointer { subject in
      for event in events {
        let attributes = stack[stack.count - 1]
        let range = Int(event.start)..<Int(event.end)
        switch event.kind {
        case .text:
          setAttributes(attributes)
          appendText(UnsafeBufferPointer(rebasing: subject[range]))
        case .decoded:
          setAttributes(attributes)
          output += parser.decoded[range]
        case .softBreak, .hardBreak:
          setAttributes(attributes)
          lineBreak(range.lowerBound, &output)
        case .code:
          var code = attributes
          code.isCode = true
          setAttributes(code)
          let shown = Self.codeContent(UnsafeBufferPointer(rebasing: subject[range]))
          appendRaw(
            (range.lowerBound + shown.lowerBound)..<(range.lowerBound + shown.upperBound),
            subject, lineBreak)
        case .html:
          setAttributes(attributes)
          appendRaw(range, subject, lineBreak)
        case .open:
          if event.mark == .image {
            imageDepth += 1
            stack.append(attributes)
            continue
          }
          var inner = attributes
          if imageDepth == 0 {
            switch event.mark {
            case .strong: inner.isBold = true
            case .emphasis: inner.isItalic = true
            case .strikethrough: inner.isStrikethrough = true
            case .link:
              // A target Foundation cannot read (or an empty one) leaves plain text.
              let target = String(decoding: parser.urls[Int(event.link)], as: UTF8.self)
              let url = readURLs[target] ?? URL(string: target)
              readURLs[target] = url
              // Each link its own index, so that two links side by side stay two runs.
              if let url {
                links.append(url)
                inner.link = links.count - 1
              }
            case .image: break
            }
          }
          stack.append(inner)
        case .close:
          if event.mark == .image { imageDepth -= 1 }
          stack.removeLast()
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

  /// The part of a code span's content that is shown, as ranges of it: CommonMark strips one
  /// space on each side when both are there and the content is not all spaces, reading a line
  /// ending as a space. A line ending is never dropped: at the start it stays, and only the
  /// space it stands for goes (as cmark-gfm showed it, behind the marker of a line start).
  static func codeContent(_ content: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    guard let first = content.first, let last = content.last, content.count >= 2,
      first == 0x20 || first == 0x0A, last == 0x20, content.contains(where: { $0 != 0x20 })
    else { return 0..<content.count }
    return (first == 0x20 ? 1 : 0)..<(content.count - 1)
  }

  /// Appends a text event's bytes, noting its `||` markers.
  private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
    let start = output.count
    output.append(contentsOf: text)
    // From one `|` to the next through memchr: two side by side are a marker, and the scan
    // goes on after them. (Byte by byte from the first `|`, the scan was a third of the
    // renderer's time on text with spoilers.)
    var index = 0
    while let bar = text.firstIndex(of: UInt8(ascii: "|"), in: index..<text.count) {
      if bar + 1 < text.count, text[bar + 1] == UInt8(ascii: "|") {
        markers.append(start + bar)
        index = bar + 2
      } else {
        index = bar + 1
      }
    }
  }

  /// Appends code or raw HTML as written: each line feed of the subject becomes the line's
  /// own ending and the next line's indentation.
  private mutating func appendRaw(
    _ range: Range<Int>, _ subject: UnsafeBufferPointer<UInt8>,
    _ lineBreak: (Int, inout [UInt8]) -> Void
  ) {
    var start = range.lowerBound
    while let newline = subject.firstIndex(of: 0x0A, in: start..<range.upperBound) {
      output += UnsafeBufferPointer(rebasing: subject[start..<newline])
      lineBreak(newline, &output)
      start = newline + 1
    }
    output += UnsafeBufferPointer(rebasing: subject[start..<range.upperBound])
  }

  // MARK: - Spoilers

  /// Emits the paragraph, turning pairs of `||` in text into spoilers: the first marker
  /// opens, the next closes, and a last marker without a partner stays text.
  ///
  /// Markers are two `|` written next to each other in text, so `\|\|` writes a literal
  /// `||`, as does `||` in code, raw HTML or a character reference.
  private mutating func emitParagraph() {
    let pairedCount = markers.count - markers.count % 2
    // Without spoilers the paragraph is in place already: only its runs are missing.
    guard pairedCount > 0 else {
      for index in segments.indices {
        let end = index + 1 < segments.count ? segments[index + 1].start : output.count
        addRun(segments[index].start..<end, segments[index].attributes)
      }
      return
    }
    // With them, the markers come out: each piece between two of them moves down over the
    // markers before it, in place. (The paragraph was copied out and appended again piece by
    // piece: an allocation, a copy and an append a piece.)
    let paragraphEnd = output.count
    var write = paragraphStart
    var nextMarker = 0
    var isSpoiler = false
    for index in segments.indices {
      var attributes = segments[index].attributes
      let end = index + 1 < segments.count ? segments[index + 1].start : paragraphEnd
      var start = segments[index].start
      while nextMarker < pairedCount, markers[nextMarker] < end {
        let offset = markers[nextMarker]
        attributes.isSpoiler = isSpoiler
        moveDown(start..<offset, to: &write, attributes)
        isSpoiler.toggle()
        start = offset + 2
        nextMarker += 1
      }
      attributes.isSpoiler = isSpoiler
      moveDown(start..<end, to: &write, attributes)
    }
    output.removeLast(paragraphEnd - write)
  }

  /// Moves bytes of the output down to `write` (at or before their start) and gives them
  /// their attributes; `write` moves past them.
  private mutating func moveDown(_ range: Range<Int>, to write: inout Int, _ attributes: Attributes)
  {
    guard !range.isEmpty else { return }
    if write != range.lowerBound {
      output.withUnsafeMutableBufferPointer { [write] buffer in
        let base = buffer.baseAddress!
        _ = memmove(base + write, base + range.lowerBound, range.count)
      }
    }
    addRun(write..<(write + range.count), attributes)
    write += range.count
  }
}
