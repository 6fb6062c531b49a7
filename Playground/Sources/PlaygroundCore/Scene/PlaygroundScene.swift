import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown
@_spi(FrontEnd) import TextRaster
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

  /// A tap on any component: its display list's hit test and the action performed at time 0;
  /// the frames of the change it starts are laid out and drawn after the answer.
  ///
  /// The answer carries the new state and its size at once, from the display list of the end
  /// state; the frames and the still are left in ``ComponentView/frames``, for the same thread
  /// to draw after the answer: each frame is drawn whole but sent as the rectangle that
  /// changed since the frame before, and the frame at time 0 is not sent (the page shows it
  /// already: the still from before the tap).
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
    let first = try draw { try component.displayList(using: engine, at: 0) }
    var view = ComponentView(state: state(last))
    let renderer = self.renderer
    view.setSize(of: last.size, padding: Self.padding, scale: renderer.scale)
    let changeEnd = min(2, first.animation.changeEnd ?? 0)
    let animates = first.animation.isChanging(after: 0)
    if animates { view.animationMilliseconds = Int((changeEnd * 1000).rounded(.up)) }
    let model = component
    view.frames = FrameJob(
      draw: { sink throws(PlaygroundError) in
        try drawFrames(of: model, first: first, last: last, into: animates ? sink : nil)
      }, animates: animates)
    return (action, nil, view)
  }

  /// Lays out and draws the frames of a change into a sink, one at a time as they are drawn;
  /// answers the still of the end state, encoded as PNG.
  ///
  /// The frames are laid out at 30 a second after the change's first frame (which the page
  /// shows already), each at the size of the larger of the first and the end state (a
  /// component that grows or shrinks keeps its top-left corner). The animation is left out
  /// when it does not fit the answer's pixel budget: the still alone is sent. The stream always
  /// ends on the still: the last frame when it is (a change that grows or keeps the size),
  /// else the still sent whole.
  private func drawFrames<C: RevealComponent>(
    of component: C, first: DisplayList<C.Action>, last: DisplayList<C.Action>,
    into sink: FrameSink?
  ) throws(PlaygroundError) -> [UInt8] {
    let step = 1 / Self.framesPerSecond
    let frameMilliseconds = Int(1000 * step)
    let largest = CGSize(
      width: max(first.size.width, last.size.width),
      height: max(first.size.height, last.size.height))
    let changeEnd = min(2, first.animation.changeEnd ?? 0)
    let count = Int((changeEnd / step).rounded(.up)) + 1
    let animates = sink != nil && allowsAnimation(largest, frames: count)
    let renderer = self.renderer
    var previous: RGBABitmap?
    var sent = false
    var settled = false
    var index = 0
    while animates, let sink, !sink.isCancelled, Double(index + 1) * step < 2 {
      index += 1
      let time = Double(index) * step
      var list = try draw { try component.displayList(using: engine, at: time) }
      settled = !list.animation.isChanging(after: time)
      list.size = largest
      if !sent, renderer.scale != .x1, Self.isLarge(largest, scale: renderer.scale) {
        // A large first frame is drawn at one pixel per point and stretched by the page: a
        // quarter of the drawing and of the bytes, so it is on the page within a frame of the
        // answer; the next frame is sent whole at the full scale.
        var reduced = renderer
        reduced.scale = .x1
        let bitmap = try draw { try reduced.image(of: list, padding: Self.padding) }
        // As it is, unless it is large even so (a component of a million points).
        let pixels = try draw {
          bitmap.width * bitmap.height > Self.largeFramePixels
            ? try PNGEncoder.encode(bitmap, compression: .fast) : bitmap.straightAlphaBytes()
        }
        sink.send(
          pixels, milliseconds: index * frameMilliseconds,
          columns: 0..<bitmap.width, rows: 0..<bitmap.height,
          width: Self.pixels(largest.width, scale: renderer.scale),
          height: Self.pixels(largest.height, scale: renderer.scale), stretched: true)
        sent = true
        if settled { break }
        continue
      }
      let bitmap = try draw { try renderer.image(of: list, padding: Self.padding) }
      let region =
        previous.map { bitmap.changedRegion(from: $0) } ?? (0..<bitmap.width, 0..<bitmap.height)
      previous = bitmap
      // A frame equal to the one before is not sent: the page shows that one longer.
      if let region {
        // The first frame is what the page waits for: its pixels as they are (deflating a
        // whole list at 2x took twice as long as drawing it, and the browser's decoding as
        // long again); the later ones have the frames' time to spare and are PNG.
        let pixels = try draw {
          sent || region.columns.count * region.rows.count > Self.largeFramePixels
            ? try PNGEncoder.encode(
              bitmap, columns: region.columns, rows: region.rows, compression: .fast)
            : bitmap.straightAlphaBytes()
        }
        sink.send(
          pixels, milliseconds: index * frameMilliseconds, columns: region.columns,
          rows: region.rows, width: bitmap.width, height: bitmap.height)
        sent = true
      }
      if settled { break }
    }
    return try draw {
      // The last frame is the still when every frame ran, the change settled and the end is
      // the largest: not drawn a second time.
      let complete =
        previous != nil && settled && sink?.isCancelled == false && last.size == largest
      let still =
        try previous.flatMap { complete ? $0 : nil }
        ?? renderer.image(of: last, padding: Self.padding)
      let png = try PNGEncoder.encode(still, compression: .fast)
      if let sink, !complete {
        sink.send(
          sent || still.width * still.height > Self.largeFramePixels
            ? png : still.straightAlphaBytes(),
          milliseconds: (index + 1) * frameMilliseconds, columns: 0..<still.width,
          rows: 0..<still.height, width: still.width, height: still.height)
      }
      return png
    }
  }

  /// The most pixels of a first frame drawn at the full scale: a list at 2x (800,000 pixels,
  /// 3.2 MB as they are) took longer than a 60 Hz frame to draw, send and show.
  static let largeFramePixels = 400_000

  /// Whether a first frame of a size is drawn at one pixel per point.
  static func isLarge(_ size: CGSize, scale: RasterScale) -> Bool {
    pixels(size.width, scale: scale) * pixels(size.height, scale: scale) > largeFramePixels
  }

  /// The pixels an image of a length in points takes, with the padding on both sides.
  static func pixels(_ length: CGFloat, scale: RasterScale) -> Int {
    Int(((Double(length) + 2 * padding) * scale.factor).rounded(.up))
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
