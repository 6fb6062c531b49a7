import CHarfBuzz
import TextLayout

extension HarfBuzzShaper: TextShaper {
  /// The unhinted metrics of the primary face a style resolves to, at the style's size.
  ///
  /// - Parameter style: The style whose font is measured.
  /// - Returns: The face's ascent, descent and line gap in points.
  public func metrics(for style: TextStyle) -> FontMetrics {
    primaryFont(for: style).font.metrics(size: style.size)
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
  public func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText {
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
  public func measure(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure {
    cached(text, style: style, isRightToLeft: isRightToLeft) { cache, bytes, key, hash in
      cache.measure(for: bytes, key: key, hash: hash)
    } derive: { _, measure in
      measure
    }
  }

  /// Looks a piece up in the shaping cache, shaping and caching it on a miss.
  ///
  /// The hit path allocates nothing: one hash of the bytes and key, then the cached text is
  /// compared with the piece's bytes in place.
  private func cached<Result: Sendable>(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool,
    lookup: (borrowing ShapeCache, UnsafeBufferPointer<UInt8>, ShapeCache.Key, UInt64) -> Result?,
    derive: (ShapedText, ShapedMeasure) -> Result
  ) -> Result {
    let primary = primaryFont(for: style)
    let (before, after) = neighbors(of: text, primary: primary)
    var bytes = text
    return bytes.withUTF8 { utf8 in
      let key = ShapeCache.Key(
        primary: primary.font.id.rawValue, size: style.size, isRightToLeft: isRightToLeft,
        before: before?.font.id.rawValue ?? -1, beforeScript: before?.script.rawValue ?? 0,
        after: after?.font.id.rawValue ?? -1, afterScript: after?.script.rawValue ?? 0)
      let hash = ShapeCache.hash(utf8, key: key)
      if let found = state.withLock({ lookup($0.shapes, utf8, key, hash) }) {
        return found
      }
      let shaped = shapeUncached(
        text, style: style, isRightToLeft: isRightToLeft, primary: primary, before: before,
        after: after)
      let measure = ShapedMeasure(shaped, text: text)
      state.withLock { $0.shapes.insert(shaped, measure: measure, for: utf8, key: key, hash: hash) }
      return derive(shaped, measure)
    }
  }

  /// The characters around a piece in its paragraph that decide the face of spaces at its
  /// edges: the one before when the piece starts with a neutral character, the one after when
  /// it ends with one. The base string of the substring is the paragraph's text.
  ///
  /// This runs before every cache lookup, so it walks Unicode scalars rather than grapheme
  /// clusters and stops at the first scalar that decides.
  func neighbors(
    of text: Substring, primary: PrimaryFont
  ) -> (before: TextItemizer.Neighbor?, after: TextItemizer.Neighbor?) {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return (nil, nil) }
    var before: TextItemizer.Neighbor?
    if TextItemizer.isFontNeutral(first) {
      var font: LoadedFont?
      var examined = 0
      for scalar in text.base.unicodeScalars[..<text.startIndex].reversed() {
        if Self.isParagraphSeparator(scalar) || examined == 64 { break }
        examined += 1
        if font == nil && !TextItemizer.isFontNeutral(scalar) && !Self.isMark(scalar) {
          font = self.font(for: scalar, primary: primary)
        }
        let script = TextItemizer.script(of: scalar)
        if let font, !TextItemizer.isNeutral(script) {
          before = TextItemizer.Neighbor(font: font, script: script)
          break
        }
      }
      if before == nil, let font {
        before = TextItemizer.Neighbor(font: font, script: HB_SCRIPT_COMMON)
      }
    }
    var after: TextItemizer.Neighbor?
    if TextItemizer.isFontNeutral(last) {
      var examined = 0
      for scalar in text.base.unicodeScalars[text.endIndex...] {
        if Self.isParagraphSeparator(scalar) || examined == 64 { break }
        examined += 1
        if !TextItemizer.isFontNeutral(scalar) {
          after = TextItemizer.Neighbor(
            font: font(for: scalar, primary: primary), script: TextItemizer.script(of: scalar))
          break
        }
      }
    }
    return (before, after)
  }

  /// The face of one scalar next to a piece; printable ASCII in a face that has it all needs
  /// no lookup.
  func font(for scalar: Unicode.Scalar, primary: PrimaryFont) -> LoadedFont {
    if (0x21...0x7E).contains(scalar.value) && primary.font.coversPrintableASCII {
      return primary.font
    }
    // The primary face's own glyph, without making a Character or taking a lock.
    if primary.font.harfBuzz.hasGlyph(for: scalar) { return primary.font }
    return font(for: Character(scalar), primary: primary)
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

  private func shapeUncached(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool, primary: PrimaryFont,
    before: TextItemizer.Neighbor?, after: TextItemizer.Neighbor?
  ) -> ShapedText {
    let itemization = TextItemizer.itemize(
      text, before: before, after: after, primary: primary.font
    ) { font(for: $0, primary: primary) }
    guard !itemization.items.isEmpty else {
      let metrics = primary.font.metrics(size: style.size)
      return ShapedText(
        runs: [], clusters: [], ascent: metrics.ascent, descent: metrics.descent,
        lineGap: metrics.lineGap)
    }
    var utf8 = text
    return utf8.withUTF8 { bytes in
      PieceShaper(
        bytes: bytes, size: style.size, isRightToLeft: isRightToLeft,
        characterStarts: itemization.characterStarts
      ).shape(itemization.items)
    }
  }
}
