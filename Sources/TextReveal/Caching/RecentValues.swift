/// The last few values made for keys, newest first: what a model's cache keeps between display
/// lists, such as the layouts at both ends of an animation and one more.
///
/// A key is found by comparing it with each kept key, which suits the handful kept.
struct RecentValues<Key: Equatable, Value> {
  /// How many values are kept.
  let capacity: Int
  private var entries: [(key: Key, value: Value)] = []

  /// An empty store of a capacity.
  init(capacity: Int) {
    precondition(capacity > 0, "RecentValues keeps at least one value, not \(capacity)")
    self.capacity = capacity
  }

  /// The value kept for a key, if any.
  func value(for key: Key) -> Value? {
    entries.first { $0.key == key }?.value
  }

  /// Keeps a value as the newest, forgetting the oldest beyond the capacity.
  mutating func keep(_ value: Value, for key: Key) {
    entries.removeAll { $0.key == key }
    entries.insert((key, value), at: 0)
    if entries.count > capacity { entries.removeLast() }
  }
}

extension RecentValues: Sendable where Key: Sendable, Value: Sendable {}
