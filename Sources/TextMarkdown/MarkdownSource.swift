/// Markdown cut into lines and paragraphs, and the text cmark-gfm is given instead of it: every
/// paragraph's lines without their indentation, each behind a sentinel space so that no line
/// can start a block.
///
/// See ``MarkdownParser`` for why. Offsets are UTF-8 offsets in the original Markdown; every
/// cut falls on an ASCII byte, so each range lies on character boundaries.
struct MarkdownSource {
  /// One line of the original Markdown.
  struct Line {
    /// Leading spaces and tabs: cmark drops them, so they are put back from here.
    var leading: Range<Int>
    /// The line without its leading and trailing spaces and tabs.
    var content: Range<Int>
    /// Trailing spaces and tabs.
    var trailing: Range<Int>
    /// The line ending: `\n`, `\r\n`, `\r`, or empty on the last line.
    var terminator: Range<Int>
    /// Whether the line was given to cmark behind the sentinel.
    var hasSentinel: Bool
  }

  /// A run of consecutive non-blank lines: one paragraph for cmark.
  struct Chunk {
    /// The chunk's lines, in order, never empty.
    var lines: [Line]
  }

  /// The original Markdown as UTF-8.
  let bytes: [UInt8]
  /// The paragraphs, in order.
  let chunks: [Chunk]
  /// A Unicode space (`Zs`) that does not occur in `bytes`, as UTF-8.
  let sentinel: [UInt8]
  /// What cmark parses: the chunks, each line behind the sentinel, chunks apart by blank lines.
  let fed: [UInt8]
  /// What stands for an escaped bar `\|` in `fed`, if the Markdown has one: a punctuation
  /// character absent from the input. cmark would resolve `\|\|` to a `||` that no one could
  /// tell from a spoiler marker.
  let escapedBar: [UInt8]?

  /// The sentinel candidates, rarest first. cmark-gfm counts every `Zs` character as white space
  /// for the emphasis flanking rules, as it does the line start the sentinel stands in for.
  private static let sentinelCandidates: [Unicode.Scalar] = [
    "\u{2007}", "\u{2008}", "\u{205F}", "\u{1680}", "\u{2004}", "\u{2005}", "\u{2006}",
    "\u{2009}", "\u{200A}", "\u{2000}", "\u{2001}", "\u{2002}", "\u{2003}", "\u{202F}",
    "\u{00A0}", "\u{3000}",
  ]

  /// Placeholder candidates for `\|`: Unicode punctuation (`Po`), as `|` is punctuation for
  /// the flanking rules.
  private static let escapedBarCandidates: [Unicode.Scalar] = [
    "\u{2E2E}", "\u{2E2D}", "\u{2E2C}", "\u{2E2B}", "\u{2E19}", "\u{2E18}",
  ]

  /// Cuts `markdown` into lines and paragraphs.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length of `markdown`.
  init(_ markdown: String) {
    var markdown = markdown
    markdown.makeContiguousUTF8()
    let bytes = Array(markdown.utf8)
    self.bytes = bytes

    var present = Set<Unicode.Scalar>()
    let candidates = Set(Self.sentinelCandidates + Self.escapedBarCandidates)
    for scalar in markdown.unicodeScalars where scalar.value >= 0xA0 && candidates.contains(scalar)
    {
      present.insert(scalar)
    }
    // With every candidate present, `\|` is left to cmark and counts as a marker.
    let escapedBarBytes = Self.escapedBarCandidates.first { !present.contains($0) }
      .map { Array(String(Character($0)).utf8) }
    // With every candidate used (only contrived input), U+2007 still works for all but code
    // spans across lines that hold U+2007 themselves.
    let sentinelScalar =
      Self.sentinelCandidates.first { !present.contains($0) } ?? Self.sentinelCandidates[0]
    let sentinel = Array(String(Character(sentinelScalar)).utf8)
    self.sentinel = sentinel

    var chunks: [Chunk] = []
    var current: [Line] = []
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      var terminatorEnd = end
      if terminatorEnd < bytes.count {
        terminatorEnd +=
          bytes[terminatorEnd] == 0x0D && terminatorEnd + 1 < bytes.count
            && bytes[terminatorEnd + 1] == 0x0A ? 2 : 1
      }
      var contentStart = start
      while contentStart < end, Self.isSpaceOrTab(bytes[contentStart]) { contentStart += 1 }
      var contentEnd = end
      while contentEnd > contentStart, Self.isSpaceOrTab(bytes[contentEnd - 1]) { contentEnd -= 1 }
      if contentStart == contentEnd {
        if !current.isEmpty { chunks.append(Chunk(lines: current)) }
        current = []
      } else {
        // A line starting "www." cannot start a block, and the sentinel would stop GFM's
        // autolink from seeing it (it wants an ASCII space or line start before "www.").
        let startsWithWWW = bytes[contentStart..<contentEnd].starts(with: Array("www.".utf8))
        current.append(
          Line(
            leading: start..<contentStart, content: contentStart..<contentEnd,
            trailing: contentEnd..<end, terminator: end..<terminatorEnd,
            hasSentinel: !startsWithWWW))
      }
      start = terminatorEnd
    }
    if !current.isEmpty { chunks.append(Chunk(lines: current)) }
    self.chunks = chunks

    var fed: [UInt8] = []
    var hasEscapedBar = false
    fed.reserveCapacity(bytes.count + bytes.count / 8 + 16)
    for chunk in chunks {
      for line in chunk.lines {
        if line.hasSentinel { fed += sentinel }
        // The trailing spaces go in too: two of them make a hard line break.
        var backslashes = 0
        for byte in bytes[line.content.lowerBound..<line.trailing.upperBound] {
          if byte == UInt8(ascii: "|"), backslashes % 2 == 1, let escapedBarBytes {
            hasEscapedBar = true
            fed.removeLast()
            fed += escapedBarBytes
          } else {
            fed.append(byte)
          }
          backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
        }
        fed.append(0x0A)
      }
      fed.append(0x0A)
    }
    self.fed = fed
    self.escapedBar = hasEscapedBar ? escapedBarBytes : nil
  }

  /// The original characters of a UTF-8 range.
  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }
}
