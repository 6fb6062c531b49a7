import CICUShim
import Synchronization

/// Idle ICU line break iterators for one locale, handed out to one caller at a time.
///
/// Opening an iterator costs far more than a short paragraph's analysis, and an iterator is not
/// thread-safe, so each call borrows one from the pool (opening one when none is idle) and gives it
/// back. At most ``idleLimit`` idle iterators are kept; the rest are closed.
final class LineBreakerPool: Sendable {
  /// An open `trs_line_breaker`, owned by whoever holds it.
  private struct Handle: @unchecked Sendable {
    var pointer: OpaquePointer
  }

  /// The most idle iterators kept open.
  static let idleLimit = 8

  /// The ICU locale the iterators are opened for.
  let locale: String
  /// For tests of the failure paths: an error every analysis with this pool fails with, as if
  /// ICU had returned it (ICU's own failures cannot be provoked from valid text).
  let injectedFailure: TextShapingError?
  private let idle = Mutex<[Handle]>([])

  /// Creates an empty pool for a locale.
  init(locale: String, injectedFailure: TextShapingError? = nil) {
    self.locale = locale
    self.injectedFailure = injectedFailure
  }

  deinit {
    idle.withLock { handles in
      for handle in handles {
        trs_line_breaker_close(handle.pointer)
      }
      handles.removeAll()
    }
  }

  /// Runs `body` with an iterator nobody else uses meanwhile.
  ///
  /// - Throws: ``TextShapingError/icu(function:code:)`` when no iterator can be opened, or what
  ///   `body` throws.
  func withBreaker<Result>(
    _ body: (OpaquePointer) throws(TextShapingError) -> Result
  ) throws(TextShapingError) -> Result {
    let handle = try borrow()
    defer { giveBack(handle) }
    return try body(handle.pointer)
  }

  private func borrow() throws(TextShapingError) -> Handle {
    if let handle = idle.withLock({ $0.popLast() }) {
      return handle
    }
    var status = trs_status()
    guard let pointer = trs_line_breaker_open(locale, &status) else {
      throw .icu(function: String(cString: status.function), code: status.code)
    }
    return Handle(pointer: pointer)
  }

  private func giveBack(_ handle: Handle) {
    let isKept = idle.withLock { handles in
      guard handles.count < Self.idleLimit else { return false }
      handles.append(handle)
      return true
    }
    if !isKept {
      trs_line_breaker_close(handle.pointer)
    }
  }
}
