/// HTML character references as CommonMark reads them: `&name;` for HTML5's named references,
/// `&#digits;` and `&#xhex;` for numeric ones.
enum CharacterReferences {
  /// The named references, parsed from ``table`` on first use.
  private static let namedValues: [[UInt8]: [UInt8]] = {
    var result: [[UInt8]: [UInt8]] = [:]
    result.reserveCapacity(2_200)
    var name: [UInt8] = []
    var value: [UInt8] = []
    var scalar: UInt32 = 0
    var inValue = false
    for byte in table.utf8 {
      switch byte {
      case UInt8(ascii: ":"):
        inValue = true
        scalar = 0
      case UInt8(ascii: "+"):
        InlineCharacters.appendUTF8(scalar, to: &value)
        scalar = 0
      case UInt8(ascii: ","):
        InlineCharacters.appendUTF8(scalar, to: &value)
        result[name] = value
        name.removeAll(keepingCapacity: true)
        value = []
        inValue = false
      case 0x0A, 0x20: continue
      default:
        if inValue {
          scalar = scalar << 4 | UInt32(hexValue(byte))
        } else {
          name.append(byte)
        }
      }
    }
    return result
  }()

  /// The longest named reference, `&` and `;` included in the count of 32 that CommonMark
  /// implementations look ahead.
  private static let maximumLength = 32

  /// Decodes the reference whose text, after the `&`, starts at `index`.
  ///
  /// - Returns: The bytes after the `&` that the reference takes (its `;` included) and its
  ///   UTF-8 value, or `nil` when no reference starts there (the `&` is then literal).
  static func decode(
    at index: Int, in bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) -> Int? {
    // Fewer than three bytes hold no reference: a name has two letters and a `;` at least.
    guard bytes.count - index >= 3 else { return nil }
    if bytes[index] == UInt8(ascii: "#") { return numeric(at: index, in: bytes, into: &output) }
    return named(at: index, in: bytes, into: &output)
  }

  private static func numeric(
    at index: Int, in bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) -> Int? {
    var position = index + 1
    var codePoint: UInt32 = 0
    var digits = 0
    if position < bytes.count, InlineCharacters.isDigit(bytes[position]) {
      while position < bytes.count, InlineCharacters.isDigit(bytes[position]) {
        codePoint = min(codePoint * 10 + UInt32(bytes[position] - 0x30), 0x110000)
        position += 1
        digits += 1
      }
    } else if position < bytes.count,
      bytes[position] == UInt8(ascii: "x") || bytes[position] == UInt8(ascii: "X")
    {
      position += 1
      while position < bytes.count, InlineCharacters.isHexDigit(bytes[position]) {
        codePoint = min(codePoint * 16 + UInt32(hexValue(bytes[position])), 0x110000)
        position += 1
        digits += 1
      }
    }
    guard (1...8).contains(digits), position < bytes.count, bytes[position] == UInt8(ascii: ";")
    else { return nil }
    if codePoint == 0 || (0xD800..<0xE000).contains(codePoint) || codePoint >= 0x110000 {
      codePoint = 0xFFFD
    }
    InlineCharacters.appendUTF8(codePoint, to: &output)
    return position + 1 - index
  }

  /// A named reference: the name runs up to the first `;`, which must come within the first
  /// 32 bytes and after at least two, with no space before it.
  private static func named(
    at index: Int, in bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) -> Int? {
    let size = min(bytes.count - index, maximumLength)
    var position = 2
    while position < size {
      let byte = bytes[index + position]
      if byte == 0x20 { return nil }
      if byte == UInt8(ascii: ";") {
        guard let value = namedValues[Array(bytes[index..<(index + position)])] else { return nil }
        output += value
        return position + 1
      }
      position += 1
    }
    return nil
  }

  /// Appends `bytes` with every character reference decoded (HTML's unescaping, as a link
  /// destination or an autolink is read).
  static func appendDecoding(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var index = 0
    while index < bytes.count {
      let ampersand =
        bytes.firstIndex(of: UInt8(ascii: "&"), in: index..<bytes.count) ?? bytes.count
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<ampersand]))
      guard ampersand < bytes.count else { return }
      index = ampersand + 1
      if let taken = decode(at: index, in: bytes, into: &output) {
        index += taken
      } else {
        output.append(UInt8(ascii: "&"))
      }
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    default: return byte - 0x61 + 10
    }
  }
}
