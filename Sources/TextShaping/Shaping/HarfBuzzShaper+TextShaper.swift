import TextLayout

extension HarfBuzzShaper: TextShaper {
  /// The unhinted metrics of the primary face a style resolves to, at the style's size.
  ///
  /// - Parameter style: The style whose font is measured.
  /// - Returns: The face's ascent, descent and line gap in points.
  public func metrics(for style: TextStyle) -> FontMetrics {
    primaryFont(for: FontRequest(style)).font.metrics(size: style.size)
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
    let key = ShapeKey(
      text: String(text), family: style.fontFamily, size: style.size,
      weight: style.weight.value, isItalic: style.isItalic, isRightToLeft: isRightToLeft)
    if let cached = state.withLock({ $0.shapes[key] }) {
      return cached
    }
    let shaped = shapeUncached(text, style: style, isRightToLeft: isRightToLeft)
    state.withLock { state in
      if state.shapes.count >= Self.shapeCacheLimit {
        state.shapes.removeAll(keepingCapacity: true)
      }
      state.shapes[key] = shaped
    }
    return shaped
  }

  private func shapeUncached(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedText {
    let primary = primaryFont(for: FontRequest(style))
    let itemization = TextItemizer.itemize(text) { font(for: $0, primary: primary) }
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
