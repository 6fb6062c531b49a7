/// What one answer may draw: pixels per image, pixels over all its images and frames, and
/// bytes per encoded image (``PlaygroundLimits``).
///
/// The scene asks before it draws, from the sizes the models laid out, so an image past the
/// budget costs a layout, never a drawing. A still past it is refused with a message; an
/// animation past it is left out and the still sent alone. A job's budget belongs to the job's
/// thread, like its typesetter.
public final class PixelBudget {
  private let limits: PlaygroundLimits
  /// The pixels drawn so far.
  public private(set) var spent = 0

  /// A budget of the given limits, nothing spent.
  public init(limits: PlaygroundLimits = PlaygroundLimits()) {
    self.limits = limits
  }

  /// Charges a still of a component's size, with its padding, at a scale.
  ///
  /// - Throws: ``PlaygroundError`` 422 when the image is over the image or answer budget.
  public func chargeStill(
    width: Double, height: Double, scale: Double, padding: Double
  ) throws(PlaygroundError) {
    let (pixelWidth, pixelHeight) = Self.pixels(
      width: width, height: height, scale: scale, padding: padding)
    let pixels = pixelWidth * pixelHeight
    guard pixels <= Double(limits.imagePixels), spent + Int(pixels) <= limits.answerPixels else {
      let size =
        pixels.isFinite ? "\(Int(pixelWidth)) × \(Int(pixelHeight)) pixels" : "without bound"
      throw PlaygroundError(
        status: 422,
        "the image would be \(size); the playground"
          + " draws at most \(limits.imagePixels >> 20) Mi pixels an image (a narrower width,"
          + " a smaller type size or a shorter text fits)")
    }
    spent += Int(pixels)
  }

  /// Charges an animation of frames of a component's size, if the budget has room for it.
  ///
  /// - Returns: Whether the animation may be drawn.
  public func allowsAnimation(
    width: Double, height: Double, frames: Int, scale: Double, padding: Double
  ) -> Bool {
    let (pixelWidth, pixelHeight) = Self.pixels(
      width: width, height: height, scale: scale, padding: padding)
    let pixels = pixelWidth * pixelHeight
    let total = pixels * Double(frames)
    guard pixels <= Double(limits.imagePixels),
      Double(spent) + total <= Double(limits.answerPixels)
    else { return false }
    spent += Int(total)
    return true
  }

  /// Whether an encoded image is small enough to send.
  public func allowsBytes(_ count: Int) -> Bool {
    count <= limits.imageBytes
  }

  private static func pixels(
    width: Double, height: Double, scale: Double, padding: Double
  ) -> (Double, Double) {
    let pixelWidth = ((max(0, width) + 2 * padding) * scale).rounded(.up)
    let pixelHeight = ((max(0, height) + 2 * padding) * scale).rounded(.up)
    guard pixelWidth.isFinite, pixelHeight.isFinite else { return (.infinity, .infinity) }
    return (pixelWidth, pixelHeight)
  }
}
