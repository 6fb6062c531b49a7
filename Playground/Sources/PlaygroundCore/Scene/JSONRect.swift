import Foundation

/// A rectangle in points as the API sends it: where the models put a button, a row or a
/// hidden word, in the component's coordinates.
package struct JSONRect: Sendable, Hashable, Codable {
  /// The left edge.
  package var x: Double
  /// The top edge.
  package var y: Double
  /// The width.
  package var width: Double
  /// The height.
  package var height: Double

  /// The API form of a rectangle.
  package init(_ rect: CGRect) {
    x = Double(rect.minX)
    y = Double(rect.minY)
    width = Double(rect.width)
    height = Double(rect.height)
  }

  /// A width and a height in points.
  package struct SizeValue: Sendable, Hashable, Codable {
    /// The width.
    package var width: Double
    /// The height.
    package var height: Double
  }
}
