/// Decodes single Unicode scalars from valid UTF-8 in place, forward or backward.
///
/// The shaper's hot path looks at the scalars next to a piece before every cache lookup; a
/// `Substring`'s scalar view would count references and check indices on each step.
enum UTF8Scalars {
  /// The scalar that starts at `offset`, and its length in bytes.
  ///
  /// - Precondition: `bytes` is valid UTF-8 (as a Swift string's is) and `offset` starts a
  ///   scalar.
  static func scalar(
    at offset: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (scalar: Unicode.Scalar, length: Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    var value = lead & (0x7F >> UInt32(length))
    for index in 1..<length {
      value = value << 6 | UInt32(bytes[offset + index] & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// The scalar that ends at `offset`, and the offset where it starts.
  ///
  /// - Precondition: `bytes` is valid UTF-8 and `offset` (above 0) ends a scalar.
  static func scalar(
    endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (scalar: Unicode.Scalar, start: Int) {
    var start = offset - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return (scalar(at: start, in: bytes).scalar, start)
  }
}
