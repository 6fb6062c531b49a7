@_spi(Backend) import TextLayout

extension FontMetrics {
  /// The larger of each metric of the two: what a line holding both faces needs.
  ///
  /// - Parameter other: The other metrics; `nil` leaves these as they are.
  func union(_ other: FontMetrics?) -> FontMetrics {
    guard let other else { return self }
    return FontMetrics(
      ascent: max(ascent, other.ascent), descent: max(descent, other.descent),
      lineGap: max(lineGap, other.lineGap))
  }
}
