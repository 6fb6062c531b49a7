import Foundation
import TextRaster

/// What the page shows of one component: its state, the still image, and when something just
/// changed, the animation to play before the still.
///
/// The images are served by URL (`/api/session/{id}/image/{n}.png`): the scene leaves their
/// encoded bytes here, and the service stores them and puts their URLs in ``still`` and
/// ``animation``. After a tap that changed something, the still and the animation's frames are
/// drawn after the answer (``frames``): the answer names them, and the page streams the frames
/// from ``animation`` (`/api/session/{id}/frames/{n}`, see ``FrameSink``).
package struct ComponentView: Sendable, Encodable {
  /// The component's state, as the models report it.
  package var state: ComponentState
  /// The still image's URL, `nil` when drawing failed (see ``error``).
  package var still: String?
  /// The image's size in points, padding included: what the page shows it at.
  package var size: JSONRect.SizeValue?
  /// The change just made, as the URL of a stream of frames (see ``FrameSink``).
  package var animation: String?
  /// How long the animation plays before the page shows the still, in milliseconds.
  package var animationMilliseconds: Int?
  /// Why the component could not be drawn (a width too narrow for a list, an image too large).
  package var error: String?
  /// The still, encoded as PNG, until it is stored.
  package var stillPNG: [UInt8]?
  /// The still and the animation's frames, drawn after the answer.
  package var frames: FrameJob?

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

  /// Sets the size of a still drawn later: a display list's size with the padding around it,
  /// in whole pixels as the renderer draws it.
  mutating func setSize(of listSize: CGSize, padding: Double, scale: RasterScale) {
    let factor = scale.factor
    size = JSONRect.SizeValue(
      width: ((Double(listSize.width) + 2 * padding) * factor).rounded(.up) / factor,
      height: ((Double(listSize.height) + 2 * padding) * factor).rounded(.up) / factor)
  }
}
