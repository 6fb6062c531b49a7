import CFreeType

/// The bitmap size a colour bitmap face (CBDT or sbix, such as Noto Color Emoji) draws its
/// glyphs at, which renderers scale to the text size, and the box those bitmaps fill.
///
/// Such a face has no outlines: FreeType loads its glyphs with `FT_LOAD_COLOR` from a fixed
/// strike, selected with `FT_Select_Size`. Noto Color Emoji has one, of 109 pixels per em.
package struct BitmapStrike: Sendable, Hashable {
  /// The strike's index for `FT_Select_Size`.
  package var index: Int
  /// The strike's pixels per em: a glyph drawn at size `s` is its bitmap scaled by `s / ppem`.
  package var pixelsPerEm: Int
  /// The strike's ascender, in its pixels, positive up: the top of the box its bitmaps fill.
  package var ascender: Int
  /// The strike's descender, in its pixels, positive down.
  package var descender: Int

  /// Selects the largest strike of a fixed-size face, and reads its metrics.
  ///
  /// - Returns: The strike, or `nil` when the face has none or FreeType cannot select it.
  static func select(in face: FT_Face) -> BitmapStrike? {
    let count = Int(face.pointee.num_fixed_sizes)
    guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
    var best = 0
    for index in 1..<max(1, count) where sizes[index].y_ppem > sizes[best].y_ppem {
      best = index
    }
    guard FT_Select_Size(face, FT_Int(best)) == 0, let size = face.pointee.size else {
      return nil
    }
    let metrics = size.pointee.metrics
    guard metrics.y_ppem > 0 else { return nil }
    // Strike metrics are whole pixels in 26.6 fixed point.
    return BitmapStrike(
      index: best, pixelsPerEm: Int(metrics.y_ppem), ascender: Int(metrics.ascender) / 64,
      descender: -Int(metrics.descender) / 64)
  }
}
