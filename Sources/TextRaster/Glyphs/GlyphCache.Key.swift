@_spi(Backend) import TextLayout

extension GlyphCache {
  /// What makes two rendered glyphs identical: the face, the glyph, the pixel size and the
  /// horizontal subpixel position.
  struct Key: Hashable {
    /// The face.
    var font: FontID
    /// The glyph index in the face.
    var glyph: UInt32
    /// The size in pixels per em, in FreeType's 26.6 fixed point.
    var pixelSize: Int
    /// The pen's horizontal offset within its pixel, in quarters of a pixel (0 to 3).
    var subpixel: Int
  }
}
