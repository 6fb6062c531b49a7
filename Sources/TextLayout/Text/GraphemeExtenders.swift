/// The characters that extend the grapheme before them (UAX #29's Extend, SpacingMark and
/// ZWJ), as a bitmap of the Basic Multilingual Plane made from the stdlib's Unicode properties
/// the first time it is needed: asking the properties for every break opportunity of
/// non-Latin text cost a fifth of a list's first layout.
enum GraphemeExtenders {
  /// One bit per BMP scalar.
  static let basicPlane: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
    // CJK ideographs, Yi, Hangul syllables and the surrogates hold none: skipping them
    // saves most of the lookups (a test compares every BMP scalar with the definition).
    for value in 0x300..<0x10000
    where !(0x3400..<0xA000).contains(value) && !(0xAC00..<0xE000).contains(value) {
      guard let scalar = Unicode.Scalar(UInt32(value)), extends(scalar) else { continue }
      bits[value >> 6] |= 1 << UInt64(value & 63)
    }
    return bits
  }()

  /// Whether a scalar extends the grapheme before it.
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = Int(scalar.value)
    guard value < 0x10000 else { return extends(scalar) }
    return basicPlane[value >> 6] & (1 << UInt64(value & 63)) != 0
  }

  /// The definition, from the Unicode properties: Grapheme_Extend, spacing marks, ZWJ and the
  /// emoji modifiers.
  static func extends(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.isGraphemeExtend || properties.generalCategory == .spacingMark
      || scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}
