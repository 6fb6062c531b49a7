import Synchronization
import TextLayout

/// A list of message rows that show a few lines each and expand on tap.
///
/// Row heights come from the layout engine, never from estimates, and "Read more" appears only
/// on rows whose text is really cut. The expanded state lives in an ``ExpansionSet`` keyed by
/// row identity, so it survives inserting, removing and moving rows. The list owns it as a
/// plain property, as ``ExpandableTextModel`` owns its expanded state.
///
/// ```swift
/// var list = ExpandingList(rows: rows, environment: ComponentEnvironment(width: 390))
/// let layout = try list.layout(using: engine)
/// if let hit = layout.hitTest(tap) { list.perform(hit) }
/// ```
public struct ExpandingList<ID: Hashable & Sendable>: Sendable, Equatable {
  /// The rows, top to bottom.
  public var rows: [ListRow<ID>] {
    didSet { rowsVersion = PreparedTexts<ID>.newVersion() }
  }
  /// Names this value of ``rows``: a new number for every change, in any list. A layout of the
  /// same rows as the last one (a rotation, a toggle) reuses its prepared texts as they are,
  /// without looking each row up again.
  private var rowsVersion = PreparedTexts<ID>.newVersion()
  /// The list's width, type size, theme and direction.
  public var environment: ComponentEnvironment
  /// The lines a collapsed row shows.
  public var lineLimit: LineLimit
  /// Which rows are expanded, by identity.
  public var expansion: ExpansionSet<ID>
  /// Spacing and sizes of a row.
  public var metrics: Metrics
  /// The label under a cut, collapsed row.
  public var readMoreLabel: String
  /// The label under an expanded row.
  public var showLessLabel: String
  /// Each row's prepared text, shared by the copies of this list: laying the rows out again
  /// (at a new width, or after a toggle) reuses their line breaks, bidi levels and shaping.
  let preparedTexts = PreparedTexts<ID>()

  /// Creates a list.
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom.
  ///   - environment: The width, type size, theme and direction.
  ///   - lineLimit: The lines a collapsed row shows.
  ///   - expansion: The rows expanded at first.
  public init(
    rows: [ListRow<ID>], environment: ComponentEnvironment, lineLimit: LineLimit = .lines(3),
    expansion: ExpansionSet<ID> = ExpansionSet()
  ) {
    self.rows = rows
    self.environment = environment
    self.lineLimit = lineLimit
    self.expansion = expansion
    self.metrics = Metrics()
    self.readMoreLabel = "Read more"
    self.showLessLabel = "Show less"
  }

  /// Spacing and sizes of a row, in points.
  public struct Metrics: Sendable, Hashable {
    /// Space around a row's content.
    public var padding = 12.0
    /// The side of the square kept free at a row's leading edge for an accessory (an avatar,
    /// say); 0 for none.
    public var accessorySize = 40.0
    /// Space between the accessory and the text.
    public var spacing = 12.0
    /// Space between the text and its label.
    public var labelSpacing = 4.0

    /// Creates the default metrics.
    public init() {}
  }

  /// Performs a tap on a row: expands or collapses it.
  ///
  /// - Parameter hit: What ``ListLayout/hitTest(_:)`` found.
  public mutating func perform(_ hit: ListHit<ID>) {
    switch hit.action {
    case .expand: expansion.expand(hit.id)
    case .collapse: expansion.collapse(hit.id)
    }
  }

  /// Two lists are equal when their rows, environment, state and settings are; the prepared
  /// texts they keep are a cache, left out. Every stored property is listed here or in the
  /// test that checks this list (`ExpandingListTests.equalityCoversEveryProperty`).
  public static func == (lhs: ExpandingList, rhs: ExpandingList) -> Bool {
    lhs.rows == rhs.rows && lhs.environment == rhs.environment && lhs.lineLimit == rhs.lineLimit
      && lhs.expansion == rhs.expansion && lhs.metrics == rhs.metrics
      && lhs.readMoreLabel == rhs.readMoreLabel && lhs.showLessLabel == rhs.showLessLabel
  }

