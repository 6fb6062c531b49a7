import TextLayout
import TextRaster
import TextReveal

/// The text behind ``FullWidthTextWidget``: a frame as wide as the widget, the text's box
/// aligned in it.
struct FullWidthTextAdapter: ComponentAdapter {
  /// A full-width text does nothing when clicked.
  enum Action: Hashable {}

  static let role = WidgetRole.label

  var model: FullWidthText
  var reducesMotion = false

  private let layouts = LastValueCache<FullWidthText, AlignedText>()

  var environment: ComponentEnvironment {
    get { model.environment }
    set { model.environment = newValue }
  }

  func scene(using engine: TextLayoutEngine, at time: Double) throws -> ComponentScene<Action> {
    let model = model
    let aligned = try layouts.value(for: model) { () throws(TextRevealError) in
      try model.layout(using: engine)
    }
    let theme = model.environment.theme
    return ComponentScene(
      size: LayoutSize(width: aligned.frame.width, height: aligned.frame.height),
      isAnimating: false,
      accessibility: WidgetAccessibility(
        label: model.text.string, description: nil, isExpanded: nil),
      hitTest: { _ in nil }
    ) { canvas, renderer, origin throws(TextRasterError) in
      try renderer.draw(aligned, at: origin, in: &canvas, theme: theme)
    }
  }

  mutating func perform(_ action: Action, at time: Double) -> ActionOutcome {}
}
