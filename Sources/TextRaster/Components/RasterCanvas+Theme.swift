import TextLayout
import TextReveal

extension RasterCanvas {
  /// Creates a canvas filled with a theme's background color.
  ///
  /// ```swift
  /// var canvas = RasterCanvas(width: 352, height: 120, scale: .x2, theme: .dark)
  /// ```
  ///
  /// - Parameters:
  ///   - width: The width in points.
  ///   - height: The height in points.
  ///   - scale: The number of pixels per point.
  ///   - theme: The theme whose background fills every pixel.
  public init(width: Double, height: Double, scale: Scale, theme: Theme) {
    self.init(width: width, height: height, scale: scale, background: theme.background)
  }

  /// Makes the pixels in a rectangle transparent; pixels its edges cross keep the part outside.
  ///
  /// - Parameter rect: The rectangle in points.
  public mutating func clear(_ rect: LayoutRect) {
    bitmap.clear(pixelRect(rect))
  }

  /// Makes every pixel outside a rectangle transparent, like a clip applied after drawing.
  ///
  /// - Parameter rect: The rectangle to keep, in points.
  public mutating func clear(outside rect: LayoutRect) {
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
