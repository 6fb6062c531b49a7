import PlaygroundCore
import Testing

@Suite struct SessionStoreTests {
  let start = ContinuousClock.now

  @Test("a full store evicts the least recently used session")
  func evictsLeastRecentlyUsed() {
    var store = SessionStore<Int>(capacity: 2, idleLimit: .seconds(60))
    let first = store.insert(1, now: start)
    let second = store.insert(2, now: start + .seconds(1))
    // Using the first makes the second the least recently used.
    #expect(store[first, now: start + .seconds(2)] == 1)
    let third = store.insert(3, now: start + .seconds(3))
    #expect(store.count == 2)
    #expect(store[second, now: start + .seconds(4)] == nil)
    #expect(store[first, now: start + .seconds(4)] == 1)
    #expect(store[third, now: start + .seconds(4)] == 3)
  }

  @Test("a session idle for longer than the limit is gone")
  func expiresIdleSessions() {
    var store = SessionStore<Int>(capacity: 8, idleLimit: .seconds(60))
    let id = store.insert(7, now: start)
    #expect(store[id, now: start + .seconds(59)] == 7)
    // Each use restarts the idle time.
    #expect(store[id, now: start + .seconds(118)] == 7)
    #expect(store[id, now: start + .seconds(179)] == nil)
    #expect(store.count == 0)
  }

  @Test("ids are 32 lowercase hex digits, and only those are well formed")
  func idShape() {
    var store = SessionStore<Int>()
    let id = store.insert(0, now: start)
    #expect(SessionStore<Int>.isWellFormed(id))
    #expect(id != store.insert(0, now: start))
    for bad in ["", "abc", String(repeating: "G", count: 32), String(repeating: "a", count: 33)] {
      #expect(!SessionStore<Int>.isWellFormed(bad))
    }
  }
}
