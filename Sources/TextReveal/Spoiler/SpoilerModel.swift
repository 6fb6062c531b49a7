import Foundation
import TextLayout

/// Text with hidden parts, Telegram style: dust over the hidden words, revealed from the tap
/// point.
///
/// The model reads the spoiler runs of a laid-out text (``TextLayout/TextStyle/isSpoiler``)
/// and covers their visible words (``SpoilerRegion``). A tap inside any spoiler rectangle
/// reveals every spoiler of the text at once; a tap elsewhere does nothing. The reveal is a
/// circle centred on the tap that grows, easing in, until it covers the farthest corner of all
/// the rectangles, in `0.55 − 0.2·f` seconds, where `f` is the tap's distance from the centre
/// of the spoiler area relative to its half-diagonal (a tap near an edge spreads faster). In
/// ``Mode/toggle`` a second tap hides them again, the dust fading back in over 0.4 s; the
/// default, like Telegram, only reveals. With ``reducesMotion`` the dust is static dots and
/// the reveal an instant cross-fade.
///
/// Time is an input, never read from a clock: transitions keep their start time, and every
/// question about what shows takes the time of the frame.
///
/// ```swift
/// var spoiler = SpoilerModel(layout: layout, seed: 7)
/// if spoiler.tap(at: point, time: now) { startAnimating() }
/// let reveal = spoiler.reveal(at: now)       // the circle, what shows
/// spoiler.field.particles(at: now, into: &particles)
/// ```
public struct SpoilerModel: Sendable, Hashable {
  /// Whether a second tap hides the spoilers again.
  public enum Mode: Sendable, Hashable {
    /// A tap reveals; the spoilers stay revealed (Telegram).
    case revealOnly
    /// A tap on a revealed spoiler hides every spoiler again.
    case toggle
  }

  /// Where the spoilers stand.
  public enum State: Sendable, Hashable {
    /// Covered by dust.
    case hidden
    /// Being revealed from a tap point since a time.
    case revealing(from: LayoutPoint, since: Double)
    /// Shown.
    case revealed
    /// Being covered again since a time.
    case hiding(since: Double)
  }

  /// The hidden runs and their rectangles.
  public private(set) var regions: [SpoilerRegion]
  /// The dust over them.
  public private(set) var field: ParticleField
  /// The state, with the start time of a transition.
  public private(set) var state: State
  /// Whether a second tap hides again.
  public var mode: Mode
  /// Whether motion is reduced: static dots, and a cross-fade instead of the circle.
  public var reducesMotion: Bool {
    didSet { field.reducesMotion = reducesMotion }
  }

  /// How long the dust takes to come back when hiding, in seconds.
  public static let hideDuration = 0.4
  /// How long the cross-fade of a reveal takes with reduced motion, in seconds.
  public static let crossFadeDuration = 0.15
  /// How far dust inside the reveal circle is pushed outward by the end, in points.
  public static let pushDistance = 12.0

  /// Creates the spoilers of a laid-out text, hidden.
  ///
  /// - Parameters:
  ///   - layout: The text as laid out; its spoiler runs are the regions.
  ///   - seed: The seed of the dust.
  ///   - mode: Whether a second tap hides again.
  ///   - reducesMotion: Whether motion is reduced.
  public init(
    layout: LaidOutText, seed: UInt64 = 0, mode: Mode = .revealOnly, reducesMotion: Bool = false
  ) {
    regions = SpoilerRegion.regions(in: layout)
    field = ParticleField(
      regions: regions.map(\.rects), seed: seed, reducesMotion: reducesMotion)
    state = .hidden
    self.mode = mode
    self.reducesMotion = reducesMotion
  }

  /// Follows a new layout of the text (a new width, the text expanded or changed): the
  /// rectangles are recomputed, the state is kept. A reveal in progress ends revealed, since
  /// its circle belonged to the old rectangles.
  public mutating func update(layout: LaidOutText) {
    regions = SpoilerRegion.regions(in: layout)
    field = ParticleField(
      regions: regions.map(\.rects), seed: field.seed, reducesMotion: reducesMotion)
    if case .revealing = state { state = .revealed }
  }

  // MARK: - Interaction

  /// Whether a point lies on a spoiler rectangle: only there does a tap do anything.
  public func hitTest(_ point: LayoutPoint) -> Bool {
    regions.contains { $0.rects.contains { $0.contains(point) } }
  }