  /// The width of a row's text.
  public var textWidth: Double {
    environment.width - 2 * metrics.padding - metrics.accessorySize - metrics.spacing
  }

  /// Lays out the rows: every row's frame, and the text of the rows a rectangle shows.
  ///
  /// Row heights come from measuring each row's text with the layout engine
  /// (``TextLayoutEngine/measure(_:configuration:)-(PreparedText,_)``), which fills lines but
  /// places no glyphs; only the rows that intersect `visibleRect` get their text laid out. A
  /// long list thus knows every row's frame, for scrolling and hit testing, at the cost of
  /// measuring, and pays for glyphs only for the screen it shows.
  ///
  /// - Parameters:
  ///   - engine: The layout engine.
  ///   - visibleRect: The part of the list, in list coordinates, whose rows get their text laid
  ///     out; `nil` (the default) for every row.
  /// - Returns: Each row's frame and label, and the text of the rows in `visibleRect`.
  /// - Throws: ``TextRevealError/duplicateRowID(_:)`` when two rows share an identity, or
  ///   ``TextRevealError/layout(_:)`` for a width too small for the text.
  /// - Complexity: One line-limited measurement per row, plus an unlimited one per expanded
  ///   row, plus a layout per row in `visibleRect`.
  /// - Note: The work is compiled ahead for `Int` and `String` row identities. With another
  ///   identity type it runs as generic code, which reaches every row's fields through type
  ///   metadata looked up row by row: a re-layout of a long list takes about 4% longer.
  public func layout(
    using engine: TextLayoutEngine, visibleRect: LayoutRect? = nil
  ) throws(TextRevealError) -> ListLayout<ID> {
    try layoutSpecialized(using: engine, visibleRect: visibleRect)
  }

  /// ``layout(using:visibleRect:)``, compiled ahead for the common identity types: a generic
  /// call with one of them jumps to its specialized body.
  @_specialize(where ID == Int)
  @_specialize(where ID == String)
  func layoutSpecialized(
    using engine: TextLayoutEngine, visibleRect: LayoutRect?
  ) throws(TextRevealError) -> ListLayout<ID> {
    // Finding the prepared texts also finds a row identity used twice.
    let prepared: [PreparedText]
    switch preparedTexts.texts(for: rows, version: rowsVersion, typeSize: environment.typeSize) {
    case .success(let texts): prepared = texts
    case .failure(let duplicate): throw .duplicateRowID(String(describing: duplicate.id))
    }
    do {
      return try layoutRows(prepared, using: engine, visibleRect: visibleRect)
    } catch {
      throw .layout(error)
    }
  }

  private func layoutRows(
    _ prepared: [PreparedText], using engine: TextLayoutEngine, visibleRect: LayoutRect?
  ) throws(TextLayoutError) -> ListLayout<ID> {
    let width = environment.width
    let direction = environment.direction
    let limited = LayoutConfiguration(
      width: textWidth, lineLimit: lineLimit, direction: direction,
      tabStops: environment.tabStops)
    let unlimited = LayoutConfiguration(
      width: textWidth, direction: direction, tabStops: environment.tabStops)
    var labelStyle = TextStyle(size: 15 * environment.typeSize.scale, weight: .semibold)
    labelStyle.color = environment.theme.accent
    // The two labels are the same for every row: lay them out once.
    let readMore = try engine.layout(
      StyledText(readMoreLabel, style: labelStyle), configuration: unlimited)
    let showLess = try engine.layout(
      StyledText(showLessLabel, style: labelStyle), configuration: unlimited)

    // Which rows are expanded, read once, so that the loop over rows is not generic: in a
    // generic context every access to a row looks its type's metadata up.
    var expanded = [Bool](repeating: false, count: rows.count)
    if !expansion.expanded.isEmpty {
      for index in rows.indices where expansion.isExpanded(rows[index].id) {
        expanded[index] = true
      }
    }
    let stack = RowStack(
      width: width, textWidth: textWidth, padding: metrics.padding,
      accessorySize: metrics.accessorySize, spacing: metrics.spacing,
      labelSpacing: metrics.labelSpacing, isRightToLeft: direction == .rightToLeft,
      limited: limited, unlimited: unlimited,
      readMore: readMore, showLess: showLess)
    let geometry = try stack.layOut(
      prepared, expanded: expanded, using: engine, visibleRect: visibleRect)
    var result: [RowLayout<ID>] = []
    result.reserveCapacity(rows.count)
    for index in rows.indices {
      let row = geometry.rows[index]
      result.append(
        RowLayout(
          id: rows[index].id, frame: row.frame, accessoryFrame: row.accessoryFrame,
          textOrigin: row.textOrigin, textSize: row.textSize,
          text: row.text, isTruncated: row.isTruncated, isExpanded: row.isExpanded,
          label: row.label))
    }
    let top = geometry.height
    return ListLayout(
      rows: result, size: LayoutSize(width: width, height: top), direction: direction)
  }
}

