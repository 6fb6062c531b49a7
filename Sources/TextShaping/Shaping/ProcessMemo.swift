import Synchronization

/// Values made once for the process, by key: what depends only on a font file (direct shaping
/// plans, kerning tables, a face's neighbor-sensitive glyphs) is made by the first shaper that
/// needs it and found by every later one.
///
/// A value is made outside the lock, so a slow one does not hold up lookups of others; when two
/// threads make the same one at once, the first stored is kept and both get it, so every
/// shaper shares one copy.
final class ProcessMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let values = Mutex<[Key: Value]>([:])

  init() {}

  /// The value kept for `key`, made with `make` the first time.
  func value(for key: Key, make: () -> Value) -> Value {
    if let known = values.withLock({ $0[key] }) { return known }
    let made = make()
    return values.withLock { values in
      if let known = values[key] { return known }
      values[key] = made
      return made
    }
  }
}
