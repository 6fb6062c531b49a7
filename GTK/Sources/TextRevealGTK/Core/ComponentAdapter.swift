import Foundation
import TextRaster
@_spi(FrontEnd) import TextReveal

/// The seam between the GTK widget core (``ComponentWidget``) and a component: one generic
/// value over any ``TextReveal/RevealComponent``, with no GTK in it, so that the tests drive it
/// without a display.
///
/// It asks the component the three questions of the component shape and turns the answers into
/// what a widget needs:
///
/// - the display list at a time, for the width, type size, theme, direction and motion the
///   widget gives it (``environment``), and drawn with the one renderer entry point
///   (``draw(_:band:with:)``);
/// - the action under a point (the component's own hit test) and performing it at a time
///   (``perform(_:at:)``), with what the front end must do about it (``ActionOutcome``);
/// - from the display list's accessible elements, what assistive technologies read
///   (``accessibility(of:)``) and what the keyboard does (``keyboardAction(in:)``).
///
/// Nothing here knows which component it holds: no geometry, durations or labels of a
/// component are written in the GTK package.
struct ComponentAdapter<Component: RevealComponent> {
  /// The component, with its state.
  var component: Component
  /// Actions the application takes over before the component sees them: a "Show all" that
  /// opens a page of its own. Returns whether it took the action.
  var takesOver: ((Component.Action) -> Bool)?
  /// The widest the component asks to be, in points, when its container lets it choose (a chat
  /// bubble that hugs a short message); `nil` to fill the width it is given.
  var naturalWidthLimit: Double?
  /// The accessible description of a keyboard action the component gives no name: revealing
  /// hidden words is the components' only action without one.
  var unnamedActionName = "Reveal spoiler"

  init(component: Component) {
    self.component = component
  }

  /// The width, type size, theme, direction and motion; the component's own tab stops are kept.
  var environment: ComponentEnvironment {
    get { component.environment }
    set {
      var next = newValue
      next.tabStops = component.environment.tabStops
      component.environment = next
    }
  }

  // MARK: - Drawing

  /// The component's display list at a time, for the whole component.
  func displayList(
    using engine: TextLayoutEngine, at time: Double
  ) throws(TextRevealError) -> DisplayList<Component.Action> {
    try component.displayList(using: engine, at: time, visibleRect: nil)
  }

  /// A display list drawn as the widget shows it: on a transparent background (the window's
  /// shows through, a chat bubble's color too), and only a band of it when a scrolled window
  /// shows no more.
  ///
  /// - Parameters:
  ///   - list: The component's display list.
  ///   - band: The part to draw, in the component's points; `nil` for all of it.
  ///   - renderer: The renderer at the widget's scale factor.
  /// - Returns: The bitmap, `band.size × scale` pixels rounded up (the list's size for all).
  func draw(
    _ list: DisplayList<Component.Action>, band: CGRect?, with renderer: ComponentRenderer
  ) throws(TextRasterError) -> RGBABitmap {
    var shown = list
    shown.background = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
    if let band, band != CGRect(origin: .zero, size: list.size) {
      shown = shown.cropped(to: band)
    }
    return try renderer.image(of: shown)
  }

  /// The width the component asks for when it may choose, in points: its texts' widest line
  /// at ``naturalWidthLimit``, or 0 when it fills the width it is given.
  func naturalWidth(using engine: TextLayoutEngine) throws(TextRevealError) -> Double {
    guard let limit = naturalWidthLimit else { return 0 }
    var measuring = component
    measuring.environment.width = limit
    let list = try measuring.displayList(using: engine, at: 0, visibleRect: nil)
    return min(limit, Self.textWidth(of: list.items))
  }

  /// The width of the box holding every line of the texts among some items.
  private static func textWidth(of items: [DisplayItem]) -> Double {
    var minX = Double.infinity
    var maxX = -Double.infinity
    func visit(_ items: [DisplayItem]) {
      for item in items {
        switch item {
        case .text(let text) where !text.layout.lines.isEmpty:
          let frame = text.linesFrame
          minX = min(minX, Double(frame.minX))
          maxX = max(maxX, Double(frame.maxX))
        case .group(let group): visit(group.items)
        case .text, .shape, .dust: break
        }
      }
    }
    visit(items)
    return maxX > minX ? maxX - minX : 0
  }

  // MARK: - Actions

  /// The action under a point of a display list, by the component's own hit test.
  func action(at point: CGPoint, in list: DisplayList<Component.Action>) -> Component.Action? {
    component.hitTest(point, in: list)
  }

  /// Performs an action at a time: the application takes it over, or the component performs
  /// it.
  mutating func perform(_ action: Component.Action, at time: Double) -> ActionOutcome {
    if takesOver?(action) == true { return .takenOver }
    if let url = component.perform(action, at: time) { return .openURL(url) }
    return .changed
  }

  /// What the keyboard's Return or space does: the action of the first accessible part that has
  /// one (other than a link), else the first place a click does something other than open a
  /// link (a hidden word), with its name; `nil` when the component does nothing.
  func keyboardAction(
    in list: DisplayList<Component.Action>
  ) -> (action: Component.Action, name: String?)? {
    let elements = list.accessibility
    if let element = elements.first(where: { $0.role != .link && $0.action != nil }),
      let action = element.action
    {
      return (action, element.actionName)
    }
    let links = Set(elements.filter { $0.role == .link }.compactMap(\.action))
    return list.hitRegions.first { !links.contains($0.action) }.map { ($0.action, nil) }
  }

  /// What assistive technologies read of the component: the first text's (or row's) label and
  /// expanded state, and the keyboard action's name as the description.
  func accessibility(of list: DisplayList<Component.Action>) -> WidgetAccessibility {
    let main = list.accessibility.first { $0.role == .text || $0.role == .row }
    let keyboard = keyboardAction(in: list)
    return WidgetAccessibility(
      label: main?.label ?? "",
      description: keyboard.map { $0.name ?? unnamedActionName },
      isExpanded: main?.isExpanded)
  }
}
