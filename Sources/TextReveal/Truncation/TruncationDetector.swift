import Foundation
@_spi(Backend) import TextLayout

/// A text at a line limit that knows whether it is cut, tells when that answer changes, and
/// shows a "Show all" button only when it is.
///
/// This replaces the SwiftUI trick of laying out a hidden copy of the text and comparing sizes:
/// the answer comes from measuring the text with the layout engine, which fills the lines
/// without placing a glyph. Call ``update(using:)`` whenever the text or its environment
/// changes (a new width, a new type size) to learn whether the answer changed; the display list
/// draws the text with a trailing "…" when it is cut and the "Show all" pill under it, and a
/// tap on the pill shows the whole text.
///
/// ```swift
/// var detector = TruncationDetector(
///   text: blurb, environment: ComponentEnvironment(width: 320), lineLimit: .lines(3))
/// if try detector.update(using: engine).hasChanged {
///   showAllButton.isHidden = detector.isTruncated != true
/// }
/// ```
public struct TruncationDetector: RevealComponent, Hashable {
  /// What a tap on the detector's text does.
  public enum Action: Sendable, Hashable {
    /// Show the whole text.
    case showAll
    /// Go back to the line limit.
    case showLess
    /// Open a link.
    case openLink(URL)
    /// Reveal (or, in toggle mode, hide) the spoilers from a tap.
    case tapSpoiler(SpoilerTap)
  }

  /// The text, with sizes for the large type size.
  public var text: StyledText
  /// The width, type size, theme, direction and motion.
  public var environment: ComponentEnvironment
  /// The number of lines the text is limited to.
  public var lineLimit: LineLimit
  /// The button's label under a cut text.
  public var showAllLabel: String
  /// The button's label under the whole text, or `nil` for no button once all is shown.
  public var showLessLabel: String?
  /// Whether the whole text is shown.
  public var isShowingAll: Bool
  /// The spoilers of the text.
  public var spoilers: SpoilerState
  /// The last answer of ``update(using:)``; `nil` before the first.
  public private(set) var isTruncated: Bool?

  /// Creates a detector.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - environment: The width, type size, theme, direction and motion.
  ///   - lineLimit: The line limit.
  ///   - showAllLabel: The button's label, "Show all" by default.
  public init(
    text: StyledText, environment: ComponentEnvironment, lineLimit: LineLimit,
    showAllLabel: String = "Show all"
  ) {
    self.text = text
    self.environment = environment
    self.lineLimit = lineLimit
    self.showAllLabel = showAllLabel
    self.showLessLabel = nil
    self.isShowingAll = false
    self.spoilers = SpoilerState()
  }

  /// The answer of an update.
  public struct Update: Sendable, Hashable {
    /// Whether the text is cut.
    public var isTruncated: Bool
    /// Whether a visible line is wider than the width (see `LaidOutText.isClipped`):
    /// "Show all" would not reveal that part, so it is reported apart from ``isTruncated``.
    public var isClipped: Bool
    /// Whether that differs from the last answer (always true for the first update).
    public var hasChanged: Bool
  }

  /// Measures the text with the current inputs.
  ///
  /// - Parameter engine: The layout engine.
  /// - Returns: Whether the text is cut, and whether that changed.
  /// - Throws: ``TextRevealError/layout(_:)`` for an invalid width.
  /// - Complexity: One measurement, which stops after the last visible line.
  @discardableResult
  public mutating func update(using engine: TextLayoutEngine) throws(TextRevealError) -> Update {
    let measurement: TextMeasurement
    do {
      measurement = try engine.measure(scaledText, configuration: limitedConfiguration)
    } catch {
      throw .layout(error)
    }
    let hasChanged = measurement.isTruncated != isTruncated
    isTruncated = measurement.isTruncated
    return Update(
      isTruncated: measurement.isTruncated, isClipped: measurement.isClipped,
      hasChanged: hasChanged)
  }

  private var scaledText: StyledText { text.scaled(to: environment.typeSize) }

  private var limitedConfiguration: LayoutConfiguration {
    LayoutConfiguration(
      width: environment.width, lineLimit: lineLimit, direction: environment.direction,
      tabStops: environment.tabStops)
  }

  // MARK: - Actions

