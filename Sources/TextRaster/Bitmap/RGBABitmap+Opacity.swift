@_spi(Backend) import TextLayout

extension RGBABitmap {
  /// Multiplies every pixel's opacity (and, premultiplied, its color) by a factor.
  ///
  /// - Parameter factor: 0 clears the bitmap, 1 leaves it as it is.
  package mutating func multiplyOpacity(by factor: Double) {
    guard factor < 1 else { return }
    let factor = max(0, factor)
    bytes.withUnsafeMutableBufferPointer { bytes in
      for index in stride(from: 0, to: bytes.count, by: 4) {
        // Most of a layer is clear, and clear stays clear.
        guard bytes[index] | bytes[index + 1] | bytes[index + 2] | bytes[index + 3] != 0 else {
          continue
        }
        for component in index..<(index + 4) {
          bytes[component] = Self.byte(Double(bytes[component]) * factor)
        }
      }
    }
  }

  /// Keeps only what lies inside a circle, with an anti-aliased edge one pixel wide; clears
  /// the rest.
  ///
  /// - Parameters:
  ///   - center: The circle's center in pixels.
  ///   - radius: Its radius in pixels.
  package mutating func clear(outsideCircleCenteredAt center: LayoutPoint, radius: Double) {
    for y in 0..<height {
      let dy = Double(y) + 0.5 - center.y
      for x in 0..<width {
        let dx = Double(x) + 0.5 - center.x
        let coverage = min(1, max(0, radius - (dx * dx + dy * dy).squareRoot() + 0.5))
        if coverage < 1 { scale(at: (y * width + x) * 4, by: coverage) }
      }
    }
  }

  /// Makes the pixels of a rectangle (in pixels) transparent; a pixel its edge crosses keeps
  /// the part outside (it is scaled by the fraction of it outside the rectangle).
  ///
  /// The same result as a mask of opacity 0 over the rectangle, but the pixels wholly inside
  /// are zeroed a row at a time: a clip clears most of an animation frame.
  package mutating func clear(_ rect: LayoutRect) {
    guard let pixels = pixelRange(of: rect) else { return }
    let width = width
    // Columns wholly inside: their pixels' coverage is 1 on every row wholly inside.
    let innerStart = max(pixels.columns.lowerBound, Int(rect.minX.rounded(.up)))
    let innerColumns =
      innerStart..<max(innerStart, min(pixels.columns.upperBound, Int(rect.maxX.rounded(.down))))
    for y in pixels.rows {
      let rowInside = Double(y) >= rect.minY && Double(y + 1) <= rect.maxY
      if rowInside && !innerColumns.isEmpty {
        bytes.withUnsafeMutableBufferPointer { buffer in
          let start = (y * width + innerColumns.lowerBound) * 4
          UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + innerColumns.count * 4)])
            .update(repeating: 0)
        }
        for x in pixels.columns where !innerColumns.contains(x) {
          clearCovered(x: x, y: y, rect: rect)
        }
      } else {
        for x in pixels.columns { clearCovered(x: x, y: y, rect: rect) }
      }
    }
  }

  /// Scales a pixel by the fraction of it outside `rect`.
  @inline(__always)
  private mutating func clearCovered(x: Int, y: Int, rect: LayoutRect) {
    let factor = 1 - Self.boxCoverage(rect, x: Double(x), y: Double(y))
    if factor < 1 { scale(at: (y * width + x) * 4, by: factor) }
  }
}
