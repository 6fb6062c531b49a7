/// Decodes Unicode scalars from valid UTF-8 in place, forward or backward: the one UTF-8
/// decoder of the package's hot paths (line breaking, bidi, itemizing, the shaper's cache keys,
/// the layout's scans).
///
/// A `Substring`'s scalar view would count references and check indices on each step. These
/// functions read bytes only: they expect valid UTF-8, as a Swift string's is, and they are
/// inlinable so that a caller's loop keeps its registers.
///
/// Three loops decode inline on purpose, because routing them through these functions cost
/// 2.7% more instructions on the list benchmark: `LineBreakRules.lineBreaks` (which only
/// decodes the Basic Multilingual Plane), `BidiRules`' class scan (which reads most characters
/// from a table of byte pairs) and `ICUAnalyzer.mayBeRightToLeft` (which only needs lengths).
/// Their results are held to ICU's by their own tests (docs/FastPaths.md).
package enum UTF8Decoding {
  /// The length in bytes of the scalar a lead byte starts: 1 to 4.
  ///
  /// - Precondition: `lead` is not a continuation byte (`0x80...0xBF`).
  @inlinable @inline(__always)
  package static func length(ofLead lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  /// The value of the scalar of `length` bytes at `offset`.
  ///
  /// - Precondition: `bytes` holds a scalar of that length at `offset`.
  @inlinable @inline(__always)
  package static func value(
    at offset: Int, length: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> UInt32 {
    let lead = UInt32(bytes[offset])
    switch length {
    case 1:
      return lead
    case 2:
      return (lead & 0x1F) << 6 | UInt32(bytes[offset &+ 1] & 0x3F)
    case 3:
      return (lead & 0x0F) << 12 | UInt32(bytes[offset &+ 1] & 0x3F) << 6
        | UInt32(bytes[offset &+ 2] & 0x3F)
    default:
      return (lead & 0x07) << 18 | UInt32(bytes[offset &+ 1] & 0x3F) << 12
        | UInt32(bytes[offset &+ 2] & 0x3F) << 6 | UInt32(bytes[offset &+ 3] & 0x3F)
    }
  }

  /// The scalar that starts at `offset`, and its length in bytes.
  ///
  /// - Precondition: `bytes` is valid UTF-8 and `offset` starts a scalar.
  @inlinable @inline(__always)
  package static func scalar(
    at offset: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (scalar: Unicode.Scalar, length: Int) {
    let length = length(ofLead: bytes[offset])
    return (Unicode.Scalar(value(at: offset, length: length, in: bytes)) ?? "\u{FFFD}", length)
  }

  /// The scalar that ends at `offset`, and the offset where it starts.
  ///
  /// - Precondition: `bytes` is valid UTF-8 and `offset` (above 0) ends a scalar.
  @inlinable @inline(__always)
  package static func scalar(
    endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (scalar: Unicode.Scalar, start: Int) {
    var start = offset - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return (scalar(at: start, in: bytes).scalar, start)
  }
}
