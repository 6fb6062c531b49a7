import TextLayout

/// The animated change between two layouts of a list, as a pure function of time.
///
/// Every row present in the target layout moves from its old frame to its new one with an
/// ease-in-out curve, so the rows below a toggled row slide smoothly; rows new to the list
/// start at their final frame.
public struct ListAnimation<ID: Hashable & Sendable>: Sendable {
  /// The layout before the change.
  public var from: ListLayout<ID>
  /// The layout after the change.
  public var to: ListLayout<ID>
  /// The duration in seconds.
  public var duration: Double

  /// Creates an animation.
  public init(from: ListLayout<ID>, to: ListLayout<ID>, duration: Double = 0.35) {
    precondition(
      duration >= 0 && duration.isFinite,
      "An animation lasts 0 seconds (no animation) or longer, got \(duration)")
    self.from = from
    self.to = to
    self.duration = duration
  }

  /// The eased progress at a time, from 0 to 1.
  public func progress(at time: Double) -> Double {
    ExpansionAnimation.progress(at: time, duration: duration)
  }

  /// Every row's frame at a time, in the target layout's order.
  ///
  /// - Parameter time: Seconds since the change.
  /// - Returns: The rows' identities and frames.
  public func frames(at time: Double) -> [(id: ID, frame: LayoutRect)] {
    let p = progress(at: time)
    var old: [ID: LayoutRect] = [:]
    for row in from.rows { old[row.id] = row.frame }
    return to.rows.map { row in
      let start = old[row.id] ?? row.frame
      let end = row.frame
      return (
        row.id,
        LayoutRect(
          x: start.minX + (end.minX - start.minX) * p,
          y: start.minY + (end.minY - start.minY) * p,
          width: start.width + (end.width - start.width) * p,
          height: start.height + (end.height - start.height) * p)
      )
    }
  }

  /// The list's height at a time.
  public func height(at time: Double) -> Double {
    from.size.height + (to.size.height - from.size.height) * progress(at: time)
  }
}
