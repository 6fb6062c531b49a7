import Testing

@testable import TextShaping

/// What depends only on a font file is made once for the process (``ProcessMemo``): later
/// lookups, and threads racing to make the same value, share the first one made.
@Suite struct ProcessMemoTests {
  final class Made: Sendable {
    let key: Int
    init(key: Int) { self.key = key }
  }

  @Test("a value is made once per key and found again; other keys are made apart")
  func madeOnce() {
    let memo = ProcessMemo<Int, Made?>()
    var makes = 0
    let first = memo.value(for: 1) {
      makes += 1
      return Made(key: 1)
    }
    let again = memo.value(for: 1) {
      makes += 1
      return Made(key: 1)
    }
    let other = memo.value(for: 2) {
      makes += 1
      return Made(key: 2)
    }
    #expect(makes == 2)
    #expect(first != nil && first === again)
    #expect(other?.key == 2 && other !== first)
  }

  @Test("a nil value is a decision kept like any other")
  func nilKept() {
    let memo = ProcessMemo<Int, Made?>()
    var makes = 0
    for _ in 0..<3 {
      let value = memo.value(for: 7) {
        makes += 1
        return nil
      }
      #expect(value == nil)
    }
    #expect(makes == 1)
  }

  @Test("threads that make the same value at once all get the first one stored")
  func racingMakers() async {
    let memo = ProcessMemo<Int, Made>()
    let values = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<16 {
        group.addTask {
          let value = memo.value(for: 3) { Made(key: 3) }
          return ObjectIdentifier(value)
        }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(values.count == 1)
  }
}
