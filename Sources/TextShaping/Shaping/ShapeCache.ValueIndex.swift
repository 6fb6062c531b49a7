extension ShapeCache {
  /// The indices of values kept once in an array (the cache's keys, measure tails and run
  /// styles), found by a hash the cache makes itself (``ShapeCache/keyHash(_:)``,
  /// ``ShapeCache/tailHash(_:)``, ``ShapeCache/styleHash(_:)``).
  ///
  /// A `Dictionary` of the values hashed each one with `Hasher` (SipHash over seven or eight
  /// fields, about 500 instructions with its probe) for each insert whose tail or key was not
  /// among the newest; this table mixes the fields with the cache's own multiply (about 40).
  /// Equality still decides: the caller compares the value at each index whose hash matches.
  struct ValueIndex {
    /// The indices by hash.
    private var table = SlotTable(count: 0)
    /// The hash of the value at each index, to place them again when the table grows.
    private var hashes: [UInt64] = []

    /// The index of the value with this hash for which `matches` is true, if one was added.
    @inline(__always)
    func index(hash: UInt64, where matches: (UInt16) -> Bool) -> UInt16? {
      guard table.count > 0 else { return nil }
      return table.first(hash: hash) { matches(UInt16(truncatingIfNeeded: $0)) }
        .map { UInt16(truncatingIfNeeded: $0) }
    }

    /// Adds the value at `index`, the next index after those added, with its hash.
    mutating func add(_ index: UInt16, hash: UInt64) {
      precondition(Int(index) == hashes.count, "ValueIndex: indices are added in order")
      hashes.append(hash)
      if hashes.count * 2 > table.count {
        table = SlotTable(count: max(32, table.count * 2))
        for (index, hash) in hashes.enumerated() { table.place(index, hash: hash) }
      } else {
        table.place(Int(index), hash: hash)
      }
    }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
      hashes.removeAll(keepingCapacity: true)
      table.clear()
    }
  }
}

extension ShapeCache {
  /// The index of a value kept once in `values`, appended when it is new. Consecutive misses
  /// mostly share their key and tail: the `last` one is compared first. Up to eight values
  /// are searched in order; past eight, the value is hashed (``ValueIndex``: cheaper than
  /// comparing the eight newest, which a `Dictionary` hashing with `Hasher` was not).
  static func index<Value: Equatable>(
    of value: Value, in values: inout [Value], indices: inout ValueIndex,
    last: inout UInt16, hash: (Value) -> UInt64
  ) -> UInt16 {
    if Int(last) < values.count && values[Int(last)] == value { return last }
    // The table is made only when a ninth value comes.
    let index = UInt16(values.count)
    if values.count > 8 {
      let hashed = hash(value)
      if let found = indices.index(hash: hashed, where: { values[Int($0)] == value }) {
        last = found
        return found
      }
      values.append(value)
      indices.add(index, hash: hashed)
    } else {
      if let found = values.firstIndex(of: value) {
        last = UInt16(found)
        return last
      }
      values.append(value)
      if values.count == 9 {
        for (index, value) in values.enumerated() {
          indices.add(UInt16(index), hash: hash(value))
        }
      }
    }
    last = index
    return index
  }
}
