import Foundation
@_spi(Backend) import TextLayout

/// The App Store "more" text: a text limited to a few lines that expands when tapped.
///
/// The model is a value: give it the text and the environment (width, type size, theme,
/// direction), ask it for a display list at a time, hit-test taps against that list, and perform
/// the action at the tap's time. It owns its expanded state as a plain property, so a SwiftUI
/// view keeps the model (or binds ``isExpanded``) in its state. Links answer taps, and spoilers
/// in the text are covered by dust until a tap reveals them.
///
/// ```swift
/// var model = ExpandableTextModel(
///   text: StyledText(description), environment: ComponentEnvironment(width: 343))
/// let list = try model.displayList(using: engine, at: now)
/// if let action = model.hitTest(tap, in: list) { model.perform(action, at: now) }
/// ```
public struct ExpandableTextModel: RevealComponent, Hashable {
  /// What a tap on an expandable text does.
  public enum Action: Sendable, Hashable {
    /// Show the whole text.
    case expand
    /// Go back to the line limit.
    case collapse
    /// Open a link.
    case openLink(URL)
    /// Reveal (or, in toggle mode, hide) the spoilers from a tap.
    case tapSpoiler(SpoilerTap)
  }

  /// The text. Setting a different text collapses the model and hides its spoilers again.
  public var text: StyledText {
    didSet {
      guard text != oldValue else { return }
      isExpanded = false
      transition = nil
      spoilers = SpoilerState(mode: spoilers.mode, seed: spoilers.seed)
    }
  }
  /// The width, type size, theme, direction and motion.
  public var environment: ComponentEnvironment
  /// The lines shown while collapsed, 3 by default; `LineLimit.unlimited` never
  /// cuts the text.
  public var lineLimit: LineLimit
  /// How the cut is shown.
  public var truncationStyle: TruncationStyle
  /// Whether runs of blank lines become one newline while collapsed.
  public var collapsesBlankLines: Bool
  /// The expand button's label.
  public var moreLabel: String
  /// The collapse button's label, shown after the expanded text; `nil` for none.
  public var lessLabel: String?
  /// Whether a tap anywhere on a cut text toggles it.
  public var togglesOnTapAnywhere: Bool
  /// The duration of the expand and collapse animation, in seconds (0.35 by default); 0, or
  /// Reduce Motion in the environment, changes state at once.
  public var animationDuration: Double
  /// Whether the whole text is shown (or being expanded).
  public var isExpanded: Bool
  /// The spoilers of the text.
  public var spoilers: SpoilerState
  /// The expand or collapse under way, if any.
  private(set) var transition: Transition?
  /// The layouts made last, shared by the copies of this model; left out of `==`.
  let cache = ExpandableTextCache()

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - environment: The width, type size, theme, direction and motion.
  ///   - lineLimit: The lines shown while collapsed.
  ///   - truncationStyle: `.fade` (App Store) or `.inline` ("… more").
  ///   - moreLabel: The expand label.
  ///   - lessLabel: The collapse label, or `nil` for none.
  ///   - isExpanded: Whether the model starts expanded.
  public init(
    text: StyledText, environment: ComponentEnvironment, lineLimit: LineLimit = .lines(3),
    truncationStyle: TruncationStyle = .fade, moreLabel: String = "more",
    lessLabel: String? = nil, isExpanded: Bool = false
  ) {
    self.text = text
    self.environment = environment
    self.lineLimit = lineLimit
    self.truncationStyle = truncationStyle
    self.collapsesBlankLines = true
    self.moreLabel = moreLabel
    self.lessLabel = lessLabel
    self.togglesOnTapAnywhere = false
    self.animationDuration = Self.defaultAnimationDuration
    self.isExpanded = isExpanded
    self.spoilers = SpoilerState()
  }

  /// Two models are equal when their text, environment, settings and state are; the cache is
  /// left out. Every stored property is listed here or in the test that checks this list.
  public static func == (lhs: ExpandableTextModel, rhs: ExpandableTextModel) -> Bool {
    lhs.text == rhs.text && lhs.environment == rhs.environment && lhs.lineLimit == rhs.lineLimit
      && lhs.truncationStyle == rhs.truncationStyle
      && lhs.collapsesBlankLines == rhs.collapsesBlankLines && lhs.moreLabel == rhs.moreLabel
      && lhs.lessLabel == rhs.lessLabel && lhs.togglesOnTapAnywhere == rhs.togglesOnTapAnywhere
      && lhs.animationDuration == rhs.animationDuration && lhs.isExpanded == rhs.isExpanded
      && lhs.spoilers == rhs.spoilers && lhs.transition == rhs.transition
  }

