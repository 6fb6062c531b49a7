import Foundation
import TextRaster

/// What the page shows of one component: its state, the still image, and when something just
/// changed, the animation to play before the still.
public struct ComponentView: Sendable, Encodable {
  /// The component's state, as the models report it.
  public var state: ComponentState
  /// The still image: a PNG data URL, `nil` when drawing failed (see ``error``).
  public var still: String?
  /// The image's size in points, padding included: what the page shows it at.
  public var size: JSONRect.SizeValue?
  /// The change just made, as a one-shot animated PNG data URL.
  public var animation: String?
  /// How long the animation plays before the page shows the still, in milliseconds.
  public var animationMilliseconds: Int?
  /// Why the component could not be drawn (a width too narrow for a list, an image too large).
  public var error: String?

  init(state: ComponentState) {
    self.state = state
  }

  /// Sets the still from a canvas.
  mutating func setStill(_ bitmap: RGBABitmap, scale: RasterScale) throws(TextRasterError) {
    still = Self.dataURL(try PNGEncoder.encode(bitmap, compression: .fast))
    size = JSONRect.SizeValue(
      width: Double(bitmap.width) / scale.factor, height: Double(bitmap.height) / scale.factor)
  }

  /// Sets the animation from an encoder.
  mutating func setAnimation(
    _ writer: AnimatedPNGWriter, milliseconds: Int
  ) throws(TextRasterError) {
    animation = Self.dataURL(try writer.encode())
    animationMilliseconds = milliseconds
  }

  /// Sets the still and the animation, encoding the still on another core while `animation`
  /// draws and compresses its frames: the two are independent, and a tap's answer waits for
  /// both.
  ///
  /// - Parameters:
  ///   - canvas: The still, drawn.
  ///   - animation: Draws the animation; returns it and how long it plays, in milliseconds.
  mutating func setStill(
    _ bitmap: RGBABitmap, scale: RasterScale,
    whileDrawing animation: () throws -> (AnimatedPNGWriter, Int)
  ) throws {
    let encoded = EncodedStill()
    let group = DispatchGroup()
    DispatchQueue.global(qos: .userInitiated).async(group: group) {
      encoded.set(Result { try PNGEncoder.encode(bitmap, compression: .fast) })
    }
    defer { group.wait() }
    let (writer, milliseconds) = try animation()
    try setAnimation(writer, milliseconds: milliseconds)
    group.wait()
    still = Self.dataURL(try encoded.get())
    size = JSONRect.SizeValue(
      width: Double(bitmap.width) / scale.factor, height: Double(bitmap.height) / scale.factor)
  }

  /// The still's bytes, handed from the encoding thread.
  private final class EncodedStill: @unchecked Sendable {
    // Written once by the encoding thread before the group is left, read after `wait()`.
    private var result: Result<[UInt8], any Error> = .success([])
    private let lock = NSLock()

    func set(_ result: Result<[UInt8], any Error>) {
      lock.withLock { self.result = result }
    }

    func get() throws -> [UInt8] {
      try lock.withLock { result }.get()
    }
  }

  static func dataURL(_ bytes: [UInt8]) -> String {
    "data:image/png;base64," + Data(bytes).base64EncodedString()
  }
}
