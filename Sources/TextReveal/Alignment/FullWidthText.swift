import Foundation
@_spi(Backend) import TextLayout

/// A text whose frame fills the available width, with the text aligned inside it.
///
/// Two alignments are at work and they are different things: the *frame alignment* places the
/// text's own box (as wide as its widest line) inside the full-width frame, and the *text
/// alignment* places each line inside the text's box. Paragraphs in a stack line up on the
/// frame alignment no matter where their lines break. Leading and trailing follow the layout
/// direction.
///
/// ```swift
/// let title = FullWidthText(
///   text: StyledText("Release notes"), environment: ComponentEnvironment(width: 320),
///   frameAlignment: .center)
/// let list = try title.displayList(using: engine)
/// ```
public struct FullWidthText: RevealComponent, Hashable {
  /// What a tap on the text does.
  public enum Action: Sendable, Hashable {
    /// Open a link.
    case openLink(URL)
    /// Reveal (or, in toggle mode, hide) the spoilers from a tap.
    case tapSpoiler(SpoilerTap)
  }

  /// The text.
  public var text: StyledText
  /// Where the text's box sits in the full-width frame.
  public var frameAlignment: FrameAlignment
  /// How lines are aligned inside the text's box.
  public var textAlignment: LineAlignment
  /// The available width, type size, theme, direction and motion.
  public var environment: ComponentEnvironment
  /// The spoilers of the text.
  public var spoilers: SpoilerState

  /// Creates a full-width text.
  public init(
    text: StyledText, environment: ComponentEnvironment,
    frameAlignment: FrameAlignment = .leading, textAlignment: LineAlignment = .leading
  ) {
    self.text = text
    self.environment = environment
    self.frameAlignment = frameAlignment
    self.textAlignment = textAlignment
    self.spoilers = SpoilerState()
  }

  /// A horizontal frame alignment.
  public enum FrameAlignment: Sendable, Hashable, CaseIterable {
    /// The leading edge of the layout direction.
    case leading
    /// Centered.
    case center
    /// The trailing edge of the layout direction.
    case trailing
  }

  /// Performs a tap's action: a spoiler tap reveals from its point, a link is handed back.
  @discardableResult
  public mutating func perform(_ action: Action, at time: Double) -> URL? {
    switch action {
    case .openLink(let url): return url
    case .tapSpoiler(let tap):
      spoilers.tap(tap, at: time, reducesMotion: environment.reducesMotion)
      return nil
    }
  }

  /// The action under a point; a spoiler tap carries the point.
  public func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action? {
    switch displayList.action(at: point) {
    case .tapSpoiler(let tap): .tapSpoiler(TextContent.located(tap, at: point))
    case let other: other
    }
  }

  /// The text laid out in its box, placed in the full-width frame.
  public func displayList(
    using engine: TextLayoutEngine, at time: Double, visibleRect: CGRect?
  ) throws(TextRevealError) -> DisplayList<Action> {
    let aligned = try layout(using: engine)
    let content = TextContent(layout: aligned.layout, origin: aligned.textFrame.origin)
    let regions = content.hitRegions(
      spoilers: spoilers, at: time, spoiler: { Action.tapSpoiler($0) }, link: { .openLink($0) })
    return DisplayList(
      size: aligned.frame.size.cgSize, background: environment.theme.background,
      items: content.items(
        environment: environment, spoilers: spoilers, at: time),
      hitRegions: regions,
      accessibility: [
        AccessibilityElement(
          role: .text,
          label: TextContent.accessibleLabel(of: text, spoilers: spoilers, at: time),
          frame: aligned.textFrame.cgRect)
      ] + content.linkElements { .openLink($0) },
      animation: content.animation(environment: environment, spoilers: spoilers, at: time))
  }

  /// Lays the text out in the environment's width: the full frame, the text's box in it, and
  /// the text laid out in that box.
  package func layout(using engine: TextLayoutEngine) throws(TextRevealError) -> AlignedText {
    do {
      return try layOut(using: engine)
    } catch {
      throw .layout(error)
    }
  }

  private func layOut(using engine: TextLayoutEngine) throws(TextLayoutError) -> AlignedText {
    let width = environment.width
    let direction = environment.direction
    let text = text.scaled(to: environment.typeSize)
    // The natural width only: measured, with no glyphs placed.
    let natural = try engine.measure(
      text,
      configuration: LayoutConfiguration(
        width: width, direction: direction, tabStops: environment.tabStops))
    // Greedy breaking gives the same lines at the widest line's width, so the text can be laid
    // out again in its own box with the text alignment applied there.
    let boxWidth = min(width, natural.layoutSize.width + 1e-6)
    let boxed = try engine.layout(
      text,
      configuration: LayoutConfiguration(
        width: max(boxWidth, 1e-6), alignment: textAlignment, direction: direction,
        tabStops: environment.tabStops))
    let free = width - boxWidth
    let isRightToLeft = direction == .rightToLeft
    let x: Double =
      switch frameAlignment {
      case .leading: isRightToLeft ? free : 0
      case .center: free / 2
      case .trailing: isRightToLeft ? 0 : free
      }
    return AlignedText(
      frame: LayoutRect(x: 0, y: 0, width: width, height: boxed.layoutSize.height),
      textFrame: LayoutRect(x: x, y: 0, width: boxWidth, height: boxed.layoutSize.height),
      layout: boxed)
  }
}

/// A text laid out inside a full-width frame.
package struct AlignedText: Sendable, Hashable {
  /// The full-width frame.
  package var frame: LayoutRect
  /// The text's own box inside the frame.
  package var textFrame: LayoutRect
  /// The text laid out in its box; add `textFrame.origin` to its coordinates.
  package var layout: LaidOutText
}
