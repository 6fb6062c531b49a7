import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown
import TextRaster
@_spi(FrontEnd) import TextReveal

/// Builds the library's models from a session, draws them, and routes taps to their hit tests.
///
/// Nothing here lays text out or hit-tests on its own: the models (``ExpandableTextModel``,
/// ``ExpandingList``, ``SpoilerModel``, ``TruncationDetector``, ``FullWidthText``) do, and the
/// ``ComponentRenderer`` draws their display lists.
package struct PlaygroundScene {
  /// The fonts and the renderer of the session's language.
  package let typesetter: Typesetter
  /// What the answer being drawn may still draw.
  package let budget: PixelBudget
  /// The pixels per point of the images.
  let scale: RasterScale

  /// Creates a scene that draws with a typesetter, within a budget, at a scale.
  package init(
    typesetter: Typesetter, budget: PixelBudget = PixelBudget(), scale: RasterScale = .x2
  ) {
    self.typesetter = typesetter
    self.budget = budget
    self.scale = scale
  }

  var engine: TextLayoutEngine { typesetter.stack.engine }
  /// The typesetter's renderer at the scene's scale (the glyph cache is shared by the scales).
  var renderer: ComponentRenderer {
    var renderer = typesetter.renderer
    renderer.scale = scale
    return renderer
  }

  /// The base style of every text, in the stack's font and the session's language.
  func style(
    _ settings: PlaygroundSettings, size: Double = 17, weight: FontWeight = .regular
  ) -> TextStyle {
    TextStyle(
      fontFamily: typesetter.stack.defaultFamily, size: size, weight: weight,
      language: settings.textLanguage)
  }

  /// The session's text, read as Markdown when asked.
  func userText(_ settings: PlaygroundSettings) -> StyledText {
    let base = style(settings)
    guard settings.markdown else { return StyledText(settings.text, style: base) }
    var text = MarkdownParser.styledText(from: settings.text, base: base)
    text.setDefaultLanguage(settings.textLanguage)
    return text
  }

  // MARK: - Dispatch

  /// Draws a component in its current state.
  ///
  /// Never throws: a component that cannot be drawn (too narrow, too large an image) gets an
  /// ``ComponentView/error`` instead, and the others are drawn as usual.
  package func view(of component: Component, session: inout PlaygroundSession) -> ComponentView {
    drawing(component) { () throws(PlaygroundError) in
      switch component {
      case .expandable: try view(of: expandableModel(session), state: expandableState)
      case .detector: try detectorView(session: &session)
      case .list: try view(of: listModel(session), state: listState(session))
      case .alignment: try alignmentView(session: session)
      case .spoiler: try view(of: spoilerModel(session), state: spoilerState(session))
      }
    }
  }

  /// Draws components in their current state, by their names.
  package func views(
    of components: [Component], session: inout PlaygroundSession
  ) -> [String: ComponentView] {
    var views: [String: ComponentView] = [:]
    for component in components {
      views[component.rawValue] = view(of: component, session: &session)
    }
    return views
  }

  /// What a tap did.
  package struct TapResult: Sendable {
    /// The action the model's hit test answered, or `"none"`.
    package var action: String
    /// The component after the tap, with the animation of the change if there was one.
    package var view: ComponentView
    /// The link the tap opens, only when it is http, https or mailto: the page opens it in a
    /// new tab, and the server never fetches it.
    package var link: String?
  }

  /// The schemes of the links the page may open.
  static let openableSchemes: Set<String> = ["http", "https", "mailto"]

  /// A link tapped in a text, if the page may open it: any other scheme (`javascript:`,
  /// `file:`, `data:`) is not passed on.
  static func openableLink(_ text: String) -> String? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      openableSchemes.contains(scheme)
    else { return nil }
    return url.absoluteString
  }

  /// Hit-tests a tap with the component's model and performs what it hits.
  ///
  /// - Parameters:
  ///   - point: The tap, in the component's coordinates (points from its top-left corner).
  ///   - component: The component tapped.
  ///   - session: The session, changed when the tap hits something.
  /// - Throws: ``PlaygroundError`` when the component cannot be drawn after the tap (an
  ///   expanded text too tall for the image budget): the caller then keeps the session as it
  ///   was.
  package func tap(
    at point: CGPoint, on component: Component, session: inout PlaygroundSession
  ) throws(PlaygroundError) -> TapResult {
    var action = "none"
    let view: ComponentView
    switch component {
    case .expandable: view = try tapExpandable(at: point, session: &session, action: &action)
    case .detector: view = try tapDetector(at: point, session: &session, action: &action)
    case .list: view = try tapList(at: point, session: &session, action: &action)
    case .alignment: view = try alignmentView(session: session)
    case .spoiler: view = try tapSpoiler(at: point, session: &session, action: &action)
    }
    // A link opens in the page and changes nothing here.
    guard action.hasPrefix("link ") else {
      if action != "none" { session.version += 1 }
      return TapResult(action: action, view: view)
    }
    return TapResult(
      action: action, view: view, link: Self.openableLink(String(action.dropFirst(5))))
  }

  private func drawing(
    _ component: Component, _ body: () throws(PlaygroundError) -> ComponentView
  ) -> ComponentView {
    do {
      return try body()
    } catch {
      var view = ComponentView(state: ComponentState())
      view.error = error.message
      return view
    }
  }

  /// Runs drawing code, turning the library's errors into a component's message.
  func draw<T>(_ body: () throws -> T) throws(PlaygroundError) -> T {
    do {
      return try body()
    } catch let error as PlaygroundError {
      throw error
    } catch {
      throw PlaygroundError(status: 422, "\(error)")
    }
  }

  /// The space around a component on its image, in points: the page subtracts it from a click.
  static let padding = 16.0
  /// The frame rate of the animations a tap answers with.
  static let framesPerSecond = 30.0

  /// A component's still image at a time, and the state the page reads, from its display list.
  func view<C: RevealComponent>(
    of component: C, at time: Double = 0, state: (DisplayList<C.Action>) -> ComponentState
  ) throws(PlaygroundError) -> ComponentView {
    let list = try draw { try component.displayList(using: engine, at: time) }
    var view = ComponentView(state: state(list))
    try chargeStill(list.size)
    try draw {
      try view.setStill(
        try renderer.image(of: list, padding: Self.padding), scale: renderer.scale)
    }
    return view
  }

  /// A tap on any component: its display list's hit test, the action performed at time 0, and
  /// the frames of the change it starts (drawn while the still of the end state is encoded).
  ///
  /// - Returns: The action (nil when the tap hit nothing), the link it opens, and the view.
  func tap<C: RevealComponent>(
    _ component: inout C, at point: CGPoint, state: (DisplayList<C.Action>) -> ComponentState
  ) throws(PlaygroundError) -> (action: C.Action?, url: URL?, view: ComponentView) {
    let before = try draw { try component.displayList(using: engine, at: 0) }
    guard let action = component.hitTest(point, in: before) else {
      return (nil, nil, try view(of: component, state: state))
    }
    let outcome = component.perform(action, at: 0)
    if let url = outcome { return (action, url, try view(of: component, state: state)) }
    // The state the change ends in must fit the budget before any frame is laid out: an
    // expanded 32 KB text at AX5 is refused here, not after sixty layouts of it.
    let last = try draw { try component.displayList(using: engine, at: 2) }
    try chargeStill(last.size)
    var frames: [AnimationFrame<C.Action>] = []
    var time = 0.0
    var list = before
    let step = 1 / Self.framesPerSecond
    while time < 2 {
      list = try draw { try component.displayList(using: engine, at: time) }
      frames.append(AnimationFrame(list: list, delay: .milliseconds(Int(1000 * step))))
      guard list.animation.isChanging(after: time) else { break }
      time += step
    }
    var view = ComponentView(state: state(list))
    let end = list
    let largest = CGSize(
      width: frames.map(\.list.size.width).max() ?? 0,
      height: frames.map(\.list.size.height).max() ?? 0)
    let animates = allowsAnimation(largest, frames: frames.count)
    try draw {
      var still: RGBABitmap?
      if animates {
        // The renderer's animation, frame by frame, to keep the last frame: every frame at the
        // size of the largest (a component that grows keeps its top-left corner).
        var writer = AnimatedPNGWriter(loopCount: 1, compression: .fast)
        for frame in frames {
          var list = frame.list
          list.size = largest
          let bitmap = try renderer.image(of: list, padding: Self.padding)
          try writer.append(bitmap, delay: frame.delay)
          still = bitmap
        }
        try view.setAnimation(writer, milliseconds: frames.count * Int(1000 * step))
        // The last frame is the end's still when it is the largest (a change that grows or
        // keeps the size): not drawn a second time.
        if end.size != largest { still = nil }
      }
      try view.setStill(
        try still ?? renderer.image(of: end, padding: Self.padding), scale: renderer.scale)
    }
    return (action, nil, view)
  }

  /// The laid-out texts display items draw, in drawing order.
  static func texts(_ items: [DisplayItem]) -> [LaidOutText] {
    items.flatMap { item -> [LaidOutText] in
      switch item {
      case .text(let text): [text.layout]
      case .group(let group): texts(group.items)
      case .shape, .dust: []
      }
    }
  }

  /// The rectangles of a display list's hit regions whose action passes a test.
  static func regions<Action>(
    _ list: DisplayList<Action>, where matches: (Action) -> Bool
  ) -> [JSONRect] {
    list.hitRegions.filter { matches($0.action) }.map { JSONRect($0.rect) }
  }
}
