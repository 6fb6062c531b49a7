import TextLayout

/// An expand or collapse animation as a pure function of time, for renderers to sample.
///
/// Height follows an ease-in-out curve (smoothstep) from the start height to the end height;
/// the visible clip is the top of the expanded text, as tall as the current height.
public struct ExpansionAnimation: Sendable, Hashable {
  /// The height when the animation starts.
  public var fromHeight: Double
  /// The height when it ends.
  public var toHeight: Double
  /// The width of the clip.
  public var width: Double
  /// The duration in seconds.
  public var duration: Double

  /// Creates an animation.
  public init(fromHeight: Double, toHeight: Double, width: Double, duration: Double = 0.35) {
    precondition(
      duration >= 0 && duration.isFinite,
      "An animation lasts 0 seconds (no animation) or longer, got \(duration)")
    self.fromHeight = fromHeight
    self.toHeight = toHeight
    self.width = width
    self.duration = duration
  }

  /// The eased progress at a time: 0 before the start, 1 after the end.
  ///
  /// - Parameter time: Seconds since the animation started.
  public func progress(at time: Double) -> Double {
    Self.progress(at: time, duration: duration)
  }

  /// The eased progress of an animation of a duration; one of 0 seconds has ended at once.
  static func progress(at time: Double, duration: Double) -> Double {
    duration > 0 ? easeInOut(time / duration) : 1
  }

  /// The ease-in-out curve every TextReveal animation follows (smoothstep): the eased value of
  /// a linear fraction, clamped to 0...1.
  static func easeInOut(_ fraction: Double) -> Double {
    let t = min(1, max(0, fraction))
    return t * t * (3 - 2 * t)
  }

  /// The height at a time.
  public func height(at time: Double) -> Double {
    fromHeight + (toHeight - fromHeight) * progress(at: time)
  }

  /// The visible part of the text at a time.
  public func clip(at time: Double) -> LayoutRect {
    LayoutRect(x: 0, y: 0, width: width, height: height(at: time))
  }
}
