/// Keeps the last value computed for a key: a layout asked for again at the next frame, with
/// nothing changed, is not made again.
///
/// A reference, so that a value adapter's non-mutating `scene` can fill it; copies of the
/// adapter share it, which is harmless since the key decides.
final class LastValueCache<Key: Equatable, Value> {
  private var last: (key: Key, value: Value)?

  /// The value for a key: the kept one if the key is the last key, else a new one, kept.
  func value<Failure: Error>(
    for key: Key, make: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if let last, last.key == key { return last.value }
    let value = try make()
    last = (key, value)
    return value
  }
}
