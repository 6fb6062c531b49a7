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
    /// 0 when free, otherwise the high 32 bits of the value's hash above its index plus one.
    private var slots: [UInt64] = []
    /// The hash of the value at each index, to place them again when the table grows.
    private var hashes: [UInt64] = []

    /// The index of the value with this hash for which `matches` is true, if one was added.
    @inline(__always)
    func index(hash: UInt64, where matches: (UInt16) -> Bool) -> UInt16? {
      guard !slots.isEmpty else { return nil }
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      let tag = hash & 0xFFFF_FFFF_0000_0000
      while true {
        let stored = slots[slot]
        if stored == 0 { return nil }
        if stored & 0xFFFF_FFFF_0000_0000 == tag {
          let index = UInt16(truncatingIfNeeded: (stored & 0xFFFF_FFFF) - 1)
          if matches(index) { return index }
        }
        slot = (slot + 1) & mask
      }
    }

    /// Adds the value at `index`, the next index after those added, with its hash.
    mutating func add(_ index: UInt16, hash: UInt64) {
      precondition(Int(index) == hashes.count, "ValueIndex: indices are added in order")
      hashes.append(hash)
      if hashes.count * 2 > slots.count {
        slots = Array(repeating: 0, count: max(32, slots.count * 2))
        for (index, hash) in hashes.enumerated() { place(index, hash: hash) }
      } else {
        place(Int(index), hash: hash)
      }
    }

    private mutating func place(_ index: Int, hash: UInt64) {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
    }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
      hashes.removeAll(keepingCapacity: true)
      for index in slots.indices { slots[index] = 0 }
    }
  }
}
