@_spi(Backend) import TextLayout

/// A bitmap you draw on in points: every coordinate and length is multiplied by the
/// ``scale-swift.property`` to find the pixels.
///
/// Layouts and component models measure in points; a canvas at scale 2 makes a bitmap twice as
/// wide and twice as tall as its size in points, like a Retina screen.
///
/// ```swift
/// var canvas = RasterCanvas(width: 320, height: 120, scale: .x2, background: .init(red: 1, green: 1, blue: 1))
/// canvas.fill(roundedRect: LayoutRect(x: 8, y: 8, width: 100, height: 30), cornerRadius: 8, color: accent)
/// try PNGEncoder.write(canvas.bitmap, to: "button.png")
/// ```
package struct RasterCanvas: Sendable, Hashable {
  /// The pixels.
  package var bitmap: RGBABitmap
  /// The number of pixels per point.
  package let scale: RasterScale

  /// Creates a canvas of a size in points.
  ///
  /// - Parameters:
  ///   - width: The width in points; the bitmap is `width × scale` pixels wide, rounded up.
  ///   - height: The height in points; the bitmap is `height × scale` pixels tall, rounded up.
  ///   - scale: The number of pixels per point.
  ///   - background: The color every pixel starts with, transparent by default.
  package init(
    width: Double, height: Double, scale: RasterScale,
    background: TextColor = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
  ) {
    precondition(
      width.isFinite && height.isFinite && width > 0 && height > 0,
      "A canvas needs a positive, finite size, got \(width) × \(height)")
    self.scale = scale
    self.bitmap = RGBABitmap(
      width: Int((width * scale.factor).rounded(.up)),
      height: Int((height * scale.factor).rounded(.up)), color: background)
  }

  /// The size in points.
  package var size: LayoutSize {
    LayoutSize(
      width: Double(bitmap.width) / scale.factor, height: Double(bitmap.height) / scale.factor)
  }

  /// A transparent canvas of the same size and scale, to draw something that is then masked or
  /// composited as a whole.
  package func makeLayer() -> RasterCanvas {
    var layer = self
    layer.bitmap = RGBABitmap(width: bitmap.width, height: bitmap.height)
    return layer
  }

  /// Converts a rectangle in points to pixels.
  package func pixelRect(_ rect: LayoutRect) -> LayoutRect {
    let factor = scale.factor
    return LayoutRect(
      x: rect.minX * factor, y: rect.minY * factor, width: rect.width * factor,
      height: rect.height * factor)
  }

  /// Converts a point in points to pixels.
  package func pixelPoint(_ point: LayoutPoint) -> LayoutPoint {
    LayoutPoint(x: point.x * scale.factor, y: point.y * scale.factor)
  }

  // MARK: - Drawing

  /// Fills a rectangle. See ``RGBABitmap/fill(rect:color:)``.
  package mutating func fill(rect: LayoutRect, color: TextColor) {
    bitmap.fill(rect: pixelRect(rect), color: color)
  }

  /// Strokes the inside of a rectangle's edges. See ``RGBABitmap/strokeBorder(rect:color:lineWidth:)``.
  package mutating func strokeBorder(rect: LayoutRect, color: TextColor, lineWidth: Double) {
    bitmap.strokeBorder(rect: pixelRect(rect), color: color, lineWidth: lineWidth * scale.factor)
  }

  /// Fills a rounded rectangle. See ``RGBABitmap/fill(roundedRect:cornerRadius:color:)``.
  package mutating func fill(roundedRect rect: LayoutRect, cornerRadius: Double, color: TextColor) {
    bitmap.fill(
      roundedRect: pixelRect(rect), cornerRadius: cornerRadius * scale.factor, color: color)
  }

  /// Strokes the inside of a rounded rectangle's edges.
  /// See ``RGBABitmap/strokeBorder(roundedRect:cornerRadius:color:lineWidth:)``.
  package mutating func strokeBorder(
    roundedRect rect: LayoutRect, cornerRadius: Double, color: TextColor, lineWidth: Double
  ) {
    bitmap.strokeBorder(
      roundedRect: pixelRect(rect), cornerRadius: cornerRadius * scale.factor, color: color,
      lineWidth: lineWidth * scale.factor)
  }

  /// Fills a circle. See ``RGBABitmap/fill(circleCenteredAt:radius:color:)``.
  package mutating func fill(circleCenteredAt center: LayoutPoint, radius: Double, color: TextColor)
  {
    bitmap.fill(
      circleCenteredAt: pixelPoint(center), radius: radius * scale.factor, color: color)
  }

  /// Strokes the inside of a circle's edge.
  /// See ``RGBABitmap/strokeBorder(circleCenteredAt:radius:color:lineWidth:)``.
  package mutating func strokeBorder(
    circleCenteredAt center: LayoutPoint, radius: Double, color: TextColor, lineWidth: Double
  ) {
    bitmap.strokeBorder(
      circleCenteredAt: pixelPoint(center), radius: radius * scale.factor, color: color,
      lineWidth: lineWidth * scale.factor)
  }

  /// Fills a small round dot, such as a grain of spoiler dust.
  ///
  /// A dot narrower than a pixel and a half is splatted: its area, πr², is spread over the four
  /// pixels nearest its center in proportion to how near each is, so that a tiny dot is as
  /// faint as it is small and moves smoothly between pixels. A larger dot is a circle.
  ///
  /// - Parameters:
  ///   - center: The center in points.
  ///   - diameter: The diameter in points.
  ///   - color: The color.
  package mutating func fillDot(at center: LayoutPoint, diameter: Double, color: TextColor) {
    let pixel = pixelPoint(center)
    let radius = diameter * scale.factor / 2
    guard radius < 0.75 else {
      bitmap.fill(circleCenteredAt: pixel, radius: radius, color: color)
      return
    }
    let area = min(1, Double.pi * radius * radius)
    let x = pixel.x - 0.5
    let y = pixel.y - 0.5
    let left = x.rounded(.down)
    let top = y.rounded(.down)
    let fx = x - left
    let fy = y - top
    let source = PremultipliedColor(color)
    let column = Int(left)
    let row = Int(top)
    // The four pixels one at a time: a literal array of them was allocated for every grain.
    func splat(_ dx: Int, _ dy: Int, _ weight: Double) {
      let px = column + dx
      let py = row + dy
      guard px >= 0, py >= 0, px < bitmap.width, py < bitmap.height, weight > 0 else { return }
      bitmap.blend(at: (py * bitmap.width + px) * 4, source, coverage: area * weight)
    }
    splat(0, 0, (1 - fx) * (1 - fy))
    splat(1, 0, fx * (1 - fy))
    splat(0, 1, (1 - fx) * fy)
    splat(1, 1, fx * fy)
  }

  /// Fades the pixels in a rectangle by a linear gradient.
  /// See ``RGBABitmap/applyMask(_:in:)``.
  package mutating func applyMask(_ mask: LinearGradientMask, in rect: LayoutRect) {
    bitmap.applyMask(mask, in: pixelRect(rect))
  }

  /// Composites a layer of the same scale over this canvas, source-over.
  ///
  /// - Parameter layer: A canvas made with ``makeLayer()``, or any canvas of the same scale; its
  ///   top-left corner goes on this canvas's top-left corner.
  package mutating func draw(_ layer: RasterCanvas) {
    precondition(layer.scale == scale, "A layer is drawn on a canvas of the same scale")
    bitmap.draw(layer.bitmap)
  }

  // MARK: - Clearing

  /// Makes the pixels in a rectangle transparent; pixels its edges cross keep the part outside.
  ///
  /// - Parameter rect: The rectangle in points.
  package mutating func clear(_ rect: LayoutRect) {
    bitmap.clear(pixelRect(rect))
  }

  /// Makes every pixel outside a rectangle transparent, like a clip applied after drawing.
  ///
  /// - Parameter rect: The rectangle to keep, in points.
  package mutating func clear(outside rect: LayoutRect) {
    let bounds = size
    // Four bands that tile the outside without overlapping, so no edge pixel is faded twice.
    clear(LayoutRect(x: 0, y: 0, width: bounds.width, height: max(0, rect.minY)))
    clear(
      LayoutRect(x: 0, y: rect.maxY, width: bounds.width, height: max(0, bounds.height - rect.maxY))
    )
    clear(LayoutRect(x: 0, y: rect.minY, width: max(0, rect.minX), height: rect.height))
    clear(
      LayoutRect(
        x: rect.maxX, y: rect.minY, width: max(0, bounds.width - rect.maxX), height: rect.height)
    )
  }
}
