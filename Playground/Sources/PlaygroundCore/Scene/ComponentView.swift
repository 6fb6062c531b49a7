import TextRaster

/// What the page shows of one component: its state, the still image, and when something just
/// changed, the animation to play before the still.
///
/// The images are served by URL (`/api/session/{id}/image/{n}.png`): the scene leaves their
/// encoded bytes here, and the service stores them and puts their URLs in ``still`` and
/// ``animation``.
package struct ComponentView: Sendable, Encodable {
  /// The component's state, as the models report it.
  package var state: ComponentState
  /// The still image's URL, `nil` when drawing failed (see ``error``).
  package var still: String?
  /// The image's size in points, padding included: what the page shows it at.
  package var size: JSONRect.SizeValue?
  /// The change just made, as the URL of a one-shot animated PNG.
  package var animation: String?
  /// How long the animation plays before the page shows the still, in milliseconds.
  package var animationMilliseconds: Int?
  /// Why the component could not be drawn (a width too narrow for a list, an image too large).
  package var error: String?
  /// The still, encoded as PNG, until it is stored.
  package var stillPNG: [UInt8]?
  /// The animation, encoded as animated PNG, until it is stored.
  package var animationPNG: [UInt8]?

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
}
