#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Markdown cut into lines and paragraphs, and the text cmark-gfm is given instead of it: every
/// paragraph's lines without their indentation, each behind a sentinel space so that no line
/// can start a block.
///
/// See ``MarkdownParser`` for why. Offsets are UTF-8 offsets in the original Markdown; every
/// cut falls on an ASCII byte, so each range lies on character boundaries.
struct ReferenceSource {
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

    // The first candidates absent from the Markdown, each found with one search of the
    // bytes (decoding and hashing every scalar of a CJK text cost more than cmark's parse).
    let escapedBarBytes = Self.escapedBarCandidates.lazy.map(Self.utf8)
      .first { !Self.bytes(bytes[...], contain: $0) }
    // With every candidate used (only contrived input), U+2007 still works for all but code
    // spans across lines that hold U+2007 themselves.
    let sentinel =
      Self.sentinelCandidates.lazy.map(Self.utf8).first { !Self.bytes(bytes[...], contain: $0) }
      ?? Self.utf8(Self.sentinelCandidates[0])
    self.sentinel = sentinel
    let hasCarriageReturn = Self.bytes(bytes[...], contain: [0x0D])

    var chunks: [Chunk] = []
    var current: [Line] = []
    var start = 0
    while start < bytes.count {
      let end = Self.lineEnd(in: bytes, from: start, hasCarriageReturn: hasCarriageReturn)
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
        let startsWithWWW = bytes[contentStart..<contentEnd].starts(with: "www.".utf8)
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
        let text = bytes[line.content.lowerBound..<line.trailing.upperBound]
        // Most lines have no bar: one copy.
        guard escapedBarBytes != nil, Self.bytes(text, contain: [UInt8(ascii: "|")]) else {
          fed += text
          fed.append(0x0A)
          continue
        }
        // Copies up to each bar at once; a bar after an odd run of backslashes is escaped.
        var copied = text.startIndex
        while let bar = text[copied...].firstIndex(of: UInt8(ascii: "|")) {
          var backslashes = 0
          while bar - backslashes > text.startIndex,
            text[bar - backslashes - 1] == UInt8(ascii: "\\")
          {
            backslashes += 1
          }
          if backslashes % 2 == 1, let escapedBarBytes {
            hasEscapedBar = true
            fed += text[copied..<(bar - 1)]
            fed += escapedBarBytes
          } else {
            fed += text[copied...bar]
          }
          copied = bar + 1
        }
        fed += text[copied...]
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

  /// The offset of the first LF (or CR, when the text has one) at or after `start`, or the
  /// end.
  private static func lineEnd(in bytes: [UInt8], from start: Int, hasCarriageReturn: Bool) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, start < buffer.count else { return buffer.count }
      if !hasCarriageReturn {
        guard let found = memchr(base + start, 0x0A, buffer.count - start) else {
          return buffer.count
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      var end = start
      while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
      return end
    }
  }

  /// Whether `needle` occurs in the bytes: memchr for its first byte (many bytes at a
  /// time), then a comparison of the rest.
  static func bytes(_ haystack: ArraySlice<UInt8>, contain needle: [UInt8]) -> Bool {
    haystack.withUnsafeBufferPointer { haystack in
      guard let base = haystack.baseAddress, let first = needle.first else { return false }
      var offset = 0
      while offset < haystack.count,
        let found = memchr(base + offset, Int32(first), haystack.count - offset)
      {
        let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if haystack[position...].starts(with: needle) { return true }
        offset = position + 1
      }
      return false
    }
  }

  private static func utf8(_ scalar: Unicode.Scalar) -> [UInt8] {
    Array(String(Character(scalar)).utf8)
  }

  private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }
}
