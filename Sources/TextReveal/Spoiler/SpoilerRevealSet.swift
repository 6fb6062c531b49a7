/// Which rows of a list have their spoilers revealed, by row identity, like ``ExpansionSet``:
/// the state follows a row when rows are inserted, removed or moved.
public struct SpoilerRevealSet<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The identities of the rows whose spoilers are revealed.
  public private(set) var revealed: Set<ID> = []

  /// Creates a set with no spoiler revealed.
  public init() {}

  /// Whether a row's spoilers are revealed.
  public func isRevealed(_ id: ID) -> Bool { revealed.contains(id) }

  /// Reveals a row's spoilers.
  public mutating func reveal(_ id: ID) { revealed.insert(id) }

  /// Hides a row's spoilers again.
  public mutating func hide(_ id: ID) { revealed.remove(id) }

  /// Forgets rows that are no longer in the list.
  public mutating func removeAll(notIn ids: some Sequence<ID>) {
    revealed.formIntersection(ids)
  }
}
