import Foundation
@_spi(Backend) import TextLayout

/// Where a text's spoilers stand: hidden, being revealed from a tap, revealed, or being hidden
/// again, with the start time of each change.
///
/// A value with no geometry: the rectangles of the hidden words come from the layout each time
/// a display list is made, so a new width or an expanded text keeps the state. Every question
/// takes the time of the frame; nothing reads a clock.
public struct SpoilerState: Sendable, Hashable {
  /// Whether a second tap hides the spoilers again.
  public enum Mode: Sendable, Hashable, CaseIterable {
    /// A tap reveals; the spoilers stay revealed (Telegram).
    case revealOnly
    /// A tap on a revealed spoiler hides every spoiler again.
    case toggle
  }

  /// A phase of the spoilers.
  package enum Phase: Sendable, Hashable {
    /// Covered by dust.
    case hidden
    /// Being revealed by a circle spreading from a point.
    case revealing(center: CGPoint, radius: Double, since: Double, duration: Double)
    /// Shown.
    case revealed
    /// Covered again, the dust fading back in.
    case hiding(since: Double)
  }

  /// The phase, with the start time of a change in progress.
  package private(set) var phase: Phase
  /// Whether a second tap hides the spoilers again.
  public var mode: Mode
  /// The seed of the dust: the same seed and time draw the same grains.
  public var seed: UInt64

  /// How long the dust takes to come back when hiding, in seconds.
  static let hideDuration = 0.4
  /// How long the cross-fade of a reveal takes with reduced motion, in seconds.
  static let crossFadeDuration = 0.15

  /// Creates spoilers, hidden unless told otherwise.
  ///
  /// - Parameters:
  ///   - mode: Whether a second tap hides them again; not by default, as in Telegram.
  ///   - isRevealed: Whether they start revealed.
  ///   - seed: The seed of the dust.
  public init(mode: Mode = .revealOnly, isRevealed: Bool = false, seed: UInt64 = 0) {
    self.mode = mode
    self.seed = seed
    self.phase = isRevealed ? .revealed : .hidden
  }

  /// The phase at a time: a change that has run its course has become its end phase.
  package func phase(at time: Double) -> Phase {
    switch phase {
    case .revealing(_, _, let start, let duration) where time - start >= duration: .revealed
    case .hiding(let start) where time - start >= Self.hideDuration: .hidden
    default: phase
    }
  }

  /// Whether the spoilers are revealed, or being revealed, at a time.
  public func isRevealed(at time: Double) -> Bool {
    switch phase(at: time) {
    case .revealed, .revealing: true
    case .hidden, .hiding: false
    }
  }

  /// When the change in progress ends, or `nil` when nothing changes.
  func changeEnd(after time: Double) -> Double? {
    switch phase(at: time) {
    case .revealing(_, _, let start, let duration): start + duration
    case .hiding(let start): start + Self.hideDuration
    case .hidden, .revealed: nil
    }
  }

  /// Reveals every spoiler from a tap: a circle grows from the tap until it covers the whole
  /// area, easing in, in `0.55 − 0.2·f` seconds, `f` the tap's distance from the area's centre
  /// over its half-diagonal (a tap near an edge spreads faster); with reduced motion, a 0.15 s
  /// cross-fade. Spoilers already revealed or being revealed stay as they are, except that in
  /// ``Mode/toggle`` a tap on revealed spoilers hides them.
  ///
  /// - Returns: Whether anything changed.
  @discardableResult
  mutating func tap(_ tap: SpoilerTap, at time: Double, reducesMotion: Bool) -> Bool {
    switch phase(at: time) {
    case .hidden, .hiding:
      reveal(from: tap, at: time, reducesMotion: reducesMotion)
      return true
    case .revealed where mode == .toggle:
      phase = .hiding(since: time)
      return true
    default:
      return false
    }
  }

  /// Reveals or hides every spoiler from outside (a binding's new value), starting at a time; a
  /// reveal without a tap spreads from the centre of the area.
  package mutating func setRevealed(
    _ isRevealed: Bool, area: CGRect, at time: Double, reducesMotion: Bool = false
  ) {
    switch (isRevealed, phase(at: time)) {
    case (true, .hidden), (true, .hiding):
      reveal(
        from: SpoilerTap(point: CGPoint(x: area.midX, y: area.midY), area: area), at: time,
        reducesMotion: reducesMotion)
    case (false, .revealed), (false, .revealing):
      phase = .hiding(since: time)
    default:
      break
    }
  }

  private mutating func reveal(from tap: SpoilerTap, at time: Double, reducesMotion: Bool) {
    let area = LayoutRect(tap.area)
    let point = LayoutPoint(tap.point)
    let halfDiagonal = hypot(area.width, area.height) / 2
    let distance = hypot(point.x - area.midX, point.y - area.midY)
    let fraction = halfDiagonal > 0 ? min(1, distance / halfDiagonal) : 0
    // The circle's final radius reaches the area's farthest corner.
    var radius = 0.0
    for x in [area.minX, area.maxX] {
      for y in [area.minY, area.maxY] { radius = max(radius, hypot(x - point.x, y - point.y)) }
    }
    phase = .revealing(
      center: tap.point, radius: radius, since: time,
      duration: reducesMotion ? Self.crossFadeDuration : 0.55 - 0.2 * fraction)
  }
}

/// A tap on a spoiler: where it landed, and the area every spoiler of the text covers, from
/// which the reveal spreads and which it must cover.
public struct SpoilerTap: Sendable, Hashable {
  /// The tap, in the text's component coordinates.
  package var point: CGPoint
  /// The smallest rectangle holding every hidden word.
  package var area: CGRect

  /// Creates a tap.
  package init(point: CGPoint, area: CGRect) {
    self.point = point
    self.area = area
  }
}
