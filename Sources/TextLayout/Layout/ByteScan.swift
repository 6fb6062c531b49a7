/// Scans over UTF-8 bytes that the layout engine runs on whole windows of text: finding
/// paragraph separators, scalar boundaries and trailing white space.
///
/// Pure functions of their bytes. Raw byte loops, eight bytes at a time where they can: walking
/// `String.UTF8View` index by index costs several times more, and a scan covers a whole
/// analysis window even for a three-line layout.
enum ByteScan {
  /// Finds the first paragraph separator in `start..<end`.
  ///
  /// Paragraphs end at LF, CR, CR LF, VT, FF, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR: the
  /// characters UAX #14 gives a mandatory break after.
  ///
  /// - Returns: The separator's offset and length in bytes (2 for CR LF), or `nil`.
  static func findSeparator(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> (offset: Int, length: Int)? {
    var offset = start
    while offset < end {
      // Eight bytes at a time while none can start a separator: none below 0x0E, none 0xC2 or
      // 0xE2 (the lead bytes of NEL and of LINE and PARAGRAPH SEPARATOR).
      if offset + 8 <= end {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(
            as: UInt64.self))
        if !hasByte(in: word, below: 0x0E) && !hasByte(in: word, equalTo: 0xC2)
          && !hasByte(in: word, equalTo: 0xE2)
        {
          offset += 8
          continue
        }
      }
      switch bytes[offset] {
      case 0x0A, 0x0B, 0x0C:
        return (offset, 1)
      case 0x0D:
        return (offset, offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1)
      case 0xC2:
        if offset + 1 < bytes.count && bytes[offset + 1] == 0x85 { return (offset, 2) }
      case 0xE2:
        if offset + 2 < bytes.count && bytes[offset + 1] == 0x80
          && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
        {
          return (offset, 3)
        }
      default:
        break
      }
      offset += 1
    }
    return nil
  }

  /// Whether any of the eight bytes of `word` is below `limit` (at most 0x80).
  static func hasByte(in word: UInt64, below limit: UInt8) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (word &- ones &* UInt64(limit)) & ~word & (ones &* 0x80) != 0
  }

  /// Whether any of the eight bytes of `word` is `byte`.
  static func hasByte(in word: UInt64, equalTo byte: UInt8) -> Bool {
    hasByte(in: word ^ (0x0101_0101_0101_0101 &* UInt64(byte)), below: 1)
  }

  /// Moves an offset back to the start of a Unicode scalar.
  static func scalarBoundary(in bytes: UnsafeBufferPointer<UInt8>, atOrBefore offset: Int) -> Int {
    var offset = offset
    while offset > 0 && offset < bytes.count && bytes[offset] & 0xC0 == 0x80 {
      offset -= 1
    }
    return offset
  }

  /// Where the white space at the end of a range starts (its end when there is none): the
  /// white space that hangs at a line end.
  static func trailingSpaceStart(
    in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    range.lowerBound
      + ShapedMeasure.hangingStart(inUTF8: UnsafeBufferPointer(rebasing: bytes[range]))
  }
}
