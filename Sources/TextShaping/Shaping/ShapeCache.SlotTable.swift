extension ShapeCache {
  /// An open-addressing table of indices by hash, which the cache's entries and every
  /// ``ValueIndex`` use: a slot is 0 when free, otherwise the high 32 bits of the value's hash
  /// above its index plus one, so that a probe rarely reads a value that does not match.
  struct SlotTable {
    private(set) var slots: [UInt64]

    /// A table of `count` free slots; `count` is a power of two (or 0, a table to grow).
    init(count: Int) {
      slots = Array(repeating: 0, count: count)
    }

    /// The number of slots.
    var count: Int { slots.count }

    /// The first index placed with this hash's tag for which `matches` is true, probing from
    /// the hash's slot to a free one. The table must have slots.
    @inline(__always)
    func first(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let stored = slots[slot]
        if stored == 0 { return nil }
        if let index = Self.index(in: stored, taggedFor: hash), matches(index) { return index }
        slot = (slot + 1) & mask
      }
    }

    /// The index a slot's stored value names when it holds one with this hash's tag.
    @inline(__always)
    static func index(in stored: UInt64, taggedFor hash: UInt64) -> Int? {
      guard stored != 0, stored & 0xFFFF_FFFF_0000_0000 == hash & 0xFFFF_FFFF_0000_0000 else {
        return nil
      }
      return Int(stored & 0xFFFF_FFFF) - 1
    }

    /// Places an index in the first free slot from its hash's.
    mutating func place(_ index: Int, hash: UInt64) {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
    }

    /// Frees every slot, keeping the memory.
    mutating func clear() {
      for index in slots.indices { slots[index] = 0 }
    }
  }
}
