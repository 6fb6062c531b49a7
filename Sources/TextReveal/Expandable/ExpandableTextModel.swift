import TextLayout

/// The App Store "more" text: a text limited to a few lines that expands when tapped.
///
/// The model is a value: give it the text and the environment (width, type size, theme,
/// direction), ask it for a layout, hit-test taps against that layout, and perform the action.
/// It owns its expanded state as a plain property, so a SwiftUI view keeps the model (or binds
/// ``isExpanded``) in its state.
///
/// ```swift
/// var model = ExpandableTextModel(
///   text: StyledText(description), environment: ComponentEnvironment(width: 343))
/// let layout = try model.layout(using: engine)
/// if let action = model.hitTest(tap, in: layout) { model.perform(action) }
/// ```
public struct ExpandableTextModel: Sendable, Hashable {
  /// The text. Setting a different text collapses the model again.
  public var text: StyledText {
    didSet { if text != oldValue { isExpanded = false } }
  }
  /// The width, type size, theme and direction.
  public var environment: ComponentEnvironment
  /// The lines shown while collapsed, 3 by default; ``TextLayout/LineLimit/unlimited`` never
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
  /// Whether a tap anywhere on the text toggles it.
  public var togglesOnTapAnywhere: Bool
  /// The duration of the expand and collapse animation, in seconds; 0 (what Reduce Motion
  /// asks for) changes state without an animation.
  public var animationDuration: Double
  /// Whether the whole text is shown.
  public var isExpanded: Bool

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - environment: The width, type size, theme and direction.
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
    self.animationDuration = 0.35
    self.isExpanded = isExpanded
  }

  /// Performs a tap's action; links are left to the caller.
  public mutating func perform(_ action: ExpandableTextAction) {
    switch action {
    case .expand: isExpanded = true
    case .collapse: isExpanded = false
    case .link: break
    }
  }

  // MARK: - Layout

  /// The text as shown expanded: trimmed, scaled to the type size, colored by the theme.
  func expandedText() -> StyledText {
    var result = BlankLineCollapsing.trimmed(text).scaled(to: environment.typeSize)
    // One pass over the runs: a run at a time made a text of many links quadratic.
    let accent = environment.theme.accent
    result.updateEveryStyle { style in
      if style.link != nil && style.color == nil { style.color = accent }
    }
    return result
  }

  /// The style of the buttons: the text's last style, in the accent color.
  func buttonStyle(for text: StyledText) -> TextStyle {
    var style = text.runs.last?.style ?? TextStyle()
    style.color = environment.theme.accent
    style.link = nil
    style.isSpoiler = false
    return style
  }

  /// Lays the model out in its current state.
  ///
  /// - Parameter engine: The layout engine.
  /// - Returns: What to draw, the buttons, and both states' heights.
  /// - Throws: ``TextRevealError/layout(_:)`` for an invalid width.
  public func layout(using engine: TextLayoutEngine) throws(TextRevealError) -> ExpandableTextLayout
  {
    try layout(using: engine, expanded: isExpanded)
  }

  /// Lays the model out in a given state.
  ///
  /// The engine is asked the cheapest question that answers each part: whether the text is
  /// cut and the other state's height come from measuring (lines filled, no glyphs placed),
  /// and only the state shown is laid out. The text's analysis is prepared once and shared by
  /// the passes over it.
  ///
  /// - Complexity: One line-limited measurement, one layout of the state shown, one
  ///   measurement of the other state (none when the text is not cut), and the label's layout.
  public func layout(
    using engine: TextLayoutEngine, expanded: Bool
  ) throws(TextRevealError) -> ExpandableTextLayout {
    do {
      return try layOut(using: engine, expanded: expanded)
    } catch {
      throw .layout(error)
    }
  }

  private func layOut(
    using engine: TextLayoutEngine, expanded: Bool
  ) throws(TextLayoutError) -> ExpandableTextLayout {
    let full = PreparedText(expandedText())
    let limited = LayoutConfiguration(
      width: environment.width, lineLimit: lineLimit, direction: environment.direction,
      tabStops: environment.tabStops)
    // Decided on the text as the reader will see it expanded, before blank lines collapse: a
    // text that only fits once its blank lines are squeezed is still cut.
    let isTruncated = try engine.measure(full, configuration: limited).isTruncated
    let shown =
      collapsesBlankLines && isTruncated
      ? PreparedText(BlankLineCollapsing.collapsed(full.text)) : full
    if expanded && isTruncated {
      var result = try layoutExpanded(full, using: engine)
      result.collapsedHeight =
        try engine.measure(shown, configuration: collapsedConfiguration(for: shown.text))
        .size.height
      return result
    }
    var collapsed = try layoutCollapsed(shown, isTruncated: isTruncated, using: engine)
    if isTruncated {
      collapsed.expandedHeight = try engine.measure(
        expandedText(full), configuration: expandedConfiguration
      ).size.height
    }
    return collapsed
  }

  /// The configuration of the expanded text: every line.
  var expandedConfiguration: LayoutConfiguration {
    LayoutConfiguration(
      width: environment.width, direction: environment.direction, tabStops: environment.tabStops)
  }

  /// The configuration of the collapsed, cut text: the line limit, and the token of the
  /// `.inline` style.
  func collapsedConfiguration(for text: StyledText) -> LayoutConfiguration {
    var configuration = LayoutConfiguration(
      width: environment.width, lineLimit: lineLimit, direction: environment.direction,
      tabStops: environment.tabStops)
    if truncationStyle == .inline {
      configuration.truncationToken = TruncationToken(
        leader: "\u{2026} ", label: moreLabel, labelStyle: buttonStyle(for: text))
    }
    return configuration
  }

  /// The expanded text with the "less" label after it, and the label's range, when there is
  /// one.
  func expandedText(_ full: PreparedText) -> PreparedText {
    guard let lessLabel else { return full }
    var text = full.text
    text.append("\u{00A0}\u{00A0}", style: text.runs.last?.style ?? TextStyle())
    text.append(lessLabel, style: buttonStyle(for: text))
    return PreparedText(text)
  }

  func layoutExpanded(
    _ full: PreparedText, using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ExpandableTextLayout {
    let text = expandedText(full)
    // The label follows the text and two no-break spaces.
    let lessRange =
      lessLabel.map { _ in (full.text.string.utf8.count + 2 * 2)..<text.text.string.utf8.count }
    let laidOut = try engine.layout(text, configuration: expandedConfiguration)
    let lessButton = lessRange.flatMap { laidOut.rects(for: $0).last }
    return ExpandableTextLayout(
      text: laidOut, isExpanded: true, isTruncated: true, moreButton: nil,
      lessButton: lessButton, fade: nil,
      size: LayoutSize(width: environment.width, height: laidOut.size.height), collapsedHeight: 0,
      expandedHeight: laidOut.size.height)
  }

  func layoutCollapsed(
    _ text: PreparedText, isTruncated: Bool, using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ExpandableTextLayout {
    let style = buttonStyle(for: text.text)
    let width = environment.width
    let configuration =
      isTruncated
      ? collapsedConfiguration(for: text.text)
      : LayoutConfiguration(
        width: width, lineLimit: lineLimit, direction: environment.direction,
        tabStops: environment.tabStops)
    let laidOut = try engine.layout(text, configuration: configuration)
    var result = ExpandableTextLayout(
      text: laidOut, isExpanded: false, isTruncated: isTruncated, moreButton: nil,
      lessButton: nil, fade: nil, size: LayoutSize(width: width, height: laidOut.size.height),
      collapsedHeight: laidOut.size.height, expandedHeight: laidOut.size.height)
    guard isTruncated, let last = laidOut.lines.last else { return result }

    switch truncationStyle {
    case .inline:
      if let rect = laidOut.tokenLabelRect {
        let label = try engine.layout(
          StyledText(moreLabel, style: style),
          configuration: LayoutConfiguration(width: max(1, rect.width + 1)))
        result.moreButton = PlacedLabel(
          layout: label, origin: LayoutPoint(x: rect.minX, y: rect.minY))
      }
    case .fade:
      // "more" sits at the trailing end of the last line, on its baseline; the text under a
      // ramp as wide as the label fades out just before it.
      // Left-aligned in its own box whatever the label's script, so that the box's left edge
      // is the label's: a right-to-left label ("עוד") would otherwise align to the far right.
      let label = try engine.layout(
        StyledText(moreLabel, style: style),
        configuration: LayoutConfiguration(width: width, alignment: .leading))
      let labelWidth = label.size.width
      let labelAscent = label.lines.first?.ascent ?? 0
      let isRightToLeft =
        environment.direction == .rightToLeft || last.paragraphLevel & 1 == 1
      let labelX = isRightToLeft ? 0 : width - labelWidth
      result.moreButton = PlacedLabel(
        layout: label, origin: LayoutPoint(x: labelX, y: last.baseline - labelAscent))
      let rampX = isRightToLeft ? labelWidth : labelX - labelWidth
      result.fade = FadeMask(
        rect: LayoutRect(x: rampX, y: last.top, width: labelWidth, height: last.height),
        clearEdge: isRightToLeft ? .left : .right)
    }
    return result
  }

  // MARK: - Interaction

  /// How far outside a button's rectangle a tap still hits it, in points.
  public static let hitSlop = 8.0

  /// What a tap at a point does.
  ///
  /// Buttons come first, then links, then a tap anywhere when ``togglesOnTapAnywhere`` is set.
  ///
  /// - Parameters:
  ///   - point: The tap, in the component's coordinates.
  ///   - layout: The layout the tap landed on.
  /// - Returns: The action, or `nil` when the tap does nothing.
  public func hitTest(_ point: LayoutPoint, in layout: ExpandableTextLayout)
    -> ExpandableTextAction?
  {
    func hits(_ rect: LayoutRect) -> Bool {
      let slop = Self.hitSlop
      return LayoutRect(
        x: rect.minX - slop, y: rect.minY - slop, width: rect.width + 2 * slop,
        height: rect.height + 2 * slop
      ).contains(point)
    }
    if !layout.isExpanded, let button = layout.moreButton, hits(button.frame) { return .expand }
    if layout.isExpanded, let button = layout.lessButton, hits(button) { return .collapse }
    if let link = layout.text.link(at: point) { return .link(link.url) }
    let frame = LayoutRect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
    if togglesOnTapAnywhere && layout.isTruncated && frame.contains(point) {
      return layout.isExpanded ? .collapse : .expand
    }
    return nil
  }

  /// The animation from the current state to the other one.
  public func toggleAnimation(
    using engine: TextLayoutEngine
  ) throws(TextRevealError) -> ExpansionAnimation {
    let layout = try layout(using: engine)
    return ExpansionAnimation(
      fromHeight: layout.isExpanded ? layout.expandedHeight : layout.collapsedHeight,
      toHeight: layout.isExpanded ? layout.collapsedHeight : layout.expandedHeight,
      width: environment.width, duration: animationDuration)
  }

  // MARK: - Accessibility

  /// What assistive technologies read: the whole text, and the action to toggle it.
  public func accessibility(isTruncated: Bool) -> AccessibilityDescription {
    let label = BlankLineCollapsing.trimmed(text).string
    guard isTruncated else {
      return AccessibilityDescription(label: label, value: nil, actionName: nil)
    }
    return AccessibilityDescription(
      label: label, value: isExpanded ? "expanded" : "collapsed",
      actionName: isExpanded ? (lessLabel ?? "collapse") : moreLabel)
  }
}

/// The accessibility of a component: its label, value, and the name of its custom action.
public struct AccessibilityDescription: Sendable, Hashable {
  /// The whole text, never cut.
  public var label: String
  /// The state, such as "collapsed", when there is one.
  public var value: String?
  /// The action's name, such as "more", when there is an action.
  public var actionName: String?
}
