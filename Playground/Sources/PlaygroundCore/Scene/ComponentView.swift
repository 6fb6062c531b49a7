import TextRaster

/// What the page shows of one component: its state, the still image, and when something just
/// changed, the animation to play before the still.
///
/// The images are served by URL (`/api/session/{id}/image/{n}.png`): the scene leaves their
/// encoded bytes here, and the service stores them and puts their URLs in ``still`` and
/// ``animation``.
public struct ComponentView: Sendable, Encodable {
  /// The component's state, as the models report it.
  public var state: ComponentState
  /// The still image's URL, `nil` when drawing failed (see ``error``).
  public var still: String?
  /// The image's size in points, padding included: what the page shows it at.
  public var size: JSONRect.SizeValue?
  /// The change just made, as the URL of a one-shot animated PNG.
  public var animation: String?
  /// How long the animation plays before the page shows the still, in milliseconds.
  public var animationMilliseconds: Int?
  /// Why the component could not be drawn (a width too narrow for a list, an image too large).
  public var error: String?
  /// The still, encoded as PNG, until it is stored.
  public var stillPNG: [UInt8]?
  /// The animation, encoded as animated PNG, until it is stored.
  public var animationPNG: [UInt8]?

  init(state: ComponentState) {
    self.state = state
  }

  enum CodingKeys: String, CodingKey {
    case state, still, size, animation, animationMilliseconds, error
  }

  /// Sets the still from a bitmap drawn at a scale.
  mutating func setStill(_ bitmap: RGBABitmap, scale: RasterScale) throws(TextRasterError) {
    stillPNG = try PNGEncoder.encode(bitmap, compression: .fast)
    size = JSONRect.SizeValue(
      width: Double(bitmap.width) / scale.factor, height: Double(bitmap.height) / scale.factor)
  }

  /// Sets the animation from an encoder.
  mutating func setAnimation(
    _ writer: AnimatedPNGWriter, milliseconds: Int
  ) throws(TextRasterError) {
    animationPNG = try writer.encode()
    animationMilliseconds = milliseconds
  }

  /// Sets the still and, if `animation` draws one, the animation.
  ///
  /// - Parameters:
  ///   - bitmap: The still, drawn.
  ///   - scale: The pixels per point it was drawn at.
  ///   - animation: Draws the animation; returns it and how long it plays, in milliseconds,
  ///     or `nil` when the answer's budget has no room for it.
  mutating func setStill(
    _ bitmap: RGBABitmap, scale: RasterScale,
    whileDrawing animation: () throws -> (AnimatedPNGWriter, Int)?
  ) throws {
    if let (writer, milliseconds) = try animation() {
      try setAnimation(writer, milliseconds: milliseconds)
    }
    try setStill(bitmap, scale: scale)
  }
}