  /// Performs a tap's action: "Show all" and "Show less" change what is shown at once, a
  /// spoiler tap reveals from its point, and a link is handed back to open.
  @discardableResult
  public mutating func perform(_ action: Action, at time: Double) -> URL? {
    switch action {
    case .showAll: isShowingAll = true
    case .showLess: isShowingAll = false
    case .openLink(let url): return url
    case .tapSpoiler(let tap):
      spoilers.tap(tap, at: time, reducesMotion: environment.reducesMotion)
    }
    return nil
  }

  /// The action under a point; a spoiler tap carries the point.
  public func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action? {
    switch displayList.action(at: point) {
    case .tapSpoiler(let tap): .tapSpoiler(TextContent.located(tap, at: point))
    case let other: other
    }
  }

  // MARK: - Display list

  /// The space between the text and the button, in points.
  static let buttonSpacing = 10.0
  /// The button's padding around its label, across and down, in points.
  static let buttonPadding = (horizontal: 14.0, vertical: 6.0)

  /// The text at its limit (or whole), with "…" where it is cut, and the button under it when
  /// there is one: a pill in the accent color at the leading edge, its label in the
  /// background color.
  public func displayList(
    using engine: TextLayoutEngine, at time: Double, visibleRect: CGRect?
  ) throws(TextRevealError) -> DisplayList<Action> {
    let theme = environment.theme
    let text = scaledText
    let laidOut: LaidOutText
    let isCut: Bool
    var label: LaidOutText?
    do {
      isCut = try engine.measure(text, configuration: limitedConfiguration).isTruncated
      var configuration = limitedConfiguration
      configuration.truncationToken = .ellipsis
      if isShowingAll { configuration.lineLimit = .unlimited }
      laidOut = try engine.layout(text, configuration: configuration)
      if let title = isShowingAll ? showLessLabel : showAllLabel, isCut {
        var style = TextStyle(
          fontFamily: text.runs.first?.style.fontFamily ?? TextStyle().fontFamily,
          size: 15 * environment.typeSize.scale, weight: .semibold)
        style.color = theme.background
        label = try engine.layout(
          StyledText(title, style: style),
          configuration: LayoutConfiguration(width: environment.width, alignment: .leading))
      }
    } catch {
      throw .layout(error)
    }
    let content = TextContent(layout: laidOut, origin: LayoutPoint(x: 0, y: 0))
    var items = content.items(
      environment: environment, spoilers: spoilers, at: time)
    var regions: [HitRegion<Action>] = []
    var height = laidOut.layoutSize.height
    var accessibility: [AccessibilityElement<Action>] = [
      AccessibilityElement(
        role: .text,
        label: TextContent.accessibleLabel(of: self.text, spoilers: spoilers, at: time),
        frame: CGRect(x: 0, y: 0, width: environment.width, height: height),
        isExpanded: isCut ? isShowingAll : nil)
    ]
    if let label {
      let padding = Self.buttonPadding
      let width = label.layoutSize.width + 2 * padding.horizontal
      let button = CGRect(
        x: environment.direction == .rightToLeft ? environment.width - width : 0,
        y: height + Self.buttonSpacing, width: width,
        height: label.layoutSize.height + 2 * padding.vertical)
      let action: Action = isShowingAll ? .showLess : .showAll
      items.append(
        .shape(ShapeItem(rect: button, cornerRadius: button.height / 2, color: theme.accent)))
      items.append(
        .text(
          TextItem(
            layout: label,
            origin: CGPoint(
              x: button.minX + padding.horizontal - (label.lines.first?.x ?? 0),
              y: button.minY + padding.vertical),
            color: theme.background, accentColor: theme.background)))
      regions.append(HitRegion(rect: button, action: action))
      accessibility.append(
        AccessibilityElement(
          role: .button, label: label.text.string, frame: button, action: action,
          actionName: label.text.string))
      height = button.maxY
    }
    regions += content.hitRegions(
      spoilers: spoilers, at: time, spoiler: { .tapSpoiler($0) }, link: { .openLink($0) })
    accessibility += content.linkElements { .openLink($0) }
    return DisplayList(
      size: CGSize(width: environment.width, height: height), background: theme.background,
      items: items, hitRegions: regions, accessibility: accessibility,
      animation: content.animation(environment: environment, spoilers: spoilers, at: time))
  }
}
