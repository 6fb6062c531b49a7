import Foundation
@_spi(Backend) import TextLayout

/// A rectangle with rounded corners, filled or outlined: a pill, a separator, an avatar's
/// circle, a frame outline.
@_spi(FrontEnd) public struct ShapeItem: Sendable, Hashable {
  /// The rectangle in the component.
  public var rect: CGRect
  /// The corner radius; half the shorter side makes a pill, or a circle of a square.
  public var cornerRadius: Double
  /// The color.
  public var color: TextColor
  /// How the shape is painted.
  public var paint: Paint

  /// How a shape is painted.
  public enum Paint: Sendable, Hashable {
    /// Filled.
    case fill
    /// Outlined on the inside of its edge, with a line this many points wide.
    case stroke(lineWidth: Double)
  }

  /// Creates a shape.
  public init(rect: CGRect, cornerRadius: Double = 0, color: TextColor, paint: Paint = .fill) {
    self.rect = rect
    self.cornerRadius = cornerRadius
    self.color = color
    self.paint = paint
  }

  /// A filled circle.
  public static func circle(center: CGPoint, radius: Double, color: TextColor) -> ShapeItem {
    ShapeItem(
      rect: CGRect(
        x: Double(center.x) - radius, y: Double(center.y) - radius, width: 2 * radius,
        height: 2 * radius),
      cornerRadius: radius, color: color)
  }
}
