extension HarfBuzzShaper {
  /// The faces ``HarfBuzzShaper/blockFallbackFont(for:primary:)`` gave a batch of misses of
  /// one style, kept by the batch: its misses ask them without the shaper's lock.
  struct BlockFallbacks {
    private var han: LoadedFont??
    private var hangul: LoadedFont??
    private var hiragana: LoadedFont??
    private var katakana: LoadedFont??

    /// The face of a block (``TextItemizer/fallbackBlock(of:)``), found by `find` the first
    /// time the batch asks.
    mutating func face(
      for block: ClosedRange<UInt32>, find: (ClosedRange<UInt32>) -> LoadedFont?
    ) -> LoadedFont? {
      switch block.lowerBound {
      case 0x4E00: return Self.face(&han, block, find)
      case 0xAC00: return Self.face(&hangul, block, find)
      case 0x3041: return Self.face(&hiragana, block, find)
      case 0x30A1: return Self.face(&katakana, block, find)
      default: return find(block)
      }
    }

    private static func face(
      _ slot: inout LoadedFont??, _ block: ClosedRange<UInt32>,
      _ find: (ClosedRange<UInt32>) -> LoadedFont?
    ) -> LoadedFont? {
      if let known = slot { return known }
      let found = find(block)
      slot = .some(found)
      return found
    }
  }
}