  /// A tap at a point and time: reveals every spoiler when it lands on one that is hidden (or,
  /// in toggle mode, hides them when they are revealed).
  ///
  /// - Returns: Whether the tap changed anything.
  @discardableResult
  public mutating func tap(at point: LayoutPoint, time: Double) -> Bool {
    guard hitTest(point) else { return false }
    switch state(at: time) {
    case .hidden:
      state = .revealing(from: point, since: time)
      return true
    case .revealed where mode == .toggle:
      state = .hiding(since: time)
      return true
    default:
      return false
    }
  }

  /// Reveals or hides every spoiler from outside (a binding's new value), starting at a time;
  /// a reveal without a tap spreads from the centre of the spoiler area.
  public mutating func setRevealed(_ isRevealed: Bool, at time: Double) {
    let current = state(at: time)
    if isRevealed, current == .hidden || isHiding(current) {
      state = .revealing(from: center, since: time)
    } else if !isRevealed, current == .revealed || isRevealing(current) {
      state = .hiding(since: time)
    }
  }

  /// Whether every spoiler is (being) revealed at a time.
  public func isRevealed(at time: Double) -> Bool {
    switch state(at: time) {
    case .revealed, .revealing: true
    case .hidden, .hiding: false
    }
  }

  /// The state at a time: a finished transition has become its end state.
  public func state(at time: Double) -> State {
    switch state {
    case .revealing(let tap, let start) where time - start >= revealDuration(from: tap):
      .revealed
    case .hiding(let start) where time - start >= Self.hideDuration:
      .hidden
    default:
      state
    }
  }

  /// Whether the state stays the same after a time (nothing animates but the dust).
  public func isFinished(at time: Double) -> Bool {
    switch state(at: time) {
    case .hidden, .revealed: true
    case .revealing, .hiding: false
    }
  }

  private func isHiding(_ state: State) -> Bool {
    if case .hiding = state { return true }
    return false
  }

  private func isRevealing(_ state: State) -> Bool {
    if case .revealing = state { return true }
    return false
  }

  // MARK: - Geometry of the reveal

