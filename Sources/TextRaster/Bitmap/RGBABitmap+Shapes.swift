@_spi(Backend) import TextLayout

extension RGBABitmap {
  // MARK: - Rectangles

  /// Fills a rectangle; pixels on its edges get the fraction of the color they are covered by.
  ///
  /// - Parameters:
  ///   - rect: The rectangle in pixels.
  ///   - color: The fill color.
  package mutating func fill(rect: LayoutRect, color: TextColor) {
    paint(color, in: rect, covered: rect) { x, y in Self.boxCoverage(rect, x: x, y: y) }
  }

  /// Strokes the inside of a rectangle's edges, like SwiftUI's `strokeBorder`: the line lies
  /// entirely within the rectangle.
  ///
  /// - Parameters:
  ///   - rect: The rectangle in pixels.
  ///   - color: The line color.
  ///   - lineWidth: The line width in pixels; at least half the rectangle's smaller side fills it.
  package mutating func strokeBorder(rect: LayoutRect, color: TextColor, lineWidth: Double) {
    let inner = Self.inset(rect, by: lineWidth)
    paint(color, in: rect) { x, y in
      Self.boxCoverage(rect, x: x, y: y) - (inner.map { Self.boxCoverage($0, x: x, y: y) } ?? 0)
    }
  }

  // MARK: - Rounded rectangles

  /// Fills a rectangle with circular corners.
  ///
  /// - Parameters:
  ///   - roundedRect: The rectangle in pixels.
  ///   - cornerRadius: The corners' radius in pixels, limited to half the smaller side.
  ///   - color: The fill color.
  package mutating func fill(roundedRect rect: LayoutRect, cornerRadius: Double, color: TextColor) {
    // Between the corners' rows, a pixel inside the rectangle is covered fully.
    let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
    let band = LayoutRect(
      x: rect.minX, y: rect.minY + radius, width: rect.width,
      height: max(0, rect.height - 2 * radius))
    paint(color, in: rect, covered: band) { x, y in
      Self.roundedCoverage(rect, cornerRadius, x: x, y: y)
    }
  }

  /// Strokes the inside of a rounded rectangle's edges.
  ///
  /// The inner edge is a rounded rectangle inset by `lineWidth` with the radius reduced by
  /// `lineWidth`, so the line has the same width along the corners.
  ///
  /// - Parameters:
  ///   - roundedRect: The rectangle in pixels.
  ///   - cornerRadius: The outer corners' radius in pixels.
  ///   - color: The line color.
  ///   - lineWidth: The line width in pixels.
  package mutating func strokeBorder(
    roundedRect rect: LayoutRect, cornerRadius: Double, color: TextColor, lineWidth: Double
  ) {
    let inner = Self.inset(rect, by: lineWidth)
    let innerRadius = max(0, cornerRadius - lineWidth)
    paint(color, in: rect) { x, y in
      let outer = Self.roundedCoverage(rect, cornerRadius, x: x, y: y)
      guard let inner else { return outer }
      return max(0, outer - Self.roundedCoverage(inner, innerRadius, x: x, y: y))
    }
  }

  // MARK: - Circles

