@_spi(Backend) import TextLayout

/// A change of height that started at a time and lasts a while, eased in and out: how every
/// component animates expanding and collapsing.
struct Transition: Sendable, Hashable {
  /// When the change started, in the component's clock.
  var start: Double
  /// How long it lasts, in seconds; 0 changes at once.
  var duration: Double

  /// When the change ends.
  var end: Double { start + duration }

  /// Whether the change is still under way at a time.
  func isRunning(at time: Double) -> Bool { time < end && duration > 0 }

  /// The eased progress at a time: 0 before the start, 1 at and after the end.
  func progress(at time: Double) -> Double {
    duration > 0 ? Self.easeInOut((time - start) / duration) : 1
  }

  /// The change the other way, starting at a time: when it interrupts this one, it starts as
  /// far along as this one still had to go, so that the height does not jump (the curve is
  /// symmetric: easing `1 − x` is one minus easing `x`).
  func reversed(at time: Double, duration newDuration: Double) -> Transition {
    guard isRunning(at: time), newDuration > 0 else {
      return Transition(start: time, duration: newDuration)
    }
    let remaining = 1 - min(1, max(0, (time - start) / duration))
    return Transition(start: time - remaining * newDuration, duration: newDuration)
  }

  /// The ease-in-out curve every TextReveal animation follows (smoothstep), clamped to 0...1.
  static func easeInOut(_ fraction: Double) -> Double {
    let t = min(1, max(0, fraction))
    return t * t * (3 - 2 * t)
  }
}