  /// The smallest rectangle holding every spoiler rectangle.
  public var bounds: LayoutRect {
    let rects = regions.flatMap(\.rects)
    guard let first = rects.first else { return LayoutRect(x: 0, y: 0, width: 0, height: 0) }
    var minX = first.minX
    var minY = first.minY
    var maxX = first.maxX
    var maxY = first.maxY
    for rect in rects {
      minX = min(minX, rect.minX)
      minY = min(minY, rect.minY)
      maxX = max(maxX, rect.maxX)
      maxY = max(maxY, rect.maxY)
    }
    return LayoutRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  private var center: LayoutPoint { LayoutPoint(x: bounds.midX, y: bounds.midY) }

  /// How long a reveal from a tap point takes: `0.55 − 0.2·f` seconds, `f` the tap's distance
  /// from the centre of the spoiler area over its half-diagonal, at most 1; with reduced
  /// motion, the cross-fade's duration.
  public func revealDuration(from tap: LayoutPoint) -> Double {
    if reducesMotion { return Self.crossFadeDuration }
    let halfDiagonal = hypot(bounds.width, bounds.height) / 2
    let distance = hypot(tap.x - center.x, tap.y - center.y)
    let fraction = halfDiagonal > 0 ? min(1, distance / halfDiagonal) : 0
    return 0.55 - 0.2 * fraction
  }

  /// The radius at which the circle from a tap covers every spoiler rectangle: the distance
  /// to the farthest corner.
  public func finalRadius(from tap: LayoutPoint) -> Double {
    var radius = 0.0
    for rect in regions.flatMap(\.rects) {
      for corner in [
        LayoutPoint(x: rect.minX, y: rect.minY), LayoutPoint(x: rect.maxX, y: rect.minY),
        LayoutPoint(x: rect.minX, y: rect.maxY), LayoutPoint(x: rect.maxX, y: rect.maxY),
      ] {
        radius = max(radius, hypot(corner.x - tap.x, corner.y - tap.y))
      }
    }
    return radius
  }

  /// What shows at a time: how much of the hidden text, and how much of the dust.
  public struct Reveal: Sendable, Hashable {
    /// The circle inside which the text shows and the dust is pushed out and fades, while a
    /// reveal spreads; `nil` otherwise.
    public var circle: (center: LayoutPoint, radius: Double)? {
      get { center.map { ($0, radius) } }
      set {
        center = newValue?.center
        radius = newValue?.radius ?? 0
      }
    }
    private var center: LayoutPoint?
    private var radius: Double
    /// How far the reveal has come, 0 to 1 (eased).
    public var progress: Double
    /// The opacity of the hidden text outside the circle (all of it when there is no circle).
    public var textOpacity: Double
    /// The opacity of the dust outside the circle.
    public var dustOpacity: Double

    init(circle: (LayoutPoint, Double)?, progress: Double, textOpacity: Double, dustOpacity: Double)
    {
      center = circle?.0
      radius = circle?.1 ?? 0
      self.progress = progress
      self.textOpacity = textOpacity
      self.dustOpacity = dustOpacity
    }

    /// Whether a point's hidden text shows (fully) at this moment.
    public func showsText(at point: LayoutPoint) -> Bool {
      if let center { return hypot(point.x - center.x, point.y - center.y) <= radius }
      return textOpacity >= 1
    }
  }

  /// What shows at a time.
  public func reveal(at time: Double) -> Reveal {
    switch state(at: time) {
    case .hidden:
      return Reveal(circle: nil, progress: 0, textOpacity: 0, dustOpacity: 1)
    case .revealed:
      return Reveal(circle: nil, progress: 1, textOpacity: 1, dustOpacity: 0)
    case .revealing(let tap, let start):
      let linear = max(0, min(1, (time - start) / revealDuration(from: tap)))
      if reducesMotion {
        return Reveal(circle: nil, progress: linear, textOpacity: linear, dustOpacity: 1 - linear)
      }
      // Ease in: slow at the tap, fast as it reaches the far corners.
      let eased = linear * linear
      return Reveal(
        circle: (tap, finalRadius(from: tap) * eased), progress: eased, textOpacity: 0,
        dustOpacity: 1)
    case .hiding(let start):
      let linear = max(0, min(1, (time - start) / Self.hideDuration))
      return Reveal(circle: nil, progress: 1 - linear, textOpacity: 1 - linear, dustOpacity: linear)
    }
  }

  /// The dust at a time as it is drawn: the field's particles, those inside a spreading circle
  /// pushed outward and faded with the reveal's progress, every opacity times the dust's.
  ///
  /// - Parameters:
  ///   - time: The frame's time.
  ///   - particles: A buffer, emptied first; keep it between frames.
  public func dust(at time: Double, into particles: inout [SpoilerParticle]) {
    let reveal = reveal(at: time)
    guard reveal.dustOpacity > 0 || reveal.circle != nil else {
      particles.removeAll(keepingCapacity: true)
      return
    }
    field.particles(at: time, into: &particles)
    for index in particles.indices {
      var particle = particles[index]
      if let (center, radius) = reveal.circle {
        let dx = particle.position.x - center.x
        let dy = particle.position.y - center.y
        let distance = hypot(dx, dy)
        if distance <= radius {
          let push = Self.pushDistance * reveal.progress
          if distance > 0 {
            particle.position.x += dx / distance * push
            particle.position.y += dy / distance * push
          }
          particle.opacity *= max(0, 1 - reveal.progress) * (1 - distance / max(radius, 1e-9))
        }
      } else {
        particle.opacity *= reveal.dustOpacity
      }
      particles[index] = particle
    }
  }

  // MARK: - Accessibility and copying

  /// What assistive technologies read at a time: the text with each hidden spoiler read as
  /// "spoiler" until it is revealed.
  public func accessibilityLabel(of text: StyledText, at time: Double) -> String {
    guard !isRevealed(at: time) else { return text.string }
    var result = ""
    var offset = 0
    let utf8 = text.string.utf8
    for region in SpoilerRegion.allRanges(in: text) {
      result += String(decoding: Array(utf8)[offset..<region.lowerBound], as: UTF8.self)
      result += "spoiler"
      offset = region.upperBound
    }
    result += String(decoding: Array(utf8)[offset...], as: UTF8.self)
    return result
  }

  /// The text of a range for copying or selection, or `nil` while it touches a hidden
  /// spoiler: hidden text is not handed out.
  public func copyableText(of text: StyledText, in range: Range<Int>, at time: Double) -> String? {
    if !isRevealed(at: time),
      SpoilerRegion.allRanges(in: text).contains(where: { $0.overlaps(range) })
    {
      return nil
    }
    return String(text.slice(range))
  }
}

extension SpoilerRegion {
  /// The ranges of every spoiler run of a text, adjacent runs joined, whether shown or not.
  static func allRanges(in text: StyledText) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for run in text.runs where run.style.isSpoiler {
      if let last = result.last, last.upperBound == run.range.lowerBound {
        result[result.count - 1] = last.lowerBound..<run.range.upperBound
      } else {
        result.append(run.range)
      }
    }
    return result
  }
}
