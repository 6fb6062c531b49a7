import CHarfBuzz
@_spi(Backend) import TextLayout

@_spi(Backend) extension HarfBuzzShaper: TextShaper, BatchMeasuringShaper {
  /// The unhinted metrics of the primary face a style resolves to, at the style's size; for a
  /// style in a CJK language, at least those of the language's CJK face (``strut(for:size:)``).
  ///
  /// - Parameter style: The style whose font is measured.
  /// - Returns: The ascent, descent and line gap in points.
  @_spi(Backend) public func metrics(for style: TextStyle) -> FontMetrics {
    let primary = primaryFont(for: style)
    return primary.font.metrics(size: style.size).union(strut(for: primary, size: style.size))
  }

  /// The metrics every line of text in a CJK language takes at least: those of the face its
  /// fallback gives a character of the language (see ``FallbackLanguage/strutSample(for:)``).
  func strut(for primary: PrimaryFont, size: Double) -> FontMetrics? {
    guard let language = primary.fallbackPattern.language,
      let sample = FallbackLanguage.strutSample(for: language)
    else { return nil }
    let face = font(for: sample, primary: primary)
    return face === primary.font ? nil : face.metrics(size: size)
  }

  /// A piece shaper for the style's size, strut and language.
  func pieceShaper(
    _ bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, primary: PrimaryFont,
    isRightToLeft: Bool, characterStarts: [Int]
  ) -> PieceShaper {
    PieceShaper(
      bytes: bytes, size: style.size, isRightToLeft: isRightToLeft,
      characterStarts: characterStarts, buffers: buffers,
      strut: strut(for: primary, size: style.size),
      language: style.namesLanguage
        ? style.language.map { hb_language_from_string($0.identifier, -1) } : nil,
      directPlans: directPlans)
  }

