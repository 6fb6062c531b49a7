import TextLayout

extension RGBABitmap {
  /// Multiplies every pixel's opacity (and, premultiplied, its color) by a factor.
  ///
  /// - Parameter factor: 0 clears the bitmap, 1 leaves it as it is.
  public mutating func multiplyOpacity(by factor: Double) {
    guard factor < 1 else { return }
    let factor = max(0, factor)
    for index in stride(from: 0, to: bytes.count, by: 4) {
      scale(at: index, by: factor)
    }
  }

  /// Keeps only what lies inside a circle, with an anti-aliased edge one pixel wide; clears
  /// the rest.
  ///
  /// - Parameters:
  ///   - center: The circle's center in pixels.
  ///   - radius: Its radius in pixels.
  public mutating func clear(outsideCircleCenteredAt center: Point, radius: Double) {
    for y in 0..<height {
      let dy = Double(y) + 0.5 - center.y
      for x in 0..<width {
        let dx = Double(x) + 0.5 - center.x
        let coverage = min(1, max(0, radius - (dx * dx + dy * dy).squareRoot() + 0.5))
        if coverage < 1 { scale(at: (y * width + x) * 4, by: coverage) }
      }
    }
  }
}
