import CHarfBuzz
@_spi(Backend) import TextLayout

extension HarfBuzzShaper {
  /// Measures a piece of a truncation token: a whole leader or label is measured once for
  /// the process (``TokenMeasures``), by its primary face's file, instead of once by each
  /// new shaper; a piece of one is measured as any other, since its neighbours count.
  package func measureToken(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure {
    let key = tokenKey(piece, in: string, style: style, isRightToLeft: isRightToLeft)
    if let key, let found = TokenMeasures.measure(for: key) { return found }
    var measures: [ShapedMeasure] = []
    measure([piece], in: string, style: style, isRightToLeft: isRightToLeft, into: &measures)
    guard let key else { return measures[0] }
    return TokenMeasures.keep(measures[0], for: key)
  }

  /// Stores the glyphs of a piece of a truncation token: a whole leader or label from the
  /// glyphs kept for the process (``TokenGlyphs``), which the first shaper to place it keeps;
  /// a part of one as any other piece.
  package func storeToken(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage
  ) -> StoredPiece {
    let key = tokenKey(piece, in: string, style: style, isRightToLeft: isRightToLeft)
    if let key, let kept = TokenGlyphs.glyphs(for: key) {
      let fonts = state.withLock { state in kept.files.compactMap { state.fontIDsByFile[$0] } }
      if fonts.count == kept.files.count {
        return storage.append(kept.piece, of: kept.storage, fonts: fonts)
      }
    }
    var own = GlyphStorage()
    var stored: [StoredPiece] = []
    store(
      [piece], in: string, style: style, isRightToLeft: isRightToLeft, into: &own, stored: &stored)
    if let key {
      let files = state.withLock { state in own.runs.map { state.fonts[$0.font.rawValue].file } }
      TokenGlyphs.keep(TokenGlyphs.Kept(storage: own, piece: stored[0], files: files), for: key)
    }
    return storage.append(stored[0], of: own, fonts: nil)
  }

  /// What a whole leader or label is kept for the process by; `nil` for a part of one, whose
  /// neighbours count.
  private func tokenKey(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> TokenMeasures.Key? {
    guard piece.lowerBound == 0, piece.upperBound == string.utf8.count else { return nil }
    let primary = primaryFont(for: style)
    return TokenMeasures.Key(
      file: primary.font.key, fallbackPattern: primary.fallbackPattern,
      language: style.namesLanguage ? style.language?.identifier : nil, size: style.size,
      isRightToLeft: isRightToLeft, shapesDirectly: directPlans.isEnabled, text: string)
  }

  /// The measure of a cached piece that ends with one space, without the space: derived from
  /// the piece's cached glyphs, bit for bit what measuring the shorter piece gives, when the
  /// piece was shaped directly as one left-to-right run and its last content character is a
  /// letter of a script of its own (so its face and script do not depend on the space) that
  /// starts no kerning pair and no ligature with the space; `nil` otherwise.
  ///
  /// Such a run has a glyph for each character, in order; the shorter piece shapes to the
  /// same glyphs but the space's, with the same advances, since only a pair with the space
  /// could have moved the letter before it. Its advance is their sum, taken as
  /// `GlyphArena.sums(of:hangingStart:)` takes it; nothing of it hangs; its face, and so its
  /// metrics, are the piece's. `TrimmedMeasureTests` hold it to measuring.
  package func measureWithoutTrailingSpace(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure? {
    guard !isRightToLeft, piece.count >= 2 else { return nil }
    let found = withKeys(of: [piece], in: string, style: style, isRightToLeft: false) {
      text, keys, _ -> (ShapedMeasure, Double, UInt32)? in
      let bytes = UnsafeBufferPointer(rebasing: text[piece])
      guard bytes[bytes.count - 1] == 0x20,
        Self.isLetterOfOwnScript(endingAt: bytes.count - 1, in: bytes)
      else { return nil }
      return state.withLock { state in
        state.shapes.withDirectRun(for: bytes, key: keys[0].key, hash: keys[0].hash) {
          measure, glyphs -> (ShapedMeasure, Double, UInt32)? in
          guard let edges = measure.directEdges, measure.uncoveredCharacterCount == 0,
            glyphs.count >= 2, UInt32(glyphs[glyphs.count - 1].id) == edges.lastGlyph
          else { return nil }
          var run = 0.0
          for glyph in glyphs.dropLast() {
            run += GlyphArena.advance(Int32(glyph.advance), scale: edges.scale)
          }
          var advance = 0.0
          advance += run
          return (measure, advance, UInt32(glyphs[glyphs.count - 2].id))
        }
      }
    }
    guard let (measure, advance, letter) = found, let edges = measure.directEdges,
      let pair = directPlans.pairAdvances(
        plan: Int(edges.plan), letter, 0, edges.lastGlyph, edges.lastUnits),
      pair == (0, edges.lastUnits)
    else { return nil }
    return ShapedMeasure(
      advance: advance, hangingAdvance: 0, ascent: measure.ascent, descent: measure.descent,
      lineGap: measure.lineGap)
  }

  /// Stores the glyphs of a piece that a space follows in `string`, told from the cached
  /// piece with the space as ``measureWithoutTrailingSpace(_:in:style:isRightToLeft:)`` tells
  /// its measure: the same glyphs but the space's, with the same advances and clusters, bit
  /// for bit what storing the piece gives; `nil`, with nothing stored, otherwise. The last
  /// word of a line the token cuts was measured so, and placing it would shape it again.
  func storeWithoutTrailingSpace(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage
  ) -> StoredPiece? {
    let withSpace = piece.lowerBound..<piece.upperBound + 1
    guard
      let measure = measureWithoutTrailingSpace(
        withSpace, in: string, style: style, isRightToLeft: isRightToLeft)
    else { return nil }
    return withKeys(of: [withSpace], in: string, style: style, isRightToLeft: false) {
      text, keys, _ in
      state.withLock { state in
        state.shapes.storeWithoutLastGlyph(
          for: UnsafeBufferPointer(rebasing: text[withSpace]), key: keys[0].key,
          hash: keys[0].hash, measure: measure, into: &storage)
      }
    }
  }

  /// Whether the character that ends at `end` in `bytes` is an ASCII letter or one of
  /// ``DirectShapingPlan/isCommonLetter(_:)``: a letter of a script of its own.
  static func isLetterOfOwnScript(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let value = UTF8Decoding.scalar(endingAt: end, in: bytes).scalar.value
    return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
      || DirectShapingPlan.isCommonLetter(value)
  }
}
