import Synchronization

/// Arenas that shaping calls lend one another to shape misses into before they are cached:
/// shaping runs outside the cache's lock, and a new arena for every miss would cost its
/// arrays' allocations.
///
/// An arena is used by one call at a time and comes back empty, with its memory. At most
/// ``idleLimit`` idle arenas are kept.
final class GlyphArenaPool: Sendable {
  /// The most idle arenas kept: one for each thread that shapes at once, in practice.
  static let idleLimit = 8

  private let idle = Mutex<[GlyphArena]>([])

  /// Runs `body` with an empty arena nobody else uses meanwhile.
  func withArena<Result>(_ body: (inout GlyphArena) -> Result) -> Result {
    var arena = idle.withLock { $0.popLast() } ?? GlyphArena()
    let result = body(&arena)
    arena.removeAll()
    // Moved back, not copied: a copy counted a reference for each of the arena's arrays, and
    // let go of each when the local went out of scope.
    var returned = Optional(consume arena)
    idle.withLock { idle in
      if idle.count < Self.idleLimit, let arena = returned.take() { idle.append(arena) }
    }
    return result
  }
}
