/// A glyph rendered by FreeType: an 8-bit coverage mask and where it sits relative to the pen.
struct GlyphBitmap: Sendable, Hashable {
  /// The distance from the pen to the mask's left column, in pixels (FreeType's `bitmap_left`).
  var left: Int
  /// The distance from the baseline up to the mask's top row, in pixels (`bitmap_top`).
  var top: Int
  /// The mask's width in pixels.
  var width: Int
  /// The mask's height in pixels.
  var height: Int
  /// Coverage from 0 to 255, `width` per row, rows from the top.
  var coverage: [UInt8]

  /// A glyph with no pixels, such as a space.
  static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])
}
