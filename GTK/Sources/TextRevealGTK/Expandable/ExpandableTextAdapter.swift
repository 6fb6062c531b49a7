import TextLayout
import TextRaster
import TextReveal

/// The expandable text behind ``ExpandableTextWidget``: the model, and the expansion or
/// collapse under way.
struct ExpandableTextAdapter: ComponentAdapter {
  typealias Action = ExpandableTextAction

  static let role = WidgetRole.group

  /// The model, whose environment the widget sets.
  var model: ExpandableTextModel {
    didSet { if model.isExpanded != oldValue.isExpanded { transition = nil } }
  }
  var reducesMotion = false
  /// The change of state under way, from a click.
  private(set) var transition: Transition?
  private let layouts = LastValueCache<LayoutKey, ExpandableTextLayout>()
  private let expandedLayouts = LastValueCache<LayoutKey, ExpandableTextLayout>()

  /// An expansion or a collapse: when it started and where it goes.
  struct Transition: Hashable {
    /// The frame clock's time of the click.
    var start: Double
    /// Whether it expands.
    var expands: Bool
  }

  private struct LayoutKey: Equatable {
    var model: ExpandableTextModel
    var expanded: Bool
  }

  init(model: ExpandableTextModel) {
    self.model = model
  }

  var environment: ComponentEnvironment {
    get { model.environment }
    set { model.environment = newValue }
  }

  /// How long a change of state takes: none with reduced motion.
  var duration: Double { reducesMotion ? 0 : model.animationDuration }

  func scene(using engine: TextLayoutEngine, at time: Double) throws -> ComponentScene<Action> {
    let model = model
    let shown = try layouts.value(for: LayoutKey(model: model, expanded: model.isExpanded)) {
      () throws(TextRevealError) in try model.layout(using: engine)
    }
    let theme = model.environment.theme
    let description = model.accessibility(isTruncated: shown.isTruncated)
    let accessibility = WidgetAccessibility(
      label: description.label, description: description.actionName,
      isExpanded: shown.isTruncated ? model.isExpanded : nil)
    let hitTest = { (point: LayoutPoint) in model.hitTest(point, in: shown) }
    let activation: Action? =
      shown.isTruncated ? (model.isExpanded ? .collapse : .expand) : nil
    if let transition, shown.isTruncated, time - transition.start < duration {
      // The expanded text, clipped to the height the animation has reached.
      let expanded =
        model.isExpanded
        ? shown
        : try expandedLayouts.value(for: LayoutKey(model: model, expanded: true)) {
          () throws(TextRevealError) in try model.layout(using: engine, expanded: true)
        }
      let animation = ExpansionAnimation(
        fromHeight: transition.expands ? shown.collapsedHeight : shown.expandedHeight,
        toHeight: transition.expands ? shown.expandedHeight : shown.collapsedHeight,
        width: model.environment.width, duration: duration)
      let elapsed = max(0, time - transition.start)
      return ComponentScene(
        size: LayoutSize(width: shown.size.width, height: animation.height(at: elapsed)),
        isAnimating: true, accessibility: accessibility, activation: activation,
        hitTest: hitTest
      ) { canvas, renderer, origin throws(TextRasterError) in
        try renderer.draw(
          animation, at: elapsed, expanded: expanded, origin: origin, in: &canvas, theme: theme)
      }
    }
    return ComponentScene(
      size: shown.size, isAnimating: false, accessibility: accessibility,
      activation: activation, hitTest: hitTest
    ) { canvas, renderer, origin throws(TextRasterError) in
      try renderer.draw(shown, at: origin, in: &canvas, theme: theme)
    }
  }

  mutating func perform(_ action: Action, at time: Double) -> ActionOutcome {
    switch action {
    case .expand, .collapse:
      let expands = action == .expand
      guard expands != model.isExpanded else { return .none }
      model.perform(action)
      transition = duration > 0 ? Transition(start: time, expands: expands) : nil
      return .changed
    case .link(let url):
      return .openURL(url)
    }
  }
}
