import Foundation
@_spi(Backend) import TextLayout

/// Text with hidden parts, Telegram style: dust over the hidden words, revealed from the tap
/// point.
///
/// The hidden parts are the text's spoiler runs (`TextStyle.isSpoiler`), covered
/// word by word: a spoiler that wraps has dust on both lines, the spaces between its words stay
/// clear, and lines never merge into one slab. A tap on a hidden word reveals every spoiler of
/// the text at once, with a circle spreading from the tap, easing in, until it covers them all;
/// a tap elsewhere does nothing (links excepted). In ``SpoilerState/Mode/toggle`` a second tap
/// hides them again, the dust fading back in. With Reduce Motion the dust is static dots and
/// the reveal a cross-fade.
///
/// ```swift
/// var text = StyledText("The butler did it: ")
/// text.append("he is the twin brother", style: TextStyle(isSpoiler: true))
/// var message = SpoilerText(text: text, environment: ComponentEnvironment(width: 320))
/// let list = try message.displayList(using: engine, at: now)
/// if let action = message.hitTest(tap, in: list) { message.perform(action, at: now) }
/// ```
public struct SpoilerText: RevealComponent, Hashable {
  /// What a tap on the text does.
  public enum Action: Sendable, Hashable {
    /// Reveal (or, in toggle mode, hide) the spoilers from a tap.
    case tapSpoiler(SpoilerTap)
    /// Open a link.
    case openLink(URL)
  }

  /// The text with its spoiler runs. Setting a different text hides the spoilers again.
  public var text: StyledText {
    didSet {
      if text != oldValue { spoilers = SpoilerState(mode: spoilers.mode, seed: spoilers.seed) }
    }
  }
  /// The width, type size, theme, direction and motion.
  public var environment: ComponentEnvironment
  /// The lines shown, unlimited by default.
  public var lineLimit: LineLimit
  /// The spoilers' state.
  public var spoilers: SpoilerState

  /// Creates a text with spoilers, hidden.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - environment: The width, type size, theme, direction and motion.
  ///   - mode: Whether a second tap hides the spoilers again.
  ///   - seed: The seed of the dust.
  public init(
    text: StyledText, environment: ComponentEnvironment, mode: SpoilerState.Mode = .revealOnly,
    seed: UInt64 = 0
  ) {
    self.text = text
    self.environment = environment
    self.lineLimit = .unlimited
    self.spoilers = SpoilerState(mode: mode, seed: seed)
  }

  /// Performs a tap's action at a time.
  @discardableResult
  public mutating func perform(_ action: Action, at time: Double) -> URL? {
    switch action {
    case .tapSpoiler(let tap):
      spoilers.tap(tap, at: time, reducesMotion: environment.reducesMotion)
      return nil
    case .openLink(let url):
      return url
    }
  }

  /// The action under a point; a spoiler tap carries the point.
  public func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action? {
    switch displayList.action(at: point) {
    case .tapSpoiler(let tap): .tapSpoiler(TextContent.located(tap, at: point))
    case let other: other
    }
  }

  /// The text with its spoilers as they stand at a time.
  public func displayList(
    using engine: TextLayoutEngine, at time: Double, visibleRect: CGRect?
  ) throws(TextRevealError) -> DisplayList<Action> {
    let layout: LaidOutText
    do {
      layout = try engine.layout(
        text.scaled(to: environment.typeSize),
        configuration: LayoutConfiguration(
          width: environment.width, lineLimit: lineLimit, direction: environment.direction,
          truncationToken: lineLimit == .unlimited ? nil : .ellipsis,
          tabStops: environment.tabStops))
    } catch {
      throw .layout(error)
    }
    let content = TextContent(layout: layout, origin: LayoutPoint(x: 0, y: 0))
    let frame = CGRect(x: 0, y: 0, width: environment.width, height: layout.layoutSize.height)
    return DisplayList(
      size: frame.size, background: environment.theme.background,
      items: content.items(
        environment: environment, spoilers: spoilers, at: time),
      hitRegions: content.hitRegions(
        spoilers: spoilers, at: time, spoiler: { .tapSpoiler($0) }, link: { .openLink($0) }),
      accessibility: [
        AccessibilityElement(
          role: .text,
          label: TextContent.accessibleLabel(of: text, spoilers: spoilers, at: time), frame: frame)
      ] + content.linkElements { .openLink($0) },
      animation: content.animation(environment: environment, spoilers: spoilers, at: time))
  }
}
