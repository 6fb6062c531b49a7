@_spi(Backend) import TextLayout

/// A color converted to premultiplied components on the 0–255 scale.
struct PremultipliedColor {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double

  init(_ color: TextColor) {
    let alpha = min(max(color.alpha, 0), 1)
    self.alpha = alpha * 255
    self.red = min(max(color.red, 0), 1) * alpha * 255
    self.green = min(max(color.green, 0), 1) * alpha * 255
    self.blue = min(max(color.blue, 0), 1) * alpha * 255
  }
}
