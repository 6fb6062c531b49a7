import TextLayout
import TextRaster
import TextReveal

/// One row of an expanding list, behind a row widget of ``ExpandingListWidget``.
///
/// The row is laid out as a list of that one row, by the list model itself, so its height,
/// "Read more" label and hit test are the model's; its expanded state is read from the list's
/// ``ExpansionSet`` by identity. A toggle animates the row's height from the old layout to the
/// new one, as the model's list animation draws it.
struct ListRowAdapter<ID: Hashable & Sendable>: ComponentAdapter {
  typealias Action = ListHit<ID>

  static var role: WidgetRole { .group }

  /// The list the row belongs to.
  let state: ListState<ID>
  /// The row shown; `nil` for a widget not bound to a row yet.
  var row: ListRow<ID>? {
    didSet { if row?.id != oldValue?.id { transition = nil } }
  }
  var environment = ComponentEnvironment(width: 1)
  var reducesMotion = false
  /// The toggle under way: when it started.
  private(set) var transition: Double?

  private let layouts = LastValueCache<LayoutKey, Layouts>()

  private struct LayoutKey: Equatable {
    var row: ListRow<ID>
    var isExpanded: Bool
    var environment: ComponentEnvironment
    var lineLimit: LineLimit
    var metrics: ExpandingList<ID>.Metrics
    var labels: [String]
    var avatar: String?
  }

  /// The row laid out in its state and in the other one (the start of a toggle), and its
  /// avatar.
  private struct Layouts {
    var shown: ListLayout<ID>
    var other: ListLayout<ID>
    var chrome: ListChrome<ID>
  }

  init(state: ListState<ID>) {
    self.state = state
  }

  /// How long a toggle takes.
  var duration: Double { reducesMotion ? 0 : 0.35 }

  func scene(using engine: TextLayoutEngine, at time: Double) throws -> ComponentScene<Action> {
    guard let row else {
      return ComponentScene(
        size: LayoutSize(width: environment.width, height: 0), isAnimating: false,
        accessibility: WidgetAccessibility(label: "", description: nil, isExpanded: nil),
        hitTest: { _ in nil }, draw: { _, _, _ in })
    }
    let list = state.list
    let avatar = state.avatar?(row.id)
    let key = LayoutKey(
      row: row, isExpanded: list.expansion.isExpanded(row.id), environment: environment,
      lineLimit: list.lineLimit, metrics: list.metrics,
      labels: [list.readMoreLabel, list.showLessLabel], avatar: avatar?.initials)
    let layouts = try self.layouts.value(for: key) { () throws(TextRevealError) in
      try Self.layOut(row, of: list, avatar: avatar, environment: environment, using: engine)
    }
    let shown = layouts.shown
    let laidOutRow = shown.rows[0]
    let theme = environment.theme
    let chrome = layouts.chrome
    let label = laidOutRow.isExpanded ? list.showLessLabel : list.readMoreLabel
    let accessibility = WidgetAccessibility(
      label: row.text.string, description: laidOutRow.isTruncated ? label : nil,
      isExpanded: laidOutRow.isTruncated ? laidOutRow.isExpanded : nil)
    let hitTest = { (point: LayoutPoint) in shown.hitTest(point) }
    // A click anywhere on a cut row toggles it: the keyboard's is one at its corner.
    let activation = shown.hitTest(LayoutPoint(x: 1, y: 1))
    if let transition, time - transition < duration {
      let animation = ListAnimation(from: layouts.other, to: shown, duration: duration)
      let elapsed = max(0, time - transition)
      return ComponentScene(
        size: LayoutSize(width: shown.size.width, height: animation.height(at: elapsed)),
        isAnimating: true, accessibility: accessibility, activation: activation,
        hitTest: hitTest
      ) { canvas, renderer, origin throws(TextRasterError) in
        try renderer.draw(
          animation, at: elapsed, chrome: chrome, origin: origin, in: &canvas, theme: theme)
      }
    }
    return ComponentScene(
      size: shown.size, isAnimating: false, accessibility: accessibility,
      activation: activation, hitTest: hitTest
    ) { canvas, renderer, origin throws(TextRasterError) in
      try renderer.draw(shown, chrome: chrome, at: origin, in: &canvas, theme: theme)
    }
  }

  /// A row laid out as a list of itself, in its state and the other, with its avatar.
  private static func layOut(
    _ row: ListRow<ID>, of list: ExpandingList<ID>,
    avatar: (initials: String, color: TextColor)?, environment: ComponentEnvironment,
    using engine: TextLayoutEngine
  ) throws(TextRevealError) -> Layouts {
    var single = ExpandingList(
      rows: [row], environment: environment, lineLimit: list.lineLimit,
      expansion: list.expansion)
    single.metrics = list.metrics
    single.readMoreLabel = list.readMoreLabel
    single.showLessLabel = list.showLessLabel
    if avatar == nil { single.metrics.accessorySize = 0 }
    let shown = try single.layout(using: engine)
    single.expansion.toggle(row.id)
    let other = try single.layout(using: engine)
    var avatars: [ID: ListChrome<ID>.Avatar] = [:]
    if let avatar {
      let style = TextStyle(
        size: 16 * environment.typeSize.scale, weight: .semibold,
        color: TextColor(red: 1, green: 1, blue: 1))
      do {
        let initials = try engine.layout(
          StyledText(avatar.initials, style: style),
          configuration: LayoutConfiguration(width: 160))
        avatars[row.id] = .init(color: avatar.color, initials: initials)
      } catch {
        throw .layout(error)
      }
    }
    return Layouts(
      shown: shown, other: other, chrome: ListChrome(avatars: avatars, showsSeparators: false))
  }

  mutating func perform(_ action: Action, at time: Double) -> ActionOutcome {
    guard action.id == row?.id else { return .none }
    state.list.perform(action)
    transition = duration > 0 ? time : nil
    return .changed
  }
}
