import Foundation
import NIOCore

/// The sessions and their images, handed out one request at a time.
///
/// A request checks its session out, draws from the copy it got on a drawing thread, and
/// checks the new state in; the session's next request waits for that (at most
/// ``PlaygroundLimits/sessionWaiters`` of them), so a session's requests apply in order and
/// one session never has more than one job drawing or queued. Nothing here blocks: every
/// method is short, and a waiting request is a suspended task, not a thread.
actor SessionHub {
  /// A session checked out for one request.
  struct Lease: Sendable {
    /// The session's id.
    var id: String
    /// The session as the request found it.
    var session: PlaygroundSession
    /// How long this kind of request took last time for this session.
    var estimate: Duration
    /// The drawing time the session has used lately, in seconds: its jobs wait behind those
    /// of sessions that have used less.
    var usage: Double
  }

  /// Drawing time used, decaying with a half-life: what a session (or all new sessions
  /// together) has taken of the drawing threads lately.
  private struct Usage {
    var seconds = 0.0
    var since: ContinuousClock.Instant

    /// The half-life of usage: a session that stops drawing is back to nothing in a minute.
    static let halfLife = 10.0

    func decayed(at now: ContinuousClock.Instant) -> Double {
      let (whole, attoseconds) = (now - since).components
      let elapsed = Double(whole) + Double(attoseconds) * 1e-18
      return seconds * pow(0.5, max(0, elapsed) / Self.halfLife)
    }

    mutating func add(_ duration: Duration, at now: ContinuousClock.Instant) {
      let (whole, attoseconds) = duration.components
      seconds = decayed(at: now) + Double(whole) + Double(attoseconds) * 1e-18
      since = now
    }
  }

  private struct Slot {
    var session: PlaygroundSession
    var isBusy = true
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// The last time each kind of request took.
    var costs: [String: Duration] = [:]
    var usage: Usage
  }

  private let limits: PlaygroundLimits
  private let clock: @Sendable () -> ContinuousClock.Instant
  private var store: SessionStore<Slot>
  private var images: ImageShelf
  /// Sessions may be created at ``PlaygroundLimits/sessionsPerSecond`` after a burst of
  /// ``PlaygroundLimits/sessionBurst``: a token bucket.
  private var creationTokens: Double
  private var lastCreation: ContinuousClock.Instant
  /// The drawing time new sessions have used, together: a client making sessions in a loop
  /// gets them behind the sessions in use.
  private var creationUsage: Usage

  init(limits: PlaygroundLimits, clock: @escaping @Sendable () -> ContinuousClock.Instant) {
    self.limits = limits
    self.clock = clock
    store = SessionStore(
      capacity: limits.sessions, idleLimit: limits.sessionIdle,
      protection: limits.sessionProtection)
    images = ImageShelf(
      capacity: limits.storedImageBytes,
      sessionCapacity: max(limits.imageBytes * 2, limits.storedImageBytes / 8))
    creationTokens = Double(limits.sessionBurst)
    lastCreation = clock()
    creationUsage = Usage(since: lastCreation)
  }

  /// How many sessions are kept.
  var sessionCount: Int { store.count }

  /// The bytes of images kept.
  var imageBytes: Int { images.bytes }

  /// Creates a session, checked out to the request that creates it.
  ///
  /// - Throws: ``PlaygroundError`` 503 when sessions are being made faster than
  ///   ``PlaygroundLimits/sessionsPerSecond``, or when every session was used within
  ///   ``PlaygroundLimits/sessionProtection``.
  func create() throws(PlaygroundError) -> Lease {
    let now = clock()
    let rate = Double(limits.sessionsPerSecond)
    creationTokens = min(
      Double(limits.sessionBurst), creationTokens + rate * seconds(now - lastCreation))
    lastCreation = now
    guard creationTokens >= 1 else {
      throw .busy("sessions are being made faster than \(limits.sessionsPerSecond) a second")
    }
    let session = PlaygroundSession()
    let slot = Slot(session: session, usage: Usage(since: now))
    guard let id = store.insert(slot, now: now, isHeld: \.isBusy) else {
      throw .busy(
        "the playground has \(limits.sessions) sessions, all in use; try again in a minute",
        retryAfter: 30)
    }
    creationTokens -= 1
    return Lease(
      id: id, session: session, estimate: .zero, usage: creationUsage.decayed(at: now))
  }

  /// Checks a session out for a request, waiting for the session's earlier requests.
  ///
  /// - Parameters:
  ///   - id: The session's id, from the request's path.
  ///   - kind: What the request does, for its cost estimate.
  /// - Throws: ``PlaygroundError`` 400 for a malformed id, 404 for an unknown or expired
  ///   session, 429 when the session already has its most requests waiting.
  func checkOut(_ id: String, kind: String) async throws(PlaygroundError) -> Lease {
    guard SessionStore<Slot>.isWellFormed(id) else {
      throw PlaygroundError("\(PlaygroundError.quote(id)) is not a session id")
    }
    guard var slot = store[id, now: clock()] else {
      throw PlaygroundError(status: 404, "no session \(id): it expired; reload the page")
    }
    if slot.isBusy {
      guard slot.waiters.count < limits.sessionWaiters else {
        throw PlaygroundError(
          status: 429,
          "this session has \(slot.waiters.count + 1) requests in progress; wait for their answers")
      }
      // The request that holds the session hands it over in `checkIn`: when this resumes,
      // the session is this request's.
      await withCheckedContinuation { continuation in
        slot.waiters.append(continuation)
        store[id, now: clock()] = slot
      }
      guard let handed = store[id, now: clock()] else {
        throw PlaygroundError(status: 404, "no session \(id): it expired; reload the page")
      }
      slot = handed
    } else {
      slot.isBusy = true
      store[id, now: clock()] = slot
    }
    return Lease(
      id: id, session: slot.session, estimate: slot.costs[kind] ?? .zero,
      usage: slot.usage.decayed(at: clock()))
  }

  /// Checks a session back in, with its new state and images when the request succeeded, and
  /// hands it to its next waiting request.
  ///
  /// - Parameters:
  ///   - id: The session's id.
  ///   - kind: What the request did.
  ///   - session: The new state, or `nil` to keep the old one (a refused request).
  ///   - newImages: The images the answer names, by number.
  ///   - elapsed: How long the drawing took, for the next estimate.
  func checkIn(
    _ id: String, kind: String, session: PlaygroundSession?,
    images newImages: [(number: Int, bytes: ByteBuffer)] = [], elapsed: Duration? = nil
  ) {
    let now = clock()
    guard var slot = store[id, now: now] else { return }
    if let session { slot.session = session }
    if let elapsed {
      slot.costs[kind] = elapsed
      // A new session's drawing counts for it and for all new sessions together.
      if kind == Self.creation { creationUsage.add(elapsed, at: now) }
      slot.usage.add(elapsed, at: now)
    }
    for image in newImages {
      images.add(image.bytes, session: id, number: image.number)
    }
    if slot.waiters.isEmpty {
      slot.isBusy = false
      store[id, now: clock()] = slot
    } else {
      let next = slot.waiters.removeFirst()
      store[id, now: clock()] = slot
      next.resume()
    }
  }

  /// Keeps the stills a request drew after its answer, and charges their drawing to the
  /// session (the frames of a tap's animation cost like the answer itself).
  func drewLater(
    _ id: String, kind: String, images newImages: [(number: Int, bytes: ByteBuffer)],
    elapsed: Duration
  ) {
    let now = clock()
    for image in newImages {
      images.add(image.bytes, session: id, number: image.number)
    }
    guard var slot = store[id, now: now] else { return }
    slot.usage.add(elapsed, at: now)
    store[id, now: now] = slot
  }

  /// The kind of the request that creates a session, whose drawing counts for all new
  /// sessions together.
  static let creation = "new"

  /// An image an answer named, while it is kept.
  func image(session id: String, number: Int) -> ByteBuffer? {
    images.image(session: id, number: number)
  }

  private func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
