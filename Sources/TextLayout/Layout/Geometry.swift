import Foundation

// The engine's own geometry: plain Doubles, no normalization of negative sizes, package-wide.
// The public API speaks Foundation's CGPoint, CGSize and CGRect (see the conversions below), so
// these names never meet a user's, and never MacTypes' `Point` and `Rect` on Apple platforms.

/// A point in a layout's coordinate space: points, origin at the top left, y growing downward.
package struct LayoutPoint: Sendable, Hashable {
  /// The horizontal coordinate.
  package var x: Double
  /// The vertical coordinate.
  package var y: Double

  /// Creates a point.
  package init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point of a Core Graphics point.
  package init(_ point: CGPoint) {
    self.init(x: Double(point.x), y: Double(point.y))
  }

  /// The point as a Core Graphics point.
  package var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

/// A width and a height, in points.
package struct LayoutSize: Sendable, Hashable {
  /// The width.
  package var width: Double
  /// The height.
  package var height: Double

  /// Creates a size.
  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size as a Core Graphics size.
  package var cgSize: CGSize { CGSize(width: width, height: height) }
}

/// An axis-aligned rectangle, in points.
package struct LayoutRect: Sendable, Hashable {
  /// The top-left corner.
  package var origin: LayoutPoint
  /// The size.
  package var size: LayoutSize

  /// Creates a rectangle from its top-left corner and size.
  package init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = LayoutPoint(x: x, y: y)
    self.size = LayoutSize(width: width, height: height)
  }

  /// The rectangle of a Core Graphics rectangle, standardized.
  package init(_ rect: CGRect) {
    let rect = rect.standardized
    self.init(
      x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width),
      height: Double(rect.height))
  }

  /// The left edge.
  package var minX: Double { origin.x }
  /// The right edge.
  package var maxX: Double { origin.x + size.width }
  /// The top edge.
  package var minY: Double { origin.y }
  /// The bottom edge.
  package var maxY: Double { origin.y + size.height }
  /// The horizontal center.
  package var midX: Double { origin.x + size.width / 2 }
  /// The vertical center.
  package var midY: Double { origin.y + size.height / 2 }
  /// The width.
  package var width: Double { size.width }
  /// The height.
  package var height: Double { size.height }

  /// Whether the point lies inside the rectangle (left and top edges included).
  package func contains(_ point: LayoutPoint) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The rectangle as a Core Graphics rectangle.
  package var cgRect: CGRect { CGRect(x: minX, y: minY, width: width, height: height) }
}
