import Synchronization

/// Buffers that layouts lend one another: an engine lays out row after row, and each layout's
/// buffers would otherwise be allocated, grown and freed again for every row.
///
/// A layout takes buffers at its start and gives them back at its end; layouts running at once
/// each get their own. At most ``idleLimit`` idle sets are kept.
final class ScratchPool: Sendable {
  /// The buffers of one layout.
  struct Buffers {
    /// The measured segments' batches.
    var batch = SegmentMaker.MeasureBatch()
    /// The drafted lines' segments.
    var lineSegments: [Segment] = []
  }

  /// The most idle buffer sets kept.
  static let idleLimit = 4

  private let idle = Mutex<[Buffers]>([])

  /// Buffers nobody else uses until they are given back: emptied ones with their memory, or
  /// new ones.
  func take() -> Buffers {
    var buffers = idle.withLock { $0.popLast() } ?? Buffers()
    buffers.lineSegments.removeAll(keepingCapacity: true)
    return buffers
  }

  /// Returns a layout's buffers for another layout to use.
  func giveBack(_ buffers: Buffers) {
    idle.withLock { idle in
      if idle.count < Self.idleLimit { idle.append(buffers) }
    }
  }
}
