@_spi(Backend) import TextLayout

/// Which rows of a list are expanded, keyed by the rows' stable identity.
///
/// Keying by identity rather than by index is what keeps the state right when rows are
/// inserted, removed or moved: an expanded row stays expanded wherever it goes.
///
/// ```swift
/// var expanded = ExpansionSet<Message.ID>()
/// expanded.toggle(message.id)
/// ```
public struct ExpansionSet<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The expanded rows.
  public private(set) var expanded: Set<ID>
  /// Whether several rows may be expanded at once.
  public var mode: Mode {
    didSet {
      if mode == .single, expanded.count > 1 { expanded = lastExpanded.map { [$0] } ?? [] }
    }
  }
  private var lastExpanded: ID?

  /// How many rows may be expanded at once.
  public enum Mode: String, Sendable, Hashable, Codable {
    /// Any number.
    case multiple
    /// At most one: expanding a row collapses the others.
    case single
  }

  /// Creates a set with no row expanded.
  public init(mode: Mode = .multiple) {
    self.expanded = []
    self.mode = mode
  }

  /// Whether a row is expanded.
  public func isExpanded(_ id: ID) -> Bool { expanded.contains(id) }

  /// Expands a row (and collapses the others in ``Mode/single`` mode).
  public mutating func expand(_ id: ID) {
    if mode == .single { expanded.removeAll() }
    expanded.insert(id)
    lastExpanded = id
  }

  /// Collapses a row.
  public mutating func collapse(_ id: ID) {
    expanded.remove(id)
    if lastExpanded == id { lastExpanded = nil }
  }

  /// Expands a collapsed row or collapses an expanded one.
  public mutating func toggle(_ id: ID) {
    if isExpanded(id) { collapse(id) } else { expand(id) }
  }

  /// Collapses every row.
  package mutating func collapseAll() {
    expanded.removeAll()
    lastExpanded = nil
  }

  /// Two sets are equal when the same rows are expanded in the same mode; which row was
  /// expanded last (kept to choose the survivor when switching to single mode) does not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.expanded == rhs.expanded && lhs.mode == rhs.mode
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(expanded)
    hasher.combine(mode)
  }

  /// Forgets rows that are no longer in the list, so that a reused identity starts collapsed.
  package mutating func removeAll(notIn ids: some Sequence<ID>) {
    let kept = Set(ids)
    expanded.formIntersection(kept)
    if let last = lastExpanded, !kept.contains(last) { lastExpanded = nil }
  }
}

extension ExpansionSet: Codable where ID: Codable {
  enum CodingKeys: String, CodingKey {
    case expanded, mode
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.mode = try container.decode(Mode.self, forKey: .mode)
    let ids = try container.decode([ID].self, forKey: .expanded)
    if mode == .single, ids.count > 1 {
      throw DecodingError.dataCorruptedError(
        forKey: .expanded, in: container,
        debugDescription: "\(ids.count) rows are expanded in single mode")
    }
    self.expanded = Set(ids)
    self.lastExpanded = ids.last
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mode, forKey: .mode)
    try container.encode(Array(expanded), forKey: .expanded)
  }
}
