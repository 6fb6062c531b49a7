#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Markdown cut into lines and the lines into paragraphs, as CommonMark cuts them: inline syntax
/// never spans a blank line.
///
/// Offsets are UTF-8 offsets in ``bytes``; every cut falls on an ASCII byte, so each range lies
/// on character boundaries.
struct MarkdownSource {
  /// One non-blank line.
  struct Line {
    /// Leading spaces and tabs, which inline syntax never sees and the text keeps.
    var leading: Range<Int>
    /// The line without its leading and trailing spaces and tabs; never empty.
    var content: Range<Int>
    /// Trailing spaces and tabs.
    var trailing: Range<Int>
    /// The line ending: `\n`, `\r\n`, `\r`, or empty on the last line.
    var terminator: Range<Int>
  }

  /// The Markdown as UTF-8, each NUL replaced by U+FFFD as CommonMark asks.
  let bytes: [UInt8]
  /// The non-blank lines, in order.
  let lines: [Line]
  /// The paragraphs: runs of consecutive non-blank lines, as ranges of ``lines``.
  let paragraphs: [Range<Int>]

  /// Cuts `markdown` into lines and paragraphs.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length of `markdown`.
  init(_ markdown: String) {
    var markdown = markdown
    markdown.makeContiguousUTF8()
    var bytes = markdown.withUTF8 { Array($0) }
    if memchr(bytes, 0, bytes.count) != nil {
      var replaced: [UInt8] = []
      replaced.reserveCapacity(bytes.count + 16)
      for byte in bytes {
        if byte == 0 { replaced += [0xEF, 0xBF, 0xBD] } else { replaced.append(byte) }
      }
      bytes = replaced
    }
    self.bytes = bytes
    let hasCarriageReturn = memchr(bytes, 0x0D, bytes.count) != nil

    var lines: [Line] = []
    var paragraphs: [Range<Int>] = []
    var paragraphStart = 0
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
        if paragraphStart < lines.count { paragraphs.append(paragraphStart..<lines.count) }
        paragraphStart = lines.count
      } else {
        lines.append(
          Line(
            leading: start..<contentStart, content: contentStart..<contentEnd,
            trailing: contentEnd..<end, terminator: end..<terminatorEnd))
      }
      start = terminatorEnd
    }
    if paragraphStart < lines.count { paragraphs.append(paragraphStart..<lines.count) }
    self.lines = lines
    self.paragraphs = paragraphs
  }

  /// The offset of the first LF (or CR, when the text has one) at or after `start`, or the
  /// end.
  private static func lineEnd(in bytes: [UInt8], from start: Int, hasCarriageReturn: Bool) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard start < buffer.count else { return buffer.count }
      if !hasCarriageReturn {
        return buffer.firstIndex(of: 0x0A, in: start..<buffer.count) ?? buffer.count
      }
      var end = start
      while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
      return end
    }
  }

  private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }
}
