import TextLayout

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
public struct RasterCanvas: Sendable, Hashable {
  /// The pixels.
  public var bitmap: RGBABitmap
  /// The number of pixels per point.
  public let scale: Scale

  /// Creates a canvas of a size in points.
  ///
  /// - Parameters:
  ///   - width: The width in points; the bitmap is `width × scale` pixels wide, rounded up.
  ///   - height: The height in points; the bitmap is `height × scale` pixels tall, rounded up.
  ///   - scale: The number of pixels per point.
  ///   - background: The color every pixel starts with, transparent by default.
  public init(
    width: Double, height: Double, scale: Scale,
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
  public var size: LayoutSize {
    LayoutSize(
      width: Double(bitmap.width) / scale.factor, height: Double(bitmap.height) / scale.factor)
  }

  /// A transparent canvas of the same size and scale, to draw something that is then masked or
  /// composited as a whole.
  public func makeLayer() -> RasterCanvas {
    var layer = self
    layer.bitmap = RGBABitmap(width: bitmap.width, height: bitmap.height)
    return layer
  }

  /// Converts a rectangle in points to pixels.
  public func pixelRect(_ rect: LayoutRect) -> LayoutRect {
    let factor = scale.factor
    return LayoutRect(
      x: rect.minX * factor, y: rect.minY * factor, width: rect.width * factor,
      height: rect.height * factor)
  }

  /// Converts a point in points to pixels.
  public func pixelPoint(_ point: LayoutPoint) -> LayoutPoint {
    LayoutPoint(x: point.x * scale.factor, y: point.y * scale.factor)
  }

  // MARK: - Drawing

  /// Fills a rectangle. See ``RGBABitmap/fill(rect:color:)``.
  public mutating func fill(rect: LayoutRect, color: TextColor) {
    bitmap.fill(rect: pixelRect(rect), color: color)
  }

  /// Strokes the inside of a rectangle's edges. See ``RGBABitmap/strokeBorder(rect:color:lineWidth:)``.
  public mutating func strokeBorder(rect: LayoutRect, color: TextColor, lineWidth: Double) {
    bitmap.strokeBorder(rect: pixelRect(rect), color: color, lineWidth: lineWidth * scale.factor)
  }

  /// Fills a rounded rectangle. See ``RGBABitmap/fill(roundedRect:cornerRadius:color:)``.
  public mutating func fill(roundedRect rect: LayoutRect, cornerRadius: Double, color: TextColor) {
    bitmap.fill(
      roundedRect: pixelRect(rect), cornerRadius: cornerRadius * scale.factor, color: color)
  }

  /// Strokes the inside of a rounded rectangle's edges.
  /// See ``RGBABitmap/strokeBorder(roundedRect:cornerRadius:color:lineWidth:)``.
  public mutating func strokeBorder(
    roundedRect rect: LayoutRect, cornerRadius: Double, color: TextColor, lineWidth: Double
  ) {
    bitmap.strokeBorder(
      roundedRect: pixelRect(rect), cornerRadius: cornerRadius * scale.factor, color: color,
      lineWidth: lineWidth * scale.factor)
  }

  /// Fills a circle. See ``RGBABitmap/fill(circleCenteredAt:radius:color:)``.
  public mutating func fill(circleCenteredAt center: LayoutPoint, radius: Double, color: TextColor)
  {
    bitmap.fill(
      circleCenteredAt: pixelPoint(center), radius: radius * scale.factor, color: color)
  }

  /// Strokes the inside of a circle's edge.
  /// See ``RGBABitmap/strokeBorder(circleCenteredAt:radius:color:lineWidth:)``.
  public mutating func strokeBorder(
    circleCenteredAt center: LayoutPoint, radius: Double, color: TextColor, lineWidth: Double
  ) {
    bitmap.strokeBorder(
      circleCenteredAt: pixelPoint(center), radius: radius * scale.factor, color: color,
      lineWidth: lineWidth * scale.factor)
  }

  /// Fades the pixels in a rectangle by a linear gradient.
  /// See ``RGBABitmap/applyMask(_:in:)``.
  public mutating func applyMask(_ mask: LinearGradientMask, in rect: LayoutRect) {
    bitmap.applyMask(mask, in: pixelRect(rect))
  }

  /// Composites a layer of the same scale over this canvas, source-over.
  ///
  /// - Parameter layer: A canvas made with ``makeLayer()``, or any canvas of the same scale; its
  ///   top-left corner goes on this canvas's top-left corner.
  public mutating func draw(_ layer: RasterCanvas) {
    precondition(layer.scale == scale, "A layer is drawn on a canvas of the same scale")
    bitmap.draw(layer.bitmap)
  }
}
