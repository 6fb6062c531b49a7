import TextReveal

/// What every row of an ``ExpandingListWidget`` shares: the rows, which of them are expanded
/// and their spoilers (both by identity), and the list's settings.
///
/// The list view binds a row widget to one row at a time, and the row widget shows that row as
/// a list of its own (``rowModel(for:at:)``), so that its height, labels, avatar, hit test and
/// animation are the library's list model's. What a click changes in a row is kept here, by the
/// row's identity, so a recycled widget bound to another row shows that row's state, and the
/// state survives the rows being filtered, sorted or replaced.
final class ListState<ID: Hashable & Sendable> {
  /// The rows, top to bottom.
  var rows: [ListRow<ID>]
  /// The list's settings (line limit, metrics, labels, durations) and the rows' state: its
  /// `expansion` and `spoilers` hold every row's, by identity. It holds no rows itself, so that
  /// setting the rows never drops the state of a row filtered out for a while.
  var settings: ExpandingList<ID>

  init(rows: [ListRow<ID>], lineLimit: LineLimit) {
    self.rows = rows
    settings = ExpandingList(
      rows: [], environment: ComponentEnvironment(width: 1), lineLimit: lineLimit)
    // GtkListView draws the lines between its rows.
    settings.metrics.showsSeparators = false
  }

  /// A row, shown as a list of that one row with the list's settings and the row's state; the
  /// dust of its spoilers is seeded by its position, as in the whole list.
  func rowModel(for row: ListRow<ID>, at position: Int) -> ExpandingList<ID> {
    var expansion = ExpansionSet<ID>()
    if settings.expansion.isExpanded(row.id) { expansion.expand(row.id) }
    var model = ExpandingList(
      rows: [row], environment: settings.environment, lineLimit: settings.lineLimit,
      expansion: expansion)
    model.metrics = settings.metrics
    model.readMoreLabel = settings.readMoreLabel
    model.showLessLabel = settings.showLessLabel
    model.collapsesBlankLines = settings.collapsesBlankLines
    model.animationDuration = settings.animationDuration
    model.defaultSpoilers = settings.defaultSpoilers
    model.defaultSpoilers.seed =
      settings.defaultSpoilers.seed &+ UInt64(position) &* 0x9E37_79B9_7F4A_7C15
    if let spoilers = settings.spoilers[row.id] { model.spoilers = [row.id: spoilers] }
    return model
  }

  /// Keeps what an action performed in a row's model changed: its expanded state, or its
  /// spoilers.
  func keep(_ action: ExpandingList<ID>.Action, of model: ExpandingList<ID>, at time: Double) {
    switch action {
    case .toggle(let id):
      settings.perform(.toggle(id), at: time)
    case .tapSpoiler(let id, _):
      settings.spoilers[id] = model.spoilers[id]
    case .openLink:
      break
    }
  }
}
