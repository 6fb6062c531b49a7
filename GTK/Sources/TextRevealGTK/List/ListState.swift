import TextLayout
import TextReveal

/// What every row of an ``ExpandingListWidget`` shares: the list model (its rows, settings and
/// which rows are expanded, by identity) and the avatars.
///
/// One instance per list, referenced by each row's adapter: a row reads its expanded state from
/// the list's ``ExpansionSet`` when it is laid out, so a recycled row widget bound to another
/// row shows that row's state.
final class ListState<ID: Hashable & Sendable> {
  /// The list model; its environment's width is each row's, set by the row.
  var list: ExpandingList<ID>
  /// The initials and color of each row's avatar, or `nil` for a row without one.
  var avatar: ((ID) -> (initials: String, color: TextColor)?)?

  init(list: ExpandingList<ID>) {
    self.list = list
  }
}
