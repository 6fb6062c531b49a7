extension RasterCanvas {
  /// How many pixels a point spans on each axis: 1, 2 or 3, like Apple's screen scales.
  ///
  /// ```swift
  /// let scale = RasterCanvas.Scale(rawValue: 2)  // .x2
  /// ```
  public enum Scale: Int, Sendable, Hashable, CaseIterable {
    /// One pixel per point.
    case x1 = 1
    /// Two pixels per point on each axis.
    case x2 = 2
    /// Three pixels per point on each axis.
    case x3 = 3

    /// The number of pixels per point, as a floating-point factor.
    public var factor: Double { Double(rawValue) }
  }
}
