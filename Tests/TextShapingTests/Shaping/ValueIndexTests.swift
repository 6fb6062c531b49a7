import Testing

@testable import TextShaping

/// The shape cache finds its keys, measure tails and run styles by its own hash
/// (``ShapeCache/ValueIndex``): every value added is found at its index, whatever the hashes
/// share, and none is found after the table is emptied.
@Suite struct ValueIndexTests {
  /// Values with hashes that share slots and tags: `count` values over a few hashes, and a
  /// few more with distinct ones, so that the table grows past its first size.
  private static func hashes(count: Int) -> [UInt64] {
    (0..<count).map { index in
      index.isMultiple(of: 3)
        ? UInt64(index % 5) << 40 | 7 : UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
    }
  }

  @Test("each value is found at its index, with colliding hashes and through growth")
  func findsEveryValue() {
    let hashes = Self.hashes(count: 3_000)
    var table = ShapeCache.ValueIndex()
    for (index, hash) in hashes.enumerated() { table.add(UInt16(index), hash: hash) }
    for (index, hash) in hashes.enumerated() {
      #expect(table.index(hash: hash) { Int($0) == index } == UInt16(index))
    }
    // A value that was never added is not found, even under a hash that was.
    #expect(table.index(hash: hashes[0]) { _ in false } == nil)
    #expect(table.index(hash: 0xDEAD_BEEF_0000_0001) { _ in true } == nil)
  }

  @Test("an emptied table finds nothing and takes values again from index 0")
  func emptied() {
    let hashes = Self.hashes(count: 100)
    var table = ShapeCache.ValueIndex()
    for (index, hash) in hashes.enumerated() { table.add(UInt16(index), hash: hash) }
    table.removeAll()
    for hash in hashes { #expect(table.index(hash: hash) { _ in true } == nil) }
    for (index, hash) in hashes.prefix(10).enumerated() { table.add(UInt16(index), hash: hash) }
    for (index, hash) in hashes.prefix(10).enumerated() {
      #expect(table.index(hash: hash) { Int($0) == index } == UInt16(index))
    }
    #expect(table.index(hash: hashes[50]) { Int($0) == 50 } == nil)
  }
}
