/// How many pixels a point spans on each axis: 1, 2 or 3, like Apple's screen scales.
///
/// ```swift
/// let scale = RasterScale(rawValue: 2)  // .x2
/// ```
public enum RasterScale: Int, Sendable, Hashable, CaseIterable, Codable {
  /// One pixel per point.
  case x1 = 1
  /// Two pixels per point on each axis.
  case x2 = 2
  /// Three pixels per point on each axis.
  case x3 = 3

  /// The number of pixels per point, as a floating-point factor.
  public var factor: Double { Double(rawValue) }
}
