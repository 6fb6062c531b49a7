import Foundation

/// A rectangle in points as the API sends it: where the models put a button, a row or a
/// hidden word, in the component's coordinates.
public struct JSONRect: Sendable, Hashable, Codable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// The API form of a rectangle.
  public init(_ rect: CGRect) {
    x = Double(rect.minX)
    y = Double(rect.minY)
    width = Double(rect.width)
    height = Double(rect.height)
  }

  /// A width and a height in points.
  public struct SizeValue: Sendable, Hashable, Codable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
  }
}
