/// The character classes CommonMark's inline rules are written in.
///
/// ASCII classes follow CommonMark: white space is space, tab, line feed and carriage return;
/// punctuation is every printable ASCII character that is neither a letter nor a digit. For
/// emphasis, a Unicode white space is one of Zs or tab, line feed, form feed, carriage return,
/// and Unicode punctuation is ASCII punctuation or any of the P categories.
enum InlineCharacters {
  /// CommonMark's ASCII white space: space, tab, line feed, carriage return.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// ASCII punctuation: `!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~`.
  static func isPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
      || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

  /// The white space of the flanking rules: tab, line feed, form feed, carriage return and the
  /// Zs spaces.
  static func isUnicodeSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
      return true
    default: return false
    }
  }

  /// The punctuation of the flanking rules: ASCII punctuation, or a scalar of a P category.
  static func isUnicodePunctuation(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return isPunctuation(UInt8(scalar)) }
    switch scalar {
    // The letters of Greek, Cyrillic, Hebrew, Arabic, kana, CJK and Hangul, which hold no
    // punctuation, are answered without the general category (some 160 instructions; a
    // marked word in those scripts asks about its first and last letter).
    case 0x0388...0x03FF, 0x0400...0x052F, 0x05D0...0x05EA, 0x0620...0x064A, 0x3041...0x3096,
      0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
      return false
    default: break
    }
    guard let value = Unicode.Scalar(scalar) else { return false }
    switch value.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default: return false
    }
  }

  /// Decodes the scalar that starts at `index`, or `nil` at the end of the bytes or where they
  /// do not start valid UTF-8.
  static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard index < bytes.count else { return nil }
    let lead = bytes[index]
    if lead < 0x80 { return UInt32(lead) }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, value < 0x110000, !(0xD800..<0xE000).contains(value) else {
      return nil
    }
    return value
  }

  /// Appends a scalar as UTF-8.
  static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80: bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
