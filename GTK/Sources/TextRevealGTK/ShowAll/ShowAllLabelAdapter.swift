import TextLayout
import TextRaster
import TextReveal

/// The label behind ``ShowAllLabelWidget``: a text at a line limit, which knows from the
/// truncation detector whether it is cut and then shows a "Show all" button under it.
struct ShowAllLabelAdapter: ComponentAdapter {
  /// What a click on the label does.
  enum Action: Hashable {
    /// The "Show all" button.
    case showAll
  }

  static let role = WidgetRole.label

  /// The text, the line limit and the environment the widget sets.
  var detector: TruncationDetector
  var reducesMotion = false
  /// The button's label.
  var buttonLabel = "Show all"

  private let layouts = LastValueCache<TruncationDetector, Parts>()

  /// The text laid out, and the button when the text is cut.
  private struct Parts {
    var text: LaidOutText
    var button: (label: LaidOutText, frame: LayoutRect)?
    var height: Double
  }

  // The button's geometry: the renderer's "show all" still (`ComponentRenderer.image(of:
  // showAllLabel:theme:)`) draws the same pill. It moves into the model with the display list.
  private static let buttonSpacing = 10.0
  private static let buttonPadding = (horizontal: 14.0, vertical: 6.0)

  var environment: ComponentEnvironment {
    get { detector.environment }
    set { detector.environment = newValue }
  }

  func scene(using engine: TextLayoutEngine, at time: Double) throws -> ComponentScene<Action> {
    var detector = detector
    let label = buttonLabel
    let parts = try layouts.value(for: detector) { () throws(TextRevealError) in
      let environment = detector.environment
      let isTruncated = try detector.update(using: engine).isTruncated
      do throws(TextLayoutError) {
        let text = try engine.layout(
          detector.text.scaled(to: environment.typeSize),
          configuration: LayoutConfiguration(
            width: environment.width, lineLimit: detector.lineLimit,
            direction: environment.direction, tabStops: environment.tabStops))
        guard isTruncated else { return Parts(text: text, button: nil, height: text.size.height) }
        let button = try engine.layout(
          StyledText(
            label,
            style: TextStyle(size: 15 * environment.typeSize.scale, weight: .semibold)),
          configuration: LayoutConfiguration(width: environment.width))
        let width = button.size.width + 2 * Self.buttonPadding.horizontal
        let frame = LayoutRect(
          x: environment.direction == .rightToLeft ? environment.width - width : 0,
          y: text.size.height + Self.buttonSpacing, width: width,
          height: button.size.height + 2 * Self.buttonPadding.vertical)
        return Parts(text: text, button: (button, frame), height: frame.maxY)
      } catch {
        throw .layout(error)
      }
    }
    let theme = detector.environment.theme
    return ComponentScene(
      size: LayoutSize(width: detector.environment.width, height: parts.height),
      isAnimating: false,
      accessibility: WidgetAccessibility(
        label: detector.text.string, description: parts.button == nil ? nil : label,
        isExpanded: parts.button == nil ? nil : false),
      activation: parts.button == nil ? nil : .showAll,
      hitTest: { point in
        guard let frame = parts.button?.frame, frame.contains(point) else { return nil }
        return .showAll
      }
    ) { canvas, renderer, origin throws(TextRasterError) in
      try renderer.glyphs.draw(
        parts.text, at: origin, in: &canvas, colors: TextColors(theme: theme))
      guard let (label, frame) = parts.button else { return }
      let pill = LayoutRect(
        x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width,
        height: frame.height)
      canvas.fill(roundedRect: pill, cornerRadius: pill.height / 2, color: theme.accent)
      try renderer.glyphs.draw(
        label,
        at: LayoutPoint(
          x: pill.minX + Self.buttonPadding.horizontal, y: pill.minY + Self.buttonPadding.vertical),
        in: &canvas, colors: TextColors(primary: theme.background))
    }
  }

  mutating func perform(_ action: Action, at time: Double) -> ActionOutcome {
    .showAll
  }
}
