/// Where a tab character advances to: explicit stops first, then a stop every `interval`
/// points, measured from the start edge of the line (the left edge of a left-to-right
/// paragraph's line, the right edge of a right-to-left one).
///
/// The default is a stop every 28 points, as Apple's text system places them. A tab advances
/// to the first stop past the pen, is never drawn, and is a break opportunity like a space:
/// at the end of a line it hangs past the width, as spaces do.
///
/// ```swift
/// var configuration = LayoutConfiguration(width: 320)
/// configuration.tabStops = TabStops(stops: [100, 180], interval: 40)
/// ```
public struct TabStops: Sendable, Hashable, Codable {
  /// Explicit stops in points from the line's start edge, in increasing order (kept sorted: set
  /// them through ``init(stops:interval:)``).
  public private(set) var stops: [Double]
  /// The distance between the stops after the explicit ones, in points.
  public var interval: Double

  /// Apple's default: a stop every 28 points.
  public static let `default` = TabStops(interval: 28)

  /// Creates tab stops.
  ///
  /// - Parameters:
  ///   - stops: Explicit stops, in points from the line's start edge; sorted for you.
  ///   - interval: The distance between the stops after the explicit ones, in points.
  public init(stops: [Double] = [], interval: Double = 28) {
    self.stops = stops.sorted()
    self.interval = interval
  }

  /// The first stop past `position`: the next explicit stop, else the next multiple of the
  /// interval.
  ///
  /// A pen exactly on a stop moves on to the next one, as a tab always advances.
  package func nextStop(after position: Double) -> Double {
    // A pen within rounding of a stop counts as on it.
    let tolerance = 1e-9 * max(1, abs(position))
    if let stop = stops.first(where: { $0 > position + tolerance }) {
      return stop
    }
    let past = max(position, stops.last ?? -.infinity)
    return ((past + tolerance) / interval).rounded(.down) * interval + interval
  }

  private enum CodingKeys: String, CodingKey {
    case stops, interval
  }

  /// Decodes stops, sorting them as the initializer does.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      stops: try container.decodeIfPresent([Double].self, forKey: .stops) ?? [],
      interval: try container.decodeIfPresent(Double.self, forKey: .interval) ?? 28)
  }

  /// Checks that the engine can use the stops.
  ///
  /// - Throws: ``TextLayoutError/invalidTabInterval(_:)`` for an interval that is not a finite
  ///   number greater than 0, ``TextLayoutError/invalidTabStop(_:)`` for a stop that is negative
  ///   or not finite.
  func validate() throws(TextLayoutError) {
    guard interval.isFinite, interval > 0 else {
      throw .invalidTabInterval(interval)
    }
    if let stop = stops.first(where: { !$0.isFinite || $0 < 0 }) {
      throw .invalidTabStop(stop)
    }
  }
}
