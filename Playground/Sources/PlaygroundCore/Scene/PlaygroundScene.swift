import TextLayout
import TextMarkdown
import TextRaster
import TextReveal

/// Builds the library's models from a session, draws them, and routes taps to their hit tests.
///
/// Nothing here lays text out or hit-tests on its own: the models (``ExpandableTextModel``,
/// ``ExpandingList``, ``SpoilerModel``, ``TruncationDetector``, ``FullWidthText``) do, and the
/// ``ComponentRenderer`` draws what they laid out. The one exception is the detector's "Show
/// all" pill, whose rectangle the renderer computes without exposing it (see
/// ``showAllButton(below:label:)``).
public struct PlaygroundScene {
  /// The fonts and the renderer of the session's language.
  public let typesetter: Typesetter

  /// The seconds a change takes, as the models' default.
  static let duration = 0.35

  /// Creates a scene that draws with a typesetter.
  public init(typesetter: Typesetter) {
    self.typesetter = typesetter
  }

  var engine: TextLayoutEngine { typesetter.stack.engine }
  var renderer: ComponentRenderer { typesetter.renderer }

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
    guard settings.markdown,
      var text = try? MarkdownParser.styledText(from: settings.text, base: base)
    else { return StyledText(settings.text, style: base) }
    text.setDefaultLanguage(settings.textLanguage)
    return text
  }

  // MARK: - Dispatch

  /// Draws a component in its current state.
  ///
  /// Never throws: a component that cannot be drawn (too narrow, too large an image) gets an
  /// ``ComponentView/error`` instead, and the others are drawn as usual.
  public func view(of component: Component, session: inout PlaygroundSession) -> ComponentView {
    drawing(component) { () throws(PlaygroundError) in
      switch component {
      case .expandable: try expandableView(session: session)
      case .detector: try detectorView(session: &session)
      case .list: try listView(session: session)
      case .alignment: try alignmentView(session: session)
      case .spoiler: try spoilerView(session: session)
      }
    }
  }

  /// What a tap did.
  public struct TapResult: Sendable {
    /// The action the model's hit test answered, or `"none"`.
    public var action: String
    /// The component after the tap, with the animation of the change if there was one.
    public var view: ComponentView
  }

  /// Hit-tests a tap with the component's model and performs what it hits.
  ///
  /// - Parameters:
  ///   - point: The tap, in the component's coordinates (points from its top-left corner).
  ///   - component: The component tapped.
  ///   - session: The session, changed when the tap hits something.
  public func tap(
    at point: LayoutPoint, on component: Component, session: inout PlaygroundSession
  ) -> TapResult {
    var action = "none"
    let view = drawing(component) { () throws(PlaygroundError) in
      switch component {
      case .expandable: try tapExpandable(at: point, session: &session, action: &action)
      case .detector: try tapDetector(at: point, session: &session, action: &action)
      case .list: try tapList(at: point, session: &session, action: &action)
      case .alignment: try alignmentView(session: session)
      case .spoiler: try tapSpoiler(at: point, session: &session, action: &action)
      }
    }
    if action != "none" { session.version += 1 }
    return TapResult(action: action, view: view)
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

  /// The times of the frames between two states of a change, as the renderer's own loops
  /// space them: one frame time apart, at least two steps.
  func steps(duration: Double) -> [Double] {
    let count = max(2, Int((duration * renderer.framesPerSecond).rounded(.up)))
    return (0...count).map { duration * Double($0) / Double(count) }
  }

  /// How long one frame of an animation shows.
  var frameDelay: Duration { .milliseconds(Int(1000 / renderer.framesPerSecond)) }
}