  /// Hashes what `==` compares: everything but the cache.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(environment)
    hasher.combine(lineLimit)
    hasher.combine(truncationStyle)
    hasher.combine(collapsesBlankLines)
    hasher.combine(moreLabel)
    hasher.combine(lessLabel)
    hasher.combine(togglesOnTapAnywhere)
    hasher.combine(animationDuration)
    hasher.combine(isExpanded)
    hasher.combine(spoilers)
    hasher.combine(transition)
  }

  /// The duration of every expand and collapse animation unless set otherwise, in seconds.
  package static let defaultAnimationDuration = 0.35

  /// How far outside a button's rectangle a tap still hits it, in points.
  static let hitSlop = 8.0

  // MARK: - Actions

  /// Performs a tap's action at a time: expanding and collapsing animate from that time, a
  /// spoiler tap reveals from its point, and a link is handed back to open.
  @discardableResult
  public mutating func perform(_ action: Action, at time: Double) -> URL? {
    switch action {
    case .expand, .collapse:
      let expands = action == .expand
      guard expands != isExpanded else { return .none }
      isExpanded = expands
      let duration = environment.reducesMotion ? 0 : animationDuration
      transition =
        transition?.reversed(at: time, duration: duration)
        ?? Transition(start: time, duration: duration)
    case .openLink(let url):
      return url
    case .tapSpoiler(let tap):
      spoilers.tap(tap, at: time, reducesMotion: environment.reducesMotion)
    }
    return nil
  }

  /// The action under a point: the button first, then hidden words, links, and the whole text
  /// when ``togglesOnTapAnywhere`` is set; a spoiler tap carries the point.
  public func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action? {
    switch displayList.action(at: point) {
    case .tapSpoiler(let tap): .tapSpoiler(TextContent.located(tap, at: point))
    case let other: other
    }
  }

  // MARK: - Display list

  /// The model's display list at a time: the state it shows, or the frame of its animation.
  ///
  /// - Complexity: One line-limited measurement, one layout of the state shown, one
  ///   measurement of the other state (none when the text is not cut), and the label's layout;
  ///   during an animation, the expanded state is laid out and clipped.
  public func displayList(
    using engine: TextLayoutEngine, at time: Double, visibleRect: CGRect?
  ) throws(TextRevealError) -> DisplayList<Action> {
    let width = environment.width
    if let transition, transition.isRunning(at: time),
      case let expanded = try layout(using: engine, expanded: true), expanded.isTruncated
    {
      let (from, to) =
        isExpanded
        ? (expanded.collapsedHeight, expanded.expandedHeight)
        : (expanded.expandedHeight, expanded.collapsedHeight)
      let height = from + (to - from) * transition.progress(at: time)
      let content = TextContent(layout: expanded.text, origin: LayoutPoint(x: 0, y: 0))
      let clip = CGRect(x: 0, y: 0, width: width, height: height)
      return DisplayList(
        size: CGSize(width: width, height: height), background: environment.theme.background,
        items: [
          .group(
            GroupItem(
              items: content.items(
                environment: environment, spoilers: spoilers, at: time),
              clip: clip))
        ],
        accessibility: accessibility(of: expanded, frame: clip, at: time),
        animation: DisplayAnimation.until(transition.end).combined(
          with: content.animation(environment: environment, spoilers: spoilers, at: time)))
    }
    let layout = try layout(using: engine, expanded: isExpanded)
    return displayList(of: layout, at: time)
  }

  private func displayList(of layout: ExpandableTextLayout, at time: Double) -> DisplayList<Action>
  {
    let theme = environment.theme
    let content = TextContent(layout: layout.text, origin: LayoutPoint(x: 0, y: 0))
    var items = content.items(
      environment: environment, spoilers: spoilers, at: time)
    if let fade = layout.fade {
      items = [
        .group(
          GroupItem(
            items: items, mask: .fade(FadeMask(rect: fade.rect.cgRect, clearEdge: fade.clearEdge))))
      ]
    }
    if let label = layout.moreLabel {
      items.append(
        .text(
          TextItem(
            layout: label.layout, origin: label.origin.cgPoint, color: theme.accent,
            accentColor: theme.accent)))
    }
    let frame = CGRect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
    var regions: [HitRegion<Action>] = []
    if let button = layout.button {
      let slop = Self.hitSlop
      regions.append(
        HitRegion(
          rect: CGRect(
            x: button.minX - slop, y: button.minY - slop, width: button.width + 2 * slop,
            height: button.height + 2 * slop),
          action: layout.isExpanded ? .collapse : .expand))
    }
    regions += content.hitRegions(
      spoilers: spoilers, at: time, spoiler: { .tapSpoiler($0) }, link: { .openLink($0) })
    if togglesOnTapAnywhere && layout.isTruncated {
      regions.append(HitRegion(rect: frame, action: layout.isExpanded ? .collapse : .expand))
    }
    return DisplayList(
      size: frame.size, background: theme.background, items: items, hitRegions: regions,
      accessibility: accessibility(of: layout, frame: frame, at: time),
      animation: content.animation(environment: environment, spoilers: spoilers, at: time))
  }

  /// What assistive technologies read: the whole text (never cut, hidden spoilers read as
  /// "spoiler"), its expanded state and the action that toggles it, then its links.
  private func accessibility(
    of layout: ExpandableTextLayout, frame: CGRect, at time: Double
  ) -> [AccessibilityElement<Action>] {
    let label = TextContent.accessibleLabel(
      of: cache.trimmed(text), spoilers: spoilers, at: time)
    var elements = [
      layout.isTruncated
        ? AccessibilityElement(
          role: .text, label: label, frame: frame, isExpanded: isExpanded,
          action: isExpanded ? Action.collapse : .expand,
          actionName: isExpanded ? (lessLabel ?? "collapse") : moreLabel)
        : AccessibilityElement(role: .text, label: label, frame: frame)
    ]
    elements += TextContent(layout: layout.text, origin: LayoutPoint(x: 0, y: 0))
      .linkElements { .openLink($0) }
    return elements
  }
}
