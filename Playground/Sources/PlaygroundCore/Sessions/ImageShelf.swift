import NIOCore

/// The encoded images the answers named, kept until the pages have loaded them: by session and
/// number, bounded in bytes over all sessions and for each, the oldest dropped first.
///
/// An image is kept as one `ByteBuffer` that every response serving it shares, so a client
/// reading slowly holds no copy.
struct ImageShelf {
  /// The most bytes kept over all sessions.
  let capacity: Int
  /// The most bytes kept for one session.
  let sessionCapacity: Int
  private var sessions: [String: Session] = [:]
  /// Every image in the order it came, for dropping the oldest; `first` skips the dropped.
  private var order: [(session: String, number: Int)] = []
  private var first = 0
  /// The bytes kept.
  private(set) var bytes = 0

  private struct Session {
    var images: [Int: ByteBuffer] = [:]
    /// The numbers in the order they came (they only grow), `first` past the dropped.
    var numbers: [Int] = []
    var first = 0
    var bytes = 0

    /// Forgets the numbers of dropped images once they are most of the list.
    mutating func compact() {
      if first > 64, first * 2 > numbers.count {
        numbers.removeFirst(first)
        first = 0
      }
    }
  }

  init(capacity: Int, sessionCapacity: Int) {
    self.capacity = capacity
    self.sessionCapacity = sessionCapacity
  }

  /// An image, if it is still kept.
  func image(session: String, number: Int) -> ByteBuffer? {
    sessions[session]?.images[number]
  }

  /// Keeps an image, dropping the session's oldest and then the oldest of all as needed.
  mutating func add(_ image: ByteBuffer, session id: String, number: Int) {
    var session = sessions[id] ?? Session()
    session.images[number] = image
    session.numbers.append(number)
    session.bytes += image.readableBytes
    bytes += image.readableBytes
    while session.bytes > sessionCapacity, session.first < session.numbers.count - 1 {
      let oldest = session.numbers[session.first]
      session.first += 1
      if let dropped = session.images.removeValue(forKey: oldest) {
        session.bytes -= dropped.readableBytes
        bytes -= dropped.readableBytes
      }
    }
    session.compact()
    sessions[id] = session
    order.append((id, number))
    while bytes > capacity, first < order.count - 1 {
      let (oldestSession, oldest) = order[first]
      first += 1
      guard var owner = sessions[oldestSession],
        let dropped = owner.images.removeValue(forKey: oldest)
      else { continue }
      owner.bytes -= dropped.readableBytes
      bytes -= dropped.readableBytes
      sessions[oldestSession] = owner.images.isEmpty ? nil : owner
    }
    if first > 1024, first * 2 > order.count {
      order.removeFirst(first)
      first = 0
    }
  }

  /// Drops a session's images.
  mutating func removeAll(session id: String) {
    guard let session = sessions.removeValue(forKey: id) else { return }
    bytes -= session.bytes
  }
}
