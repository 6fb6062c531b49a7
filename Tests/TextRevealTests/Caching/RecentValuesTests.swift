import Testing

@testable import TextReveal

@Suite struct RecentValuesTests {
  @Test("keeps the newest values up to its capacity; keeping a key again makes it the newest")
  func newest() {
    var values = RecentValues<String, Int>(capacity: 2)
    values.keep(1, for: "a")
    values.keep(2, for: "b")
    #expect(values.value(for: "a") == 1 && values.value(for: "b") == 2)
    values.keep(3, for: "a")
    values.keep(4, for: "c")
    // "b" was the oldest: forgotten; "a" was kept again before "c" came.
    #expect(values.value(for: "b") == nil)
    #expect(values.value(for: "a") == 3 && values.value(for: "c") == 4)
  }
}
