import PlaygroundCore
import Testing

@Suite struct SessionStoreTests {
  let start = ContinuousClock.now

  @Test("a full store evicts the least recently used session")
  func evictsLeastRecentlyUsed() throws {
    var store = SessionStore<Int>(capacity: 2, idleLimit: .seconds(60))
    let firstInserted = store.insert(1, now: start)
    let first = try #require(firstInserted)
    let secondInserted = store.insert(2, now: start + .seconds(1))
    let second = try #require(secondInserted)
    // Using the first makes the second the least recently used.
    #expect(store[first, now: start + .seconds(2)] == 1)
    let thirdInserted = store.insert(3, now: start + .seconds(3))
    let third = try #require(thirdInserted)
    #expect(store.count == 2)
    #expect(store[second, now: start + .seconds(4)] == nil)
    #expect(store[first, now: start + .seconds(4)] == 1)
    #expect(store[third, now: start + .seconds(4)] == 3)
  }

  @Test("sessions used within the protection are never evicted: a new one is refused instead")
  func protectsRecentSessions() throws {
    var store = SessionStore<Int>(capacity: 2, idleLimit: .seconds(600), protection: .seconds(60))
    let firstInserted = store.insert(1, now: start)
    let first = try #require(firstInserted)
    let secondInserted = store.insert(2, now: start + .seconds(10))
    let second = try #require(secondInserted)
    #expect(store.insert(3, now: start + .seconds(30)) == nil)
    #expect(store.count == 2)
    // Once the first has gone unused for longer than the protection, it makes room.
    #expect(store.insert(3, now: start + .seconds(65)) != nil)
    #expect(store[first, now: start + .seconds(66)] == nil)
    #expect(store[second, now: start + .seconds(66)] == 2)
  }

  @Test("a held session is never evicted")
  func keepsHeldSessions() throws {
    var store = SessionStore<Int>(capacity: 2, idleLimit: .seconds(600))
    let heldInserted = store.insert(-1, now: start)
    let held = try #require(heldInserted)
    let freeInserted = store.insert(2, now: start + .seconds(1))
    let free = try #require(freeInserted)
    #expect(store.insert(3, now: start + .seconds(2)) { $0 < 0 } != nil)
    #expect(store[held, now: start + .seconds(3)] == -1)
    #expect(store[free, now: start + .seconds(3)] == nil)
  }

  @Test("a session idle for longer than the limit is gone")
  func expiresIdleSessions() throws {
    var store = SessionStore<Int>(capacity: 8, idleLimit: .seconds(60))
    let idInserted = store.insert(7, now: start)
    let id = try #require(idInserted)
    #expect(store[id, now: start + .seconds(59)] == 7)
    // Each use restarts the idle time.
    #expect(store[id, now: start + .seconds(118)] == 7)
    #expect(store[id, now: start + .seconds(179)] == nil)
    #expect(store.count == 0)
  }

  @Test("ids are 32 lowercase hex digits, and only those are well formed")
  func idShape() throws {
    var store = SessionStore<Int>()
    let idInserted = store.insert(0, now: start)
    let id = try #require(idInserted)
    #expect(SessionStore<Int>.isWellFormed(id))
    #expect(id != store.insert(0, now: start))
    for bad in ["", "abc", String(repeating: "G", count: 32), String(repeating: "a", count: 33)] {
      #expect(!SessionStore<Int>.isWellFormed(bad))
    }
  }
}
