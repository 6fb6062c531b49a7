@_spi(Backend) import TextLayout

/// A color prepared for drawing through coverage masks (glyphs): its premultiplied components as
/// bytes, and, for each coverage, the pixel it makes on a transparent pixel.
///
/// Most of a glyph's inked pixels land on pixels nothing was drawn on yet (a canvas starts
/// transparent, and glyphs rarely overlap). There the blend `(s·m·255 + d·(255² − αs·m)) / 255²`
/// has `d = 0`, so the result depends on the coverage `m` alone: a table of 256 words, made once
/// per color, replaces four multiplications and divisions a pixel with one load. Every entry is
/// that same formula with `d = 0`, so a pixel gets the same bytes either way.
struct MaskColor {
  /// The color as given.
  let color: TextColor
  /// The premultiplied components on the 0–255 scale.
  let source: PremultipliedColor
  /// The premultiplied components as bytes; meaningful only when ``isExact``.
  let red: Int
  let green: Int
  let blue: Int
  let alpha: Int
  /// Whether every premultiplied component is a whole byte, so that the blend is done in
  /// integers; a translucent color's components usually are not, and it is blended in floating
  /// point.
  let isExact: Bool
  /// For each coverage, the pixel (bytes in memory order: red, green, blue, alpha) that the
  /// color makes over a transparent pixel; empty when the color is not ``isExact``.
  let overClear: [UInt32]

  init(_ color: TextColor) {
    self.color = color
    let source = PremultipliedColor(color)
    self.source = source
    let red = Int(RGBABitmap.byte(source.red))
    let green = Int(RGBABitmap.byte(source.green))
    let blue = Int(RGBABitmap.byte(source.blue))
    let alpha = Int(RGBABitmap.byte(source.alpha))
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    isExact =
      Double(red) == source.red && Double(green) == source.green && Double(blue) == source.blue
      && Double(alpha) == source.alpha
    guard isExact else {
      overClear = []
      return
    }
    overClear = (0...255).map { coverage in
      let pixel = [red, green, blue, alpha].map { component in
        UInt32(Self.blend(component, coverage: coverage, below: 0, alpha: alpha))
      }
      return (pixel[0] | pixel[1] << 8 | pixel[2] << 16 | pixel[3] << 24).littleEndian
    }
  }

  /// One component of the color blended over one component of a pixel through a coverage, in
  /// integers scaled by 255 × 255 and rounded: `(s·m·255 + d·(255² − αs·m)) / 255²`. The result
  /// is at most 255, since a premultiplied component never exceeds the alpha.
  @inline(__always)
  static func blend(_ component: Int, coverage: Int, below: Int, alpha: Int) -> Int {
    let full = 255 * 255
    return (component &* coverage &* 255 &+ below &* (full &- alpha &* coverage) &+ full / 2) / full
  }
}
