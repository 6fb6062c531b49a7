/// A point in a layout's coordinate space: points, origin at the top left, y growing downward.
public struct LayoutPoint: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A width and a height, in points.
public struct LayoutSize: Sendable, Hashable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle, in points.
public struct LayoutRect: Sendable, Hashable {
  /// The top-left corner.
  public var origin: LayoutPoint
  /// The size.
  public var size: LayoutSize

  /// Creates a rectangle from its top-left corner and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = LayoutPoint(x: x, y: y)
    self.size = LayoutSize(width: width, height: height)
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The horizontal center.
  public var midX: Double { origin.x + size.width / 2 }
  /// The vertical center.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }

  /// Whether the point lies inside the rectangle (left and top edges included).
  public func contains(_ point: LayoutPoint) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
}
