@_spi(Backend) import TextLayout

// MARK: - LB25 as the standard's expression, for ICU's iterator

extension LineBreakRules {
  /// Adds to ICU's break opportunities the breaks between an infix separator and a digit that
  /// LB25 allows when no number precedes the separator and the separator starts none
  /// (``startsNumber(after:)``): `a.2`, `%.250s`, `1b,2`.
  ///
  /// ICU 72 applies LB25's pair IS × NU everywhere, where the standard's regular expression
  /// `(PR | PO)? (OP | HY)? NU (NU | SY | IS)* (CL | CP)? (PR | PO)?`, from which
  /// LineBreakTest.txt is made, binds the separator to the digit only inside a number. No
  /// other rule decides a break between IS and NU (LB9 passes the separator's marks), so
  /// where the pair was ICU's only reason, the break is added. ``State/breaks(before:)``
  /// applies the same rule, so the rules and the iterator keep one answer.
  ///
  /// - Parameters:
  ///   - breaks: ICU's opportunities, in order.
  ///   - bytes: The text, valid UTF-8.
  ///   - limit: The largest offset ICU reported.
  /// - Returns: The opportunities with the added ones, in order.
  /// - Complexity: One pass over the text up to `limit`; nothing is allocated when nothing is
  ///   added.
  static func addingNumberBreaks(
    to breaks: [LineBreakOpportunity], in bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int
  ) -> [LineBreakOpportunity] {
    guard mayHoldSeparatorBeforeDigit(bytes, upTo: limit) else { return breaks }
    var added: [Int] = []
    LineBreakClass.basicMultilingualPlane.withUnsafeBufferPointer { table in
      let end = min(limit, bytes.count - 1)
      // The last character's class that is not a mark on a base (`.other` before the first).
      var last = LineBreakClass.other
      // Whether `last` is in a number, `NU (NU | SY | IS)*`.
      var inNumber = false
      // Whether `last` is a separator a digit may be broken from.
      var isLooseSeparator = false
      var offset = 0
      while offset <= end {
        let length = UTF8Decoding.length(ofLead: bytes[offset])
        let scalar = UTF8Decoding.value(at: offset, length: length, in: bytes)
        var next = scalar < 0x1_0000 ? table[Int(scalar)] : .other
        if next == .combiningMark {
          // LB9: a mark on a base takes its class; LB10: a mark alone is a letter.
          if offset > 0 && last != .space {
            offset += length
            continue
          }
          next = .alphabetic
        }
        if next == .numeric && last == .infixSeparator && isLooseSeparator {
          added.append(offset)
        }
        isLooseSeparator =
          next == .infixSeparator && !inNumber && !Self.startsNumber(after: last)
        switch next {
        case .numeric: inNumber = true
        case .symbol, .infixSeparator: break
        default: inNumber = false
        }
        last = next
        offset += length
      }
    }
    guard !added.isEmpty else { return breaks }
    var merged: [LineBreakOpportunity] = []
    merged.reserveCapacity(breaks.count + added.count)
    var index = 0
    for offset in added {
      while index < breaks.count && breaks[index].offset < offset {
        merged.append(breaks[index])
        index += 1
      }
      if index < breaks.count && breaks[index].offset == offset { continue }
      merged.append(LineBreakOpportunity(offset: offset, isMandatory: false))
    }
    merged += breaks[index...]
    return merged
  }

  /// Whether text may hold an infix separator with a digit after it, up to `limit`: an ASCII
  /// `,` `.` `:` `;` before an ASCII digit or a non-ASCII character, or a lead byte of one of
  /// the other separators (U+037E, U+0589, U+060C, U+060D, U+07F8, U+2044, U+FE10, U+FE13,
  /// U+FE14). A
  /// `false` is exact and costs a byte comparison or two a byte, which keeps the iterator's
  /// text without such a pair from paying for the decoding pass.
  static func mayHoldSeparatorBeforeDigit(
    _ bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int
  ) -> Bool {
    let end = min(limit, bytes.count - 1)
    var offset = 0
    while offset < end {
      switch bytes[offset] {
      case 0x2C, 0x2E, 0x3A, 0x3B:
        let next = bytes[offset + 1]
        if next >= 0x80 || (0x30...0x39).contains(next) { return true }
      case 0xCD, 0xD6, 0xD8, 0xDF, 0xE2, 0xEF:
        if isOtherSeparator(bytes, at: offset) { return true }
      default:
        break
      }
      offset += 1
    }
    return false
  }

  /// Whether the bytes at `offset` encode an infix separator outside ASCII.
  @inline(never)
  static func isOtherSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    func byte(_ index: Int) -> UInt8 { offset + index < bytes.count ? bytes[offset + index] : 0 }
    switch (bytes[offset], byte(1)) {
    case (0xCD, 0xBE), (0xD6, 0x89), (0xD8, 0x8C), (0xD8, 0x8D), (0xDF, 0xB8): return true
    case (0xE2, 0x81): return byte(2) == 0x84  // U+2044
    case (0xEF, 0xB8): return [0x90, 0x93, 0x94].contains(byte(2))  // U+FE10, U+FE13, U+FE14
    default: return false
    }
  }
}
