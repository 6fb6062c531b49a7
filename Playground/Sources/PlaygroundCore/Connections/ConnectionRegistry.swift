import NIOConcurrencyHelpers
import NIOCore

/// The open connections, each with its phase: the connection limit, and which connection
/// makes room for a new one.
///
/// Hummingbird's `MaximumAvailableConnections` stops accepting at its limit, so connections
/// that never finish a request (left open, sent by halves, never read) would keep every new
/// client out until they time out. Here a new connection past the limit closes the connection
/// that has been longest in a phase that waits on its client (``ConnectionPhase/isEvictable``);
/// only when every connection is having its answer made — bounded by the drawing queue — is
/// the new one closed instead.
public final class ConnectionRegistry: Sendable {
  private struct Entry {
    let channel: any Channel
    var phase: ConnectionPhase
    var since: NIODeadline
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var evicted = 0
    var refused = 0
    var timedOut: [ConnectionPhase: Int] = [:]
  }

  /// The most open connections.
  public let limit: Int
  private let state = NIOLockedValueBox(State())

  /// A registry of at most `limit` connections.
  public init(limit: Int) {
    precondition(limit >= 1, "A server takes at least one connection, got \(limit)")
    self.limit = limit
  }

  /// What the connections are doing, for `/healthz` and the load check.
  public struct Counts: Sendable, Codable {
    /// The open connections.
    public var open: Int
    /// Closed to make room for a new connection.
    public var evicted: Int
    /// New connections closed because every open one was being answered.
    public var refused: Int
    /// Closed at a phase's deadline, by phase.
    public var timedOut: [String: Int]
  }

  /// The counts so far.
  public var counts: Counts {
    state.withLockedValue { state in
      Counts(
        open: state.entries.count, evicted: state.evicted, refused: state.refused,
        timedOut: Dictionary(
          uniqueKeysWithValues: state.timedOut.map { ($0.key.rawValue, $0.value) }))
    }
  }

  /// Takes a new connection in, closing another to make room when at the limit.
  ///
  /// - Returns: Whether the connection was taken; if not, the caller closes it.
  func admit(_ channel: any Channel) -> Bool {
    let id = ObjectIdentifier(channel)
    let (admitted, victim) = state.withLockedValue { state -> (Bool, (any Channel)?) in
      var victim: (any Channel)?
      if state.entries.count >= limit {
        let oldest = state.entries.filter { $0.value.phase.isEvictable }
          .min { $0.value.since < $1.value.since }
        if let oldest {
          victim = oldest.value.channel
          state.entries[oldest.key] = nil
          state.evicted += 1
        }
      }
      guard state.entries.count < limit else {
        state.refused += 1
        return (false, nil)
      }
      state.entries[id] = Entry(channel: channel, phase: .idle, since: .now())
      return (true, victim)
    }
    victim?.close(promise: nil)
    if admitted {
      channel.closeFuture.whenComplete { [self] _ in
        state.withLockedValue { $0.entries[id] = nil }
      }
    }
    return admitted
  }

  /// Records a connection's new phase.
  func update(_ channel: any Channel, phase: ConnectionPhase) {
    let id = ObjectIdentifier(channel)
    state.withLockedValue { state in
      state.entries[id]?.phase = phase
      state.entries[id]?.since = .now()
    }
  }

  /// Counts a connection closed at a phase's deadline.
  func recordTimeout(in phase: ConnectionPhase) {
    state.withLockedValue { $0.timedOut[phase, default: 0] += 1 }
  }
}
