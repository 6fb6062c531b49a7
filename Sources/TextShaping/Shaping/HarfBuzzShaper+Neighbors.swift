import CHarfBuzz
@_spi(Backend) import TextLayout

// The neighbours of a piece, which decide the face of the neutral characters at its edges and
// are part of its cache key, and the face of one scalar.
extension HarfBuzzShaper {
  /// The characters around a piece in its paragraph that decide the face of spaces at its
  /// edges: the one before when the piece starts with a neutral character, the one after when
  /// it ends with one (unless they are spaces after a character in the primary face, which keep
  /// that face whatever follows).
  ///
  /// This runs before every cache lookup, so it decodes the UTF-8 in place rather than walking
  /// grapheme clusters, and stops at the first scalar that decides.
  ///
  /// - Parameters:
  ///   - piece: The piece's UTF-8 range in `text`.
  ///   - text: The UTF-8 of the piece's paragraph (or of a text that holds it).
  ///   - primary: The face of the piece's style.
  func neighbors(
    of piece: Range<Int>, in text: UnsafeBufferPointer<UInt8>, primary: PrimaryFont
  ) -> (before: ShapeCache.Neighbor?, after: ShapeCache.Neighbor?) {
    guard !piece.isEmpty else { return (nil, nil) }
    // Most pieces start with a letter and end with one or with spaces after one: a byte or two
    // decide, and the walks through the paragraph are out of line.
    let first = text[piece.lowerBound]
    let startsNeutral =
      first < 0x80
      ? first == 0x20
      : TextItemizer.isFontNeutral(UTF8Decoding.scalar(at: piece.lowerBound, in: text).scalar)
    let before =
      startsNeutral ? neighbor(before: piece.lowerBound, in: text, primary: primary) : nil
    let last = text[piece.upperBound - 1]
    let endsNeutral =
      last < 0x80
      ? last == 0x20
      : TextItemizer.isFontNeutral(UTF8Decoding.scalar(endingAt: piece.upperBound, in: text).scalar)
    guard endsNeutral, !endsWithSpacesInPrimaryFace(piece, in: text, primary: primary) else {
      return (before, nil)
    }
    return (before, neighbor(after: piece.upperBound, in: text, primary: primary))
  }

  /// The character before a piece that starts with a neutral one: the face of the nearest
  /// character before it that chooses one, with the nearest real script.
  @inline(never)
  private func neighbor(
    before start: Int, in text: UnsafeBufferPointer<UInt8>, primary: PrimaryFont
  ) -> ShapeCache.Neighbor? {
    var font: FontID?
    var examined = 0
    var offset = start
    // After VS16 (seen first, walking back), the character is an emoji presentation sequence.
    var isEmojiSequence = false
    while offset > 0 {
      let (scalar, start) = UTF8Decoding.scalar(endingAt: offset, in: text)
      if Self.isParagraphSeparator(scalar) || examined == 64 { break }
      examined += 1
      if font == nil && scalar.value == 0xFE0F { isEmojiSequence = true }
      if font == nil && !TextItemizer.isFontNeutral(scalar) && !Self.isMark(scalar) {
        // An emoji character and VS16 are always one grapheme cluster (VS16 extends it).
        font =
          isEmojiSequence && scalar.properties.isEmoji
          ? self.font(for: Character(String(scalar) + "\u{FE0F}"), primary: primary).id
          : fontID(for: scalar, primary: primary)
      }
      let script = TextItemizer.script(of: scalar)
      if let font, !TextItemizer.isNeutral(script) {
        return ShapeCache.Neighbor(font: font, script: script)
      }
      offset = start
    }
    return font.map { ShapeCache.Neighbor(font: $0, script: HB_SCRIPT_COMMON) }
  }

  /// The first character after a piece that ends with a neutral one and chooses a face.
  @inline(never)
  private func neighbor(
    after end: Int, in text: UnsafeBufferPointer<UInt8>, primary: PrimaryFont
  ) -> ShapeCache.Neighbor? {
    var examined = 0
    var offset = end
    while offset < text.count {
      let (scalar, length) = UTF8Decoding.scalar(at: offset, in: text)
      if Self.isParagraphSeparator(scalar) || examined == 64 { break }
      examined += 1
      if !TextItemizer.isFontNeutral(scalar) {
        return ShapeCache.Neighbor(
          font: fontID(for: scalar, primary: primary), script: TextItemizer.script(of: scalar))
      }
      offset += length
    }
    return nil
  }

  /// Whether a piece ends with spaces (U+0020) after a character of its own that the primary
  /// face shapes. The spaces then take that face and its script whatever follows the piece
  /// (see ``TextItemizer/neutralFont(previous:next:primary:)``), so the character after needs
  /// no lookup, and a word keeps one cache entry whatever word comes next.
  ///
  /// The character must stand alone (``TextItemizer/standsAlone(_:)``): it is then a grapheme
  /// cluster of its own, whose face is the primary one exactly when the face has its glyph.
  func endsWithSpacesInPrimaryFace(
    _ piece: Range<Int>, in text: UnsafeBufferPointer<UInt8>, primary: PrimaryFont
  ) -> Bool {
    var end = piece.upperBound
    while end > piece.lowerBound && text[end - 1] == 0x20 { end -= 1 }
    guard end > piece.lowerBound, end < piece.upperBound else { return false }
    let byte = text[end - 1]
    if byte < 0x80 { return byte > 0x20 && byte < 0x7F && primary.font.coversPrintableASCII }
    let scalar = UTF8Decoding.scalar(endingAt: end, in: text).scalar
    return TextItemizer.standsAlone(scalar) && !TextItemizer.isFontNeutral(scalar)
      && primary.font.hasGlyph(for: scalar)
  }

  /// The face of one scalar; printable ASCII in a face that has it all needs no lookup.
  func font(for scalar: Unicode.Scalar, primary: PrimaryFont) -> LoadedFont {
    // An emoji on its own goes to the emoji face, as its character does.
    if EmojiPresentation.isDefaultEmoji(scalar) {
      return font(for: Character(scalar), primary: primary)
    }
    // The primary face's own glyph, without making a Character or taking a lock.
    if primary.covers(scalar) { return primary.font }
    // A fallback face found before for this scalar, by number, without making a Character.
    return knownFallbackFont(for: scalar, primary: primary)
      ?? font(for: Character(scalar), primary: primary)
  }

  /// The face of one scalar next to a piece, as ``font(for:primary:)-(Unicode.Scalar,_)``
  /// finds it, by identifier: a cache key needs no reference to the face.
  func fontID(for scalar: Unicode.Scalar, primary: PrimaryFont) -> FontID {
    if EmojiPresentation.isDefaultEmoji(scalar) {
      return font(for: Character(scalar), primary: primary).id
    }
    if primary.covers(scalar) { return primary.font.id }
    return knownFallback(for: scalar, primary: primary)
      ?? font(for: Character(scalar), primary: primary).id
  }

  static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}
