/// The widths and vertical metrics of a shaped piece, without its glyphs: all that filling
/// lines needs.
///
/// The layout engine measures a text (``TextLayoutEngine/measure(_:configuration:)``) from these
/// alone, so a shaper can answer from its cache without handing out glyph runs. The values are
/// those of the piece's ``ShapedText``, bit for bit; ``init(_:text:)`` derives them from one.
@_spi(Backend) public struct ShapedMeasure: Sendable, Hashable {
  /// The total advance of the piece, in points: its ``ShapedText/advance``.
  public var advance: Double
  /// The advance of the white space that ends the piece and hangs at a line end: the sum of
  /// the advances of the clusters that start at or after ``hangingStart(inUTF8:)``.
  public var hangingAdvance: Double
  /// The largest ascent of the fonts used, in points.
  public var ascent: Double
  /// The largest descent of the fonts used, in points.
  public var descent: Double
  /// The largest line gap of the fonts used, in points.
  public var lineGap: Double
  /// The number of clusters drawn with a missing glyph: its
  /// ``ShapedText/uncoveredCharacterCount``.
  public var uncoveredCharacterCount: Int
  /// Whether the piece's last glyph may be kerned with a glyph after it: `false` only when
  /// the shaper knows that its face starts no pair at it, so that the layout need not measure
  /// the pair it makes with the next segment (``Segment/pairAdjustment``). Not part of the
  /// measure's value: two measures of one piece are equal whatever a shaper knew.
  package var mayKernWithNext = true
  /// The piece's first and last glyphs, when the shaper can kern them with a neighbour from them
  /// (``DirectEdges``); not part of the measure's value either.
  package var directEdges: DirectEdges?

  /// Creates a measure.
  public init(
    advance: Double, hangingAdvance: Double, ascent: Double, descent: Double, lineGap: Double,
    uncoveredCharacterCount: Int = 0
  ) {
    self.advance = advance
    self.hangingAdvance = hangingAdvance
    self.ascent = ascent
    self.descent = descent
    self.lineGap = lineGap
    self.uncoveredCharacterCount = uncoveredCharacterCount
  }

  public static func == (left: ShapedMeasure, right: ShapedMeasure) -> Bool {
    left.advance == right.advance && left.hangingAdvance == right.hangingAdvance
      && left.ascent == right.ascent && left.descent == right.descent
      && left.lineGap == right.lineGap
      && left.uncoveredCharacterCount == right.uncoveredCharacterCount
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(advance)
    hasher.combine(hangingAdvance)
    hasher.combine(ascent)
    hasher.combine(descent)
    hasher.combine(lineGap)
    hasher.combine(uncoveredCharacterCount)
  }

  /// The measure of a piece of text shaped as `shaped`.
  ///
  /// - Parameters:
  ///   - shaped: The shaped piece.
  ///   - text: The piece's text, whose trailing white space hangs.
  public init(_ shaped: ShapedText, text: Substring) {
    var text = text
    let start = text.withUTF8 { Self.hangingStart(inUTF8: $0) }
    self.init(
      advance: shaped.advance, hangingAdvance: shaped.advance(ofClustersFrom: start),
      ascent: shaped.ascent, descent: shaped.descent, lineGap: shaped.lineGap,
      uncoveredCharacterCount: shaped.uncoveredCharacterCount)
  }

  /// Where the white space that ends a text, and hangs at a line end, starts: the text's
  /// length when it ends with anything else.
  ///
  /// - Parameter bytes: The text's UTF-8.
  /// - Returns: A UTF-8 offset into `bytes`.
  package static func hangingStart(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var end = bytes.count
    while end > 0 {
      let byte = bytes[end - 1]
      if byte < 0x80 {
        guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return end }
        end -= 1
        continue
      }
      // Every hanging space outside ASCII ends with one of these bytes (U+0085 and U+00A0;
      // U+1680, U+2000 to U+200B, U+2028, U+2029, U+202F, U+205F and U+3000): any other last
      // byte, as ends most letters, needs no decoding.
      switch byte {
      case 0x80...0x8B, 0x9F, 0xA0, 0xA8, 0xA9, 0xAF: break
      default: return end
      }
      let length = hangingSpaceLength(endingAt: end, in: bytes)
      guard length > 0 else { return end }
      end -= length
    }
    return end
  }

  /// The UTF-8 length of the hanging space outside ASCII that ends at `end`, matched by its
  /// bytes (a UTF-8 decoder cost about 40 instructions, and CJK characters end in these last
  /// bytes often); 0 when the scalar there is no hanging space.
  ///
  /// The bytes before `end` are valid UTF-8 from a scalar boundary: 0xC2, 0xE1, 0xE2 and 0xE3
  /// only lead scalars, so the scalar is the two or three bytes they lead.
  private static func hangingSpaceLength(
    endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let last = bytes[end - 1]
    guard end >= 2 else { return 0 }
    if bytes[end - 2] == 0xC2 { return last == 0x85 || last == 0xA0 ? 2 : 0 }  // U+0085, U+00A0
    guard end >= 3 else { return 0 }
    let isSpace =
      switch (bytes[end - 3], bytes[end - 2]) {
      case (0xE1, 0x9A): last == 0x80  // U+1680
      // U+2000 to U+200B, U+2028, U+2029, U+202F
      case (0xE2, 0x80):
        (0x80...0x8B).contains(last) || last == 0xA8 || last == 0xA9 || last == 0xAF
      case (0xE2, 0x81): last == 0x9F  // U+205F
      case (0xE3, 0x80): last == 0x80  // U+3000
      default: false
      }
    return isSpace ? 3 : 0
  }

  /// Whether a scalar hangs at a line end: white space and the zero-width space.
  ///
  /// White space is Unicode's White_Space property, spelled out: it runs for the last
  /// character of every segment, and the property lookup costs more than this switch. The set
  /// has not changed since Unicode 6.3.
  public static func isHangingSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      true
    case 0x200B: true  // ZERO WIDTH SPACE: not White_Space, but it hangs like a space.
    default: false
    }
  }
}

extension ShapedText {
  /// The sum of the advances of the clusters that start at or after a UTF-8 offset, in logical
  /// order.
  ///
  /// - Parameter offset: An offset relative to the piece.
  /// - Returns: The advance in points; 0 when no cluster starts there or after.
  public func advance(ofClustersFrom offset: Int) -> Double {
    var advance = 0.0
    for cluster in clusters where cluster.range.lowerBound >= offset {
      advance += cluster.advance
    }
    return advance
  }
}
