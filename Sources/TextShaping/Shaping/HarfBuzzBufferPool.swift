import CHarfBuzz
import Synchronization

/// HarfBuzz buffers that shaping calls lend one another: creating and destroying a buffer for
/// every piece cost as much as a tenth of shaping a short word.
///
/// A buffer is used by one shaping call at a time; it is emptied with
/// `hb_buffer_clear_contents`, which leaves it as `hb_buffer_create` made it. At most
/// ``idleLimit`` idle buffers are kept; the rest are destroyed when given back.
final class HarfBuzzBufferPool: Sendable {
  /// An `hb_buffer_t`, owned by the pool while idle.
  private struct Buffer: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  /// The most idle buffers kept: one for each thread that shapes at once, in practice.
  static let idleLimit = 8

  private let idle = Mutex<[Buffer]>([])

  /// Runs `body` with an empty buffer nobody else uses meanwhile.
  func withBuffer<Result>(_ body: (OpaquePointer?) -> Result) -> Result {
    guard let buffer = idle.withLock({ $0.popLast() })?.pointer ?? hb_buffer_create() else {
      return body(nil)
    }
    defer {
      hb_buffer_clear_contents(buffer)
      let kept = idle.withLock { idle in
        guard idle.count < Self.idleLimit else { return false }
        idle.append(Buffer(pointer: buffer))
        return true
      }
      if !kept { hb_buffer_destroy(buffer) }
    }
    return body(buffer)
  }

  deinit {
    idle.withLock { idle in
      for buffer in idle { hb_buffer_destroy(buffer.pointer) }
    }
  }
}
