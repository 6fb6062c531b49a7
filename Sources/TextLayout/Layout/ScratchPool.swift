import Synchronization

/// Buffers that layouts lend one another: an engine lays out row after row, and each layout's
/// measuring buffers would otherwise be allocated and freed again for every row.
///
/// A layout takes buffers at its start and gives them back at its end; concurrent layouts each
/// get their own. At most ``idleLimit`` idle sets are kept.
final class ScratchPool: Sendable {
  /// The most idle buffer sets kept.
  static let idleLimit = 4

  private let idle = Mutex<[LayoutBuilder.MeasureBatch]>([])

  /// Buffers nobody else uses until they are given back: emptied ones with their memory, or
  /// new ones.
  func take() -> LayoutBuilder.MeasureBatch {
    idle.withLock { $0.popLast() } ?? LayoutBuilder.MeasureBatch()
  }

  /// Returns buffers for another layout to use.
  func giveBack(_ batch: LayoutBuilder.MeasureBatch) {
    idle.withLock { idle in
      if idle.count < Self.idleLimit { idle.append(batch) }
    }
  }
}
