import Testing

@testable import TextShaping

/// What is keyed by text users write is kept for the process in a bounded table
/// (``BoundedProcessTable``): found again until the table is full, then emptied before the
/// next value is kept.
@Suite struct BoundedProcessTableTests {
  @Test("values are found by key; keeping a key again replaces its value")
  func keptAndReplaced() {
    let table = BoundedProcessTable<String, Int>(limit: 4)
    #expect(table.value(for: "…") == nil)
    table.keep(1, for: "…")
    table.keep(2, for: " more")
    #expect(table.value(for: "…") == 1)
    #expect(table.value(for: " more") == 2)
    table.keep(3, for: "…")
    #expect(table.value(for: "…") == 3)
  }

  @Test(
    "a full table is emptied before it keeps another value, so it never holds more than its limit")
  func emptiedWhenFull() {
    let table = BoundedProcessTable<Int, Int>(limit: 3)
    for key in 0..<3 { table.keep(key * 10, for: key) }
    #expect((0..<3).allSatisfy { table.value(for: $0) == $0 * 10 })
    table.keep(30, for: 3)
    #expect(table.value(for: 3) == 30)
    #expect((0..<3).allSatisfy { table.value(for: $0) == nil })
    for key in 4..<100 { table.keep(key, for: key) }
    #expect((0..<100).filter { table.value(for: $0) != nil }.count <= 3)
    #expect(table.value(for: 99) == 99)
  }
}