/// The numbers ``PreparedTexts/newVersion()`` gives out.
private let rowVersions = Atomic<UInt64>(0)

/// The prepared texts of a list's rows, by row identity.
final class PreparedTexts<ID: Hashable & Sendable>: Sendable {
  /// The kept texts by row, each with the number of the last pass that found it.
  private let state = Mutex<State>(State())

  struct State {
    var texts: [ID: (text: PreparedText, pass: Int)] = [:]
    var pass = 0
    /// The last pass's rows and type size, and the texts it found, in row order.
    var last: (version: UInt64, typeSize: TypeSize, texts: [PreparedText])?
  }

  /// Numbers the values of lists' rows, in every list of the process.

  /// A number no value of rows had before.
  static func newVersion() -> UInt64 {
    rowVersions.add(1, ordering: .relaxed).newValue
  }

  /// The prepared text of every row, reusing the kept one when the row's text is unchanged;
  /// rows no longer in the list are forgotten.
  ///
  /// The pass also finds a row identity used twice, with no table of its own: a kept text
  /// found twice in one pass, or a row that replaces another's in a new table, is one.
  ///
  /// - Returns: The texts in row order, or the first identity used twice.
  func texts(
    for rows: [ListRow<ID>], version: UInt64, typeSize: TypeSize
  ) -> Result<[PreparedText], DuplicateID> {
    state.withLock { state in
      if let last = state.last, last.version == version, last.typeSize == typeSize {
        return .success(last.texts)
      }
      state.pass &+= 1
      let pass = state.pass
      var texts: [PreparedText] = []
      texts.reserveCapacity(rows.count)
      // Rows are read in place (a generic row copied costs more than the lookup), and the kept
      // table is rebuilt only when a row is new or changed or the rows are fewer.
      var isUnchanged = rows.count == state.texts.count
      var duplicate: ID?
      rows.withUnsafeBufferPointer { rows in
        for index in rows.indices {
          let text = rows[index].text.scaled(to: typeSize)
          if let known = state.texts.index(forKey: rows[index].id),
            state.texts.values[known].text.text == text
          {
            if state.texts.values[known].pass == pass, duplicate == nil {
              duplicate = rows[index].id
            }
            state.texts.values[known].pass = pass
            texts.append(state.texts.values[known].text)
          } else {
            texts.append(PreparedText(text))
            isUnchanged = false
          }
        }
        if !isUnchanged {
          var next: [ID: (text: PreparedText, pass: Int)] = [:]
          next.reserveCapacity(rows.count)
          for index in rows.indices
          where next.updateValue((texts[index], pass), forKey: rows[index].id) != nil {
            if duplicate == nil { duplicate = rows[index].id }
          }
          state.texts = next
        }
      }
      if let duplicate { return .failure(DuplicateID(id: duplicate)) }
      state.last = (version, typeSize, texts)
      return .success(texts)
    }
  }

  /// A row identity used by more than one row.
  struct DuplicateID: Error {
    var id: ID
  }
}
