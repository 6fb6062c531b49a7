/// A glyph rendered by FreeType and where it sits relative to the pen: an 8-bit coverage mask
/// that the text colour is drawn through, or, for a colour (emoji) glyph, premultiplied RGBA
/// pixels that keep their own colours.
struct GlyphBitmap: Sendable, Hashable {
  /// The distance from the pen to the mask's left column, in pixels (FreeType's `bitmap_left`).
  var left: Int
  /// The distance from the baseline up to the mask's top row, in pixels (`bitmap_top`).
  var top: Int
  /// The mask's width in pixels.
  var width: Int
  /// The mask's height in pixels.
  var height: Int
  /// Coverage from 0 to 255, `width` per row, rows from the top; empty for a colour glyph.
  var coverage: [UInt8]
  /// A colour glyph's premultiplied RGBA pixels, `width` per row; empty for a mask.
  var colors: [UInt8] = []

  /// Whether the glyph has colours of its own.
  var isColor: Bool { !colors.isEmpty }

  /// A glyph with no pixels, such as a space.
  static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])
}
