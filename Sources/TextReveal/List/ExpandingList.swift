import Foundation
@_spi(Backend) import TextLayout

/// A list of message rows that show a few lines each and expand on tap.
///
/// Row heights come from the layout engine, never from estimates, and "Read more" appears only
/// on rows whose text is really cut. The expanded state lives in an ``ExpansionSet`` keyed by
/// row identity, so it survives inserting, removing and moving rows; so does each row's
/// spoiler state. Rows hold any styled text: Markdown with links and spoilers draws and answers
/// taps as it does in the other components. A tap on a cut row toggles it, and the rows below
/// slide while its text opens or closes.
///
/// ```swift
/// var list = ExpandingList(rows: rows, environment: ComponentEnvironment(width: 390))
/// let shown = try list.displayList(using: engine, at: now, visibleRect: screen)
/// if let action = list.hitTest(tap, in: shown) { list.perform(action, at: now) }
/// ```
public struct ExpandingList<ID: Hashable & Sendable>: RevealComponent, Equatable {
  /// What a tap on the list does.
  public enum Action: Sendable, Hashable {
    /// Expand a collapsed row, or collapse an expanded one.
    case toggle(ID)
    /// Reveal (or, in toggle mode, hide) a row's spoilers from a tap.
    case tapSpoiler(ID, SpoilerTap)
    /// Open a link.
    case openLink(URL)
  }

  /// The rows, top to bottom.
  public var rows: [ListRow<ID>] {
    didSet {
      rowsVersion = ListCache<ID>.newVersion()
      // Rows that are gone take their state with them, so that a reused identity starts
      // collapsed and hidden.
      if !spoilers.isEmpty || !expansion.expanded.isEmpty {
        let ids = Set(rows.map(\.id))
        spoilers = spoilers.filter { ids.contains($0.key) }
        expansion.removeAll(notIn: ids)
      }
    }
  }
  /// Names this value of ``rows``: a layout of the same rows as the last one (a rotation, a
  /// toggle, a frame) reuses their prepared texts without looking each row up again.
  private(set) var rowsVersion = ListCache<ID>.newVersion()
  /// The list's width, type size, theme, direction and motion.
  public var environment: ComponentEnvironment
  /// The lines a collapsed row shows.
  public var lineLimit: LineLimit
  /// Whether a collapsed, cut row shows each run of blank lines as one line break, as
  /// ``ExpandableTextModel/collapsesBlankLines`` does: its few lines show text, not the gap
  /// between two paragraphs. Whether a row is cut is decided on its whole text.
  public var collapsesBlankLines: Bool
  /// Which rows are expanded, by identity.
  public var expansion: ExpansionSet<ID>
  /// Each row's spoilers, by identity; a row missing here has ``defaultSpoilers``.
  public var spoilers: [ID: SpoilerState]
  /// The spoilers of a row not in ``spoilers``: hidden, in the mode and with the seed that a
  /// row's spoilers start from when tapped.
  public var defaultSpoilers: SpoilerState
  /// Spacing and sizes of a row.
  public var metrics: Metrics
  /// The label under a cut, collapsed row.
  public var readMoreLabel: String
  /// The label under an expanded row.
  public var showLessLabel: String
  /// The duration of a row's expand and collapse, in seconds; Reduce Motion changes at once.
  public var animationDuration: Double
  /// The toggle under way: the expansion before it, and its timing.
  private(set) var transition: (previous: ExpansionSet<ID>, timing: Transition)?
  /// Each row's prepared text and the last geometries, shared by the copies of this list.
  let cache = ListCache<ID>()

  /// Creates a list.
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom.
  ///   - environment: The width, type size, theme, direction and motion.
  ///   - lineLimit: The lines a collapsed row shows.
  ///   - expansion: The rows expanded at first.
  public init(
    rows: [ListRow<ID>], environment: ComponentEnvironment, lineLimit: LineLimit = .lines(3),
    expansion: ExpansionSet<ID> = ExpansionSet()
  ) {
    self.rows = rows
    self.environment = environment
    self.lineLimit = lineLimit
    self.collapsesBlankLines = true
    self.expansion = expansion
    self.spoilers = [:]
    self.defaultSpoilers = SpoilerState()
    self.metrics = Metrics()
    self.readMoreLabel = "Read more"
    self.showLessLabel = "Show less"
    self.animationDuration = ExpandableTextModel.defaultAnimationDuration
  }

  /// Spacing and sizes of a row, in points.
  public struct Metrics: Sendable, Hashable {
    /// Space around a row's content.
    public var padding = 12.0
    /// The side of the square kept at a row's leading edge for its avatar; 0 for none.
    public var accessorySize = 40.0
    /// Space between the avatar and the text.
    public var spacing = 12.0
    /// Space between the text and its label.
    public var labelSpacing = 4.0
    /// Whether a thin line separates the rows, from the text's leading edge to the row's
    /// trailing edge, as in a table view.
    public var showsSeparators = true

    /// Creates the default metrics.
    public init() {}
  }

  /// Two lists are equal when their rows, environment, state and settings are; the cache is
  /// left out. Every stored property is listed here or in the test that checks this list.
  public static func == (lhs: ExpandingList, rhs: ExpandingList) -> Bool {
    lhs.rows == rhs.rows && lhs.environment == rhs.environment && lhs.lineLimit == rhs.lineLimit
      && lhs.collapsesBlankLines == rhs.collapsesBlankLines && lhs.expansion == rhs.expansion
      && lhs.spoilers == rhs.spoilers
      && lhs.defaultSpoilers == rhs.defaultSpoilers
      && lhs.metrics == rhs.metrics && lhs.readMoreLabel == rhs.readMoreLabel
      && lhs.showLessLabel == rhs.showLessLabel && lhs.animationDuration == rhs.animationDuration
      && lhs.transition?.previous == rhs.transition?.previous
      && lhs.transition?.timing == rhs.transition?.timing
  }

  /// The width of a row's text.
  package var textWidth: Double {
    environment.width - 2 * metrics.padding - metrics.accessorySize - metrics.spacing
  }

  // MARK: - Actions

  /// Performs a tap's action at a time: a row toggles with an animation from that time, a
  /// spoiler tap reveals that row's spoilers from its point, and a link is handed back.
  @discardableResult
  public mutating func perform(_ action: Action, at time: Double) -> URL? {
    switch action {
    case .toggle(let id):
      let previous = expansion
      expansion.toggle(id)
      let duration = environment.reducesMotion ? 0 : animationDuration
      transition = (previous, Transition(start: time, duration: duration))
    case .tapSpoiler(let id, let tap):
      var state = spoilers[id] ?? defaultSpoilers
      state.tap(tap, at: time, reducesMotion: environment.reducesMotion)
      spoilers[id] = state
    case .openLink(let url):
      return url
    }
    return nil
  }

  /// The action under a point; a spoiler tap carries the point.
  public func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action? {
    switch displayList.action(at: point) {
    case .tapSpoiler(let id, let tap): .tapSpoiler(id, TextContent.located(tap, at: point))
    case let other: other
    }
  }
}
