import Foundation
import TextLayout
import TextRaster
import TextReveal

/// The text with spoilers behind ``SpoilerTextWidget``: the text, and the taps that revealed
/// (or, in toggle mode, hid) its spoilers.
///
/// The spoiler model belongs to one layout of the text, so the adapter keeps the taps instead
/// and replays them on the model of each layout, which is deterministic in time: at the width a
/// tap was made, it is replayed as that tap (the reveal spreads from where it landed); at
/// another width, as a reveal from the middle that started at the same time.
struct SpoilerTextAdapter: ComponentAdapter {
  /// What a click on a text with spoilers does.
  enum Action: Hashable {
    /// Reveal the spoilers (or hide them again, in toggle mode) from a point.
    case tapSpoiler(LayoutPoint)
    /// Open a link.
    case link(URL)
  }

  static let role = WidgetRole.label

  /// The text, with its spoiler runs; a new text starts hidden again.
  var text: StyledText {
    didSet { if text != oldValue { taps = [] } }
  }
  var environment: ComponentEnvironment
  var reducesMotion = false
  /// Whether a second tap hides the spoilers again.
  var mode: SpoilerModel.Mode = .revealOnly
  /// The seed of the dust.
  var seed: UInt64 = 0
  /// The widest the text asks to be, in points, when it is given the choice; `nil` to fill the
  /// width it is given.
  var naturalWidthLimit: Double?
  /// The taps on spoilers so far, in order.
  private(set) var taps: [Tap] = []

  private let layouts = LastValueCache<LayoutKey, LaidOutText>()
  private let models = LastValueCache<ModelKey, SpoilerModel>()
  private let particles = ParticleBuffer()

  /// A tap on a spoiler.
  struct Tap: Hashable {
    /// Where it landed, in the layout of its width.
    var point: LayoutPoint
    /// The frame clock's time.
    var time: Double
    /// The width the text had.
    var width: Double
  }

  private struct LayoutKey: Equatable {
    var text: StyledText
    var environment: ComponentEnvironment
  }

  private struct ModelKey: Equatable {
    var layout: LayoutKey
    var taps: [Tap]
    var seed: UInt64
    var mode: SpoilerModel.Mode
    var reducesMotion: Bool
  }

  /// The dust of the last frame, kept so that a frame allocates none.
  private final class ParticleBuffer {
    var particles: [SpoilerParticle] = []
  }

  init(text: StyledText) {
    self.text = text
    self.environment = ComponentEnvironment(width: 1)
  }

  /// The text scaled to the type size, its links in the theme's accent color.
  private var shownText: StyledText {
    var shown = text.scaled(to: environment.typeSize)
    for run in shown.runs where run.style.link != nil && run.style.color == nil {
      shown.updateStyle(in: run.range) { $0.color = environment.theme.accent }
    }
    return shown
  }

  func naturalWidth(using engine: TextLayoutEngine) throws -> Double {
    guard let limit = naturalWidthLimit else { return 0 }
    let measured = try engine.measure(
      shownText,
      configuration: LayoutConfiguration(
        width: limit, direction: environment.direction, tabStops: environment.tabStops))
    // The widest line, rounded up by GTK, lays out on the same lines.
    return min(limit, measured.size.width)
  }

  func scene(using engine: TextLayoutEngine, at time: Double) throws -> ComponentScene<Action> {
    let key = LayoutKey(text: text, environment: environment)
    let environment = environment
    let shown = shownText
    let layout = try layouts.value(for: key) { () throws(TextLayoutError) in
      try engine.layout(
        shown,
        configuration: LayoutConfiguration(
          width: environment.width, direction: environment.direction,
          tabStops: environment.tabStops))
    }
    let spoilers = models.value(
      for: ModelKey(
        layout: key, taps: taps, seed: seed, mode: mode, reducesMotion: reducesMotion)
    ) {
      var model = SpoilerModel(
        layout: layout, seed: seed, mode: mode, reducesMotion: reducesMotion)
      for tap in taps {
        if tap.width == environment.width {
          model.tap(at: tap.point, time: tap.time)
        } else {
          model.setRevealed(!model.isRevealed(at: tap.time), at: tap.time)
        }
      }
      return model
    }
    let state = spoilers.state(at: time)
    let dustMoves = !spoilers.regions.isEmpty && !reducesMotion && state != .revealed
    let accepts = state == .hidden || (state == .revealed && spoilers.mode == .toggle)
    let theme = environment.theme
    let buffer = particles
    let isRevealed = spoilers.isRevealed(at: time)
    return ComponentScene(
      size: LayoutSize(width: environment.width, height: layout.size.height),
      isAnimating: dustMoves || !spoilers.isFinished(at: time),
      accessibility: WidgetAccessibility(
        label: spoilers.accessibilityLabel(of: shown, at: time),
        description: spoilers.regions.isEmpty || isRevealed ? nil : "Reveal spoiler",
        isExpanded: nil),
      // The keyboard reveals from the middle of the first hidden word.
      activation: accepts
        ? spoilers.regions.first?.rects.first.map {
          .tapSpoiler(LayoutPoint(x: $0.midX, y: $0.midY))
        }
        : nil,
      hitTest: { point in
        if spoilers.hitTest(point) { return accepts ? .tapSpoiler(point) : nil }
        return layout.link(at: point).map { .link($0.url) }
      }
    ) { canvas, renderer, origin throws(TextRasterError) in
      try renderer.draw(
        layout, spoilers: spoilers, at: time, origin: origin, in: &canvas, theme: theme,
        particles: &buffer.particles)
    }
  }

  mutating func perform(_ action: Action, at time: Double) -> ActionOutcome {
    switch action {
    case .tapSpoiler(let point):
      taps.append(Tap(point: point, time: time, width: environment.width))
      return .changed
    case .link(let url):
      return .openURL(url)
    }
  }
}
