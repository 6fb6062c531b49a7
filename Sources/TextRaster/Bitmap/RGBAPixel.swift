/// One pixel of an ``RGBABitmap``: red, green, blue and alpha, 0 to 255, premultiplied by alpha.
///
/// Premultiplied means each color component is already multiplied by the alpha, so a half
/// transparent pure red is `(128, 0, 0, 128)`, and a fully transparent pixel is always
/// `(0, 0, 0, 0)`.
public struct RGBAPixel: Sendable, Hashable {
  /// The red component, premultiplied.
  public var red: UInt8
  /// The green component, premultiplied.
  public var green: UInt8
  /// The blue component, premultiplied.
  public var blue: UInt8
  /// The alpha (opacity) component.
  public var alpha: UInt8

  /// Creates a pixel from premultiplied components.
  ///
  /// - Precondition: No color component exceeds `alpha`.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition(
      red <= alpha && green <= alpha && blue <= alpha,
      "A premultiplied pixel's color components cannot exceed its alpha")
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A fully transparent pixel.
  public static let clear = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)

  /// The pixel's luminance-like brightness of the straight color, 0 (black) to 1 (white); 0 when
  /// the pixel is transparent.
  ///
  /// Uses the Rec. 709 weights on the sRGB values, which is enough to tell dark text from a
  /// light background.
  public var brightness: Double {
    guard alpha > 0 else { return 0 }
    let weighted = 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)
    return weighted / Double(alpha)
  }
}