  /// Shapes a piece of text with one style and one direction, using fallback faces where needed.
  ///
  /// - Parameters:
  ///   - text: The text, never containing a paragraph separator.
  ///   - style: The style of the whole piece.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  /// - Returns: Glyph runs in visual order (one per face and script) and the clusters in logical
  ///   order, with UTF-8 offsets relative to `text.utf8`.
  /// - Complexity: A dictionary lookup when the piece was shaped before with the same style
  ///   attributes; otherwise linear in the length of the piece.
  @_spi(Backend) public func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool)
    -> ShapedText
  {
    cached(text, style: style, isRightToLeft: isRightToLeft) { cache, bytes, key, hash in
      cache.value(for: bytes, key: key, hash: hash)
    } derive: { shaped, _ in
      shaped
    }
  }

  /// Measures a piece of text with one style and one direction: the widths and metrics of
  /// ``shape(_:style:isRightToLeft:)``'s result, from the same cache, without its glyphs.
  ///
  /// - Parameters:
  ///   - text: The text, never containing a paragraph separator.
  ///   - style: The style of the whole piece.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  /// - Returns: The measure of the shaped piece.
  /// - Complexity: A hash of the piece's bytes when it was shaped before with the same style
  ///   attributes; otherwise linear in the length of the piece.
  @_spi(Backend) public func measure(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure {
    cached(text, style: style, isRightToLeft: isRightToLeft) { cache, bytes, key, hash in
      cache.measure(for: bytes, key: key, hash: hash)
    } derive: { _, measure in
      measure
    }
  }

  /// Measures pieces of one string that share a style and a direction: the style is resolved
  /// once, every piece's key is made from the string's UTF-8 in place, and the cache is probed
  /// for all of them under one lock; the pieces it lacks are shaped and cached after.
  ///
  /// - Parameters:
  ///   - pieces: UTF-8 ranges of `string`, none containing a paragraph separator.
  ///   - string: The text the pieces come from; the characters around a piece are its context.
  ///   - style: The style of every piece.
  ///   - isRightToLeft: Whether the pieces are shaped right to left.
  ///   - measures: Where the pieces' measures are appended, in order.
  package func measure(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into measures: inout [ShapedMeasure]
  ) {
    guard !pieces.isEmpty else { return }
    let primary = primaryFont(for: style)
    let first = measures.count
    var contiguous = string
    contiguous.withUTF8 { text in
      withUnsafeTemporaryAllocation(of: (ShapeCache.Key, UInt64).self, capacity: pieces.count) {
        keys in
        for (index, piece) in pieces.enumerated() {
          let (before, after) = neighbors(of: piece, in: text, primary: primary)
          let key = ShapeCache.Key(
            primary: primary, size: style.size, isRightToLeft: isRightToLeft, before: before,
            after: after)
          let hash = ShapeCache.hash(UnsafeBufferPointer(rebasing: text[piece]), key: key)
          keys.initializeElement(at: index, to: (key, hash))
        }
        defer { keys.deinitialize() }
        // Misses are marked with a NaN advance, which no shaped piece has.
        let missing = ShapedMeasure(
          advance: .nan, hangingAdvance: 0, ascent: 0, descent: 0, lineGap: 0)
        var misses = 0
        state.withLock { state in
          for (index, piece) in pieces.enumerated() {
            let bytes = UnsafeBufferPointer(rebasing: text[piece])
            if let found = state.shapes.measure(
              for: bytes, key: keys[index].0, hash: keys[index].1)
            {
              measures.append(found)
            } else {
              measures.append(missing)
              misses += 1
            }
          }
        }
        guard misses > 0 else { return }
        let utf8 = string.utf8
        for (index, piece) in pieces.enumerated() where measures[first + index].advance.isNaN {
          let start = utf8.index(utf8.startIndex, offsetBy: piece.lowerBound)
          let substring = string[start..<utf8.index(start, offsetBy: piece.count)]
          measures[first + index] = measureAndCache(
            substring, bytes: UnsafeBufferPointer(rebasing: text[piece]), key: keys[index].0,
            hash: keys[index].1, style: style, primary: primary)
        }
      }
    }
  }

  /// Looks a piece up in the shaping cache, shaping and caching it on a miss.
  ///
  /// The hit path allocates nothing and walks no `Substring`: it works on the UTF-8 of the
  /// piece's base string (its paragraph's text, which holds the neighbours), hashes the bytes
  /// and key once, and compares the cached text with the piece's bytes in place.
  private func cached<Result: Sendable>(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool,
    lookup: (borrowing ShapeCache, UnsafeBufferPointer<UInt8>, ShapeCache.Key, UInt64) -> Result?,
    derive: (ShapedText, ShapedMeasure) -> Result
  ) -> Result {
    let primary = primaryFont(for: style)
    var base = text.base
    // Constant time: Swift strings are UTF-8, and their indices hold UTF-8 offsets.
    let start = base.utf8.distance(from: base.startIndex, to: text.startIndex)
    let end = start + text.utf8.count
    return base.withUTF8 { paragraph in
      let utf8 = UnsafeBufferPointer(rebasing: paragraph[start..<end])
      let (before, after) = neighbors(of: start..<end, in: paragraph, primary: primary)
      let key = ShapeCache.Key(
        primary: primary, size: style.size, isRightToLeft: isRightToLeft, before: before,
        after: after)
      let hash = ShapeCache.hash(utf8, key: key)
      if let found = state.withLock({ lookup($0.shapes, utf8, key, hash) }) {
        return found
      }
      let (shaped, measure) = shapeAndCache(
        text, bytes: utf8, key: key, hash: hash, style: style, primary: primary)
      return derive(shaped, measure)
    }
  }

  /// Measures a piece the cache lacks, and caches its measure: without making glyph runs when
  /// it is in one face and script (the glyphs are made when a layout first asks for them),
  /// otherwise with them.
  ///
  /// - Parameters: As ``shapeAndCache(_:bytes:key:hash:style:primary:)``.
  private func measureAndCache(
    _ text: Substring, bytes: UnsafeBufferPointer<UInt8>, key: ShapeCache.Key, hash: UInt64,
    style: TextStyle, primary: PrimaryFont
  ) -> ShapedMeasure {
    // Most misses are a word in one face and script: its item is found in one pass, and it
    // is measured without making glyphs.
    let itemization = itemize(text, bytes: bytes, key: key, primary: primary)
    if itemization.items.count == 1,
      let measure = pieceShaper(
        bytes, style: style, primary: primary, isRightToLeft: key.isRightToLeft,
        characterStarts: itemization.characterStarts
      ).measure(itemization.items[0], hangingStart: ShapedMeasure.hangingStart(inUTF8: bytes))
    {
      state.withLock {
        $0.shapes.insert(nil, measure: measure, for: bytes, key: key, hash: hash)
      }
      return measure
    }
    return shapeAndCache(
      text, bytes: bytes, key: key, hash: hash, style: style, primary: primary,
      itemization: itemization
    ).measure
  }

  /// Shapes a piece the cache lacks, and caches the result and its measure.
  ///
  /// - Parameters:
  ///   - text: The piece, in its paragraph.
  ///   - bytes: The piece's UTF-8.
  ///   - key: The piece's key, made from `primary`, the style, the direction and the
  ///     neighbours.
  ///   - hash: The hash of `bytes` and `key`.
  ///   - itemization: The piece's items, when the caller has them already.
  private func shapeAndCache(
    _ text: Substring, bytes: UnsafeBufferPointer<UInt8>, key: ShapeCache.Key, hash: UInt64,
    style: TextStyle, primary: PrimaryFont, itemization: TextItemizer.Itemization? = nil
  ) -> (shaped: ShapedText, measure: ShapedMeasure) {
    let shaped = shapeUncached(
      text, style: style, isRightToLeft: key.isRightToLeft, primary: primary,
      itemization: itemization ?? itemize(text, bytes: bytes, key: key, primary: primary))
    let measure = ShapedMeasure(shaped, text: text)
    state.withLock { $0.shapes.insert(shaped, measure: measure, for: bytes, key: key, hash: hash) }
    return (shaped, measure)
  }

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

  /// The faces of the neighbours a key names: the key holds identifiers, and a miss, which is
  /// rare, takes the faces themselves.
  private func neighborFaces(
    of key: ShapeCache.Key
  ) -> (before: TextItemizer.Neighbor?, after: TextItemizer.Neighbor?) {
    let neighbors = key.neighbors
    return state.withLock { state in
      (
        neighbors.before.map {
          TextItemizer.Neighbor(font: state.fonts[$0.font.rawValue], script: $0.script)
        },
        neighbors.after.map {
          TextItemizer.Neighbor(font: state.fonts[$0.font.rawValue], script: $0.script)
        }
      )
    }
  }

  /// The items of a piece, with this shaper's faces and the neighbours its key names: for a
  /// piece in one face and script (most are), its one item found in one pass
  /// (``TextItemizer/singleItem(of:before:after:primary:scalarFont:)``).
  private func itemize(
    _ text: Substring, bytes: UnsafeBufferPointer<UInt8>, key: ShapeCache.Key,
    primary: PrimaryFont
  ) -> TextItemizer.Itemization {
    let (before, after) = neighborFaces(of: key)
    if let single = TextItemizer.singleItem(
      of: bytes, before: before, after: after, primary: primary.font,
      scalarFont: { self.font(for: $0, primary: primary) })
    {
      return TextItemizer.Itemization(items: [single.item], characterStarts: single.characterStarts)
    }
    return itemize(text, before: before, after: after, primary: primary)
  }

  /// The items of a piece, with this shaper's faces and these neighbours.
  private func itemize(
    _ text: Substring, before: TextItemizer.Neighbor?, after: TextItemizer.Neighbor?,
    primary: PrimaryFont
  ) -> TextItemizer.Itemization {
    TextItemizer.itemize(
      text, before: before, after: after, primary: primary.font,
      font: { self.font(for: $0, primary: primary) },
      scalarFont: { self.font(for: $0, primary: primary) })
  }

  private func shapeUncached(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool, primary: PrimaryFont,
    itemization: TextItemizer.Itemization
  ) -> ShapedText {
    guard !itemization.items.isEmpty else {
      let metrics = self.metrics(for: style)
      return ShapedText(
        runs: [], clusters: [], ascent: metrics.ascent, descent: metrics.descent,
        lineGap: metrics.lineGap)
    }
    var utf8 = text
    return utf8.withUTF8 { bytes in
      pieceShaper(
        bytes, style: style, primary: primary, isRightToLeft: isRightToLeft,
        characterStarts: itemization.characterStarts
      ).shape(itemization.items)
    }
  }
}
