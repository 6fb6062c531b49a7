import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ICU failures met by analyses on the current thread, kept until the layout engine takes them.
///
/// ``ICUAnalyzer``'s conformance to `UnicodeAnalyzer` cannot throw: the engine calls it once per
/// window on its hottest path, where a throwing call measurably slows every re-layout. So a
/// failure is recorded here, the analysis answers with a safe stand-in (no break opportunity
/// but the end, every level at the paragraph's), and the engine, which runs a layout on one
/// thread from start to end, takes the failure once after the layout and throws it.
///
/// A thread with nothing recorded costs one atomic load to ask: the count of failures
/// recorded and not yet taken, over all threads, is zero.
enum AnalysisFailures {
  /// Failures recorded and not yet taken, on every thread.
  private static let pending = Atomic<Int>(0)

  /// The per-thread slot, holding a retained ``Slot`` or nothing.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<Slot>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<Slot>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
  }()

  /// The first failure a thread met since its last ``take()``.
  private final class Slot {
    var failure: TextShapingError?
  }

  /// Records a failure of the current thread; the first one is kept, later ones are counted
  /// with it.
  static func record(_ failure: TextShapingError) {
    let slot: Slot
    if let pointer = pthread_getspecific(key) {
      slot = Unmanaged<Slot>.fromOpaque(pointer).takeUnretainedValue()
    } else {
      slot = Slot()
      pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
    }
    guard slot.failure == nil else { return }
    slot.failure = failure
    pending.add(1, ordering: .relaxed)
  }

  /// Takes the current thread's failure, leaving none.
  static func take() -> TextShapingError? {
    guard pending.load(ordering: .relaxed) > 0, let pointer = pthread_getspecific(key) else {
      return nil
    }
    let slot = Unmanaged<Slot>.fromOpaque(pointer).takeUnretainedValue()
    guard let failure = slot.failure else { return nil }
    slot.failure = nil
    pending.subtract(1, ordering: .relaxed)
    return failure
  }
}
