import Synchronization

/// Values kept for the process by key, emptied when it holds `limit` of them: for what is keyed
/// by text users write (a truncation token's label), where ``ProcessMemo``'s table, which keeps
/// every key, would grow with each new label.
final class BoundedProcessTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The number of values at which the table is emptied before it keeps another.
  let limit: Int
  private let values = Mutex<[Key: Value]>([:])

  init(limit: Int) {
    precondition(limit > 0, "A table keeps at least one value")
    self.limit = limit
  }

  /// The value kept for `key`, if any.
  func value(for key: Key) -> Value? {
    values.withLock { $0[key] }
  }

  /// Keeps `value` for `key`, emptying the table first when it is full.
  func keep(_ value: Value, for key: Key) {
    values.withLock { values in
      if values.count >= limit { values.removeAll() }
      values[key] = value
    }
  }
}