  /// Fills a circle: the rounded rectangle of its bounds with a corner radius of half its side
  /// (``fill(roundedRect:cornerRadius:color:)``), byte for byte, in a loop of its own. Such a
  /// rectangle has no fully covered band to store directly, and spoiler dust fills thousands of
  /// circles a few pixels wide in every frame, for which the general fill's setup cost as much
  /// as their pixels.
  ///
  /// - Parameters:
  ///   - center: The center in pixels.
  ///   - radius: The radius in pixels.
  ///   - color: The fill color.
  package mutating func fill(circleCenteredAt center: LayoutPoint, radius: Double, color: TextColor)
  {
    // `roundedCoverage`'s terms for the bounds: the corner radius is half the side, so the
    // distance to the curve is from the center.
    let rect = LayoutRect(
      x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    let source = PremultipliedColor(color)
    guard source.alpha > 0, let pixels = pixelRange(of: rect) else { return }
    let centerX = rect.minX + rect.width / 2
    let centerY = rect.minY + rect.height / 2
    let (minX, maxX, minY, maxY) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
    let width = width
    bytes.withUnsafeMutableBufferPointer { bytes in
      for y in pixels.rows {
        let top = Double(y)
        let vertical = min(top + 1, maxY) - max(top, minY)
        guard vertical > 0 else { continue }
        let dy = abs(top + 0.5 - centerY)
        for x in pixels.columns {
          let left = Double(x)
          let horizontal = min(left + 1, maxX) - max(left, minX)
          guard horizontal > 0 else { continue }
          let box = horizontal * vertical
          var amount = box
          let dx = abs(left + 0.5 - centerX)
          if dx > 0, dy > 0 {
            let distance = (dx * dx + dy * dy).squareRoot() - radius
            amount = min(box, max(0, min(1, 0.5 - distance)))
          }
          guard amount > 0 else { continue }
          Self.blend(at: (y * width + x) * 4, in: bytes, source, coverage: min(amount, 1))
        }
      }
    }
  }

  /// Strokes the inside of a circle's edge.
  ///
  /// - Parameters:
  ///   - center: The center in pixels.
  ///   - radius: The outer radius in pixels.
  ///   - color: The line color.
  ///   - lineWidth: The line width in pixels.
  package mutating func strokeBorder(
    circleCenteredAt center: LayoutPoint, radius: Double, color: TextColor, lineWidth: Double
  ) {
    let bounds = LayoutRect(
      x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    strokeBorder(roundedRect: bounds, cornerRadius: radius, color: color, lineWidth: lineWidth)
  }

  // MARK: - Masks

  /// Multiplies the opacity of the pixels in a rectangle by a linear gradient.
  ///
  /// The gradient's start is at one edge of the rectangle and its end at the opposite edge (see
  /// ``LinearGradientMask/Direction``); pixels outside the rectangle are left alone, and pixels
  /// on its edges are faded by the fraction of them it covers. Draw what should fade into a
  /// transparent layer, mask the layer, then composite it with ``draw(_:atX:y:)``, so that what
  /// lies underneath does not fade too.
  ///
  /// - Parameters:
  ///   - mask: The opacity ramp.
  ///   - rect: The rectangle in pixels.
  package mutating func applyMask(_ mask: LinearGradientMask, in rect: LayoutRect) {
    guard let pixels = pixelRange(of: rect) else { return }
    for y in pixels.rows {
      for x in pixels.columns {
        // A clear pixel stays clear at any factor (zero scaled is zero): most of a layer's.
        let index = (y * width + x) * 4
        guard bytes[index] | bytes[index + 1] | bytes[index + 2] | bytes[index + 3] != 0 else {
          continue
        }
        let centerX = Double(x) + 0.5
        let centerY = Double(y) + 0.5
        let progress: Double
        switch mask.direction {
        case .towardRight: progress = (centerX - rect.minX) / rect.width
        case .towardLeft: progress = (rect.maxX - centerX) / rect.width
        case .towardBottom: progress = (centerY - rect.minY) / rect.height
        case .towardTop: progress = (rect.maxY - centerY) / rect.height
        }
        let covered = Self.boxCoverage(rect, x: Double(x), y: Double(y))
        let factor = 1 - covered * (1 - mask.opacity(at: progress))
        if factor < 1 { scale(at: index, by: factor) }
      }
    }
  }

  // MARK: - Coverage

  /// The fraction of the pixel whose top-left corner is `(x, y)` that lies inside `rect`.
  @inline(__always)
  static func boxCoverage(_ rect: LayoutRect, x: Double, y: Double) -> Double {
    let horizontal = min(x + 1, rect.maxX) - max(x, rect.minX)
    let vertical = min(y + 1, rect.maxY) - max(y, rect.minY)
    guard horizontal > 0, vertical > 0 else { return 0 }
    return horizontal * vertical
  }

  /// The approximate fraction of a pixel inside a rounded rectangle, from the signed distance of
  /// the pixel's center to the shape's edge (exact along straight edges).
  static func roundedCoverage(_ rect: LayoutRect, _ radius: Double, x: Double, y: Double) -> Double
  {
    let box = boxCoverage(rect, x: x, y: y)
    let radius = min(max(radius, 0), rect.width / 2, rect.height / 2)
    guard box > 0, radius > 0 else { return box }
    let halfWidth = rect.width / 2
    let halfHeight = rect.height / 2
    let dx = abs(x + 0.5 - (rect.minX + halfWidth)) - (halfWidth - radius)
    let dy = abs(y + 0.5 - (rect.minY + halfHeight)) - (halfHeight - radius)
    // Only the corner squares are curved; elsewhere the box coverage is exact.
    guard dx > 0, dy > 0 else { return box }
    let distance = (dx * dx + dy * dy).squareRoot() - radius
    return min(box, max(0, min(1, 0.5 - distance)))
  }

  /// `rect` moved in by `amount` on every side, or `nil` when nothing is left.
  static func inset(_ rect: LayoutRect, by amount: Double) -> LayoutRect? {
    let width = rect.width - 2 * amount
    let height = rect.height - 2 * amount
    guard width > 0, height > 0 else { return nil }
    return LayoutRect(x: rect.minX + amount, y: rect.minY + amount, width: width, height: height)
  }
}
