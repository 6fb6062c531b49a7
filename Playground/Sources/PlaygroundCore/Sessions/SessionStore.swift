/// Sessions by id, bounded in number and in idle time.
///
/// A session unused for ``idleLimit`` is gone. When ``capacity`` sessions exist, making one
/// more evicts the least recently used, but never one used within ``protection``: when all of
/// them were, nothing is evicted and the new session is refused, so a client making sessions
/// cannot push out the ones people are using. Time comes in as a parameter, so the bounds can
/// be tested without waiting.
///
/// ```swift
/// var store = SessionStore<Int>(capacity: 64, idleLimit: .seconds(1800))
/// let id = store.insert(0, now: .now)!
/// store[id, now: .now] = 1
/// ```
public struct SessionStore<Value> {
  /// The most sessions kept at once.
  public let capacity: Int
  /// How long a session may go unused before it is dropped.
  public let idleLimit: Duration
  /// How recently used a session must be to be safe from eviction.
  public let protection: Duration
  private var entries: [String: Entry] = [:]

  private struct Entry {
    var value: Value
    var lastUse: ContinuousClock.Instant
  }

  /// Creates an empty store.
  ///
  /// - Parameters:
  ///   - capacity: The most sessions kept at once (at least 1).
  ///   - idleLimit: How long a session may go unused before it is dropped.
  ///   - protection: How recently used a session must be to be safe from eviction.
  public init(
    capacity: Int = 64, idleLimit: Duration = .seconds(30 * 60), protection: Duration = .zero
  ) {
    precondition(capacity >= 1, "A session store holds at least one session, got \(capacity)")
    self.capacity = capacity
    self.idleLimit = idleLimit
    self.protection = protection
  }

  /// How many sessions are kept, counting idle ones not dropped yet.
  public var count: Int { entries.count }

  /// A session's value, marking it used; `nil` for an unknown or expired id.
  public subscript(id: String, now now: ContinuousClock.Instant) -> Value? {
    mutating get {
      guard var entry = entries[id] else { return nil }
      guard now - entry.lastUse <= idleLimit else {
        entries[id] = nil
        return nil
      }
      entry.lastUse = now
      entries[id] = entry
      return entry.value
    }
    set {
      if let newValue {
        entries[id] = Entry(value: newValue, lastUse: now)
      } else {
        entries[id] = nil
      }
    }
  }

  /// Adds a session under a new random id, dropping expired sessions and, when full, the
  /// least recently used one that is neither protected nor held.
  ///
  /// - Parameters:
  ///   - value: The new session.
  ///   - now: The time.
  ///   - isHeld: Whether a session is in use in a way that forbids evicting it.
  /// - Returns: The new session's id, 32 lowercase hexadecimal digits; `nil` when the store
  ///   is full of sessions that may not be evicted.
  /// - Complexity: O(*n*) in the number of sessions.
  public mutating func insert(
    _ value: Value, now: ContinuousClock.Instant, isHeld: (Value) -> Bool = { _ in false }
  ) -> String? {
    if entries.count >= capacity {
      entries = entries.filter { now - $0.value.lastUse <= idleLimit }
    }
    if entries.count >= capacity {
      let oldest = entries.filter { now - $0.value.lastUse > protection && !isHeld($0.value.value) }
        .min { $0.value.lastUse < $1.value.lastUse }?.key
      guard let oldest else { return nil }
      entries[oldest] = nil
    }
    var id: String
    repeat { id = Self.newID() } while entries[id] != nil
    entries[id] = Entry(value: value, lastUse: now)
    return id
  }

  /// Whether a string has the shape of a session id (not whether such a session exists).
  public static func isWellFormed(_ id: some StringProtocol) -> Bool {
    id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  private static func newID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
