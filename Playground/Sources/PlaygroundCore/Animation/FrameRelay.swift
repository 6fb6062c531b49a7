import Foundation
import NIOCore

/// Animations on their way to the pages: the frames a drawing thread draws after a tap's
/// answer, until the page's stream request takes them, and the still of the tap's new state,
/// drawn after the frames, until the image store has it.
///
/// A tap is answered as soon as the model has performed it (its action, state and geometry);
/// the answer names a frame stream and a still that are not drawn yet. The thread that answered
/// then draws the frames into a ``FrameSink`` and the still, on the same thread (its glyph
/// caches are its own). Memory stays bounded: a session has one animation being drawn (a new
/// tap cancels the one before), at most ``PlaygroundLimits/pendingAnimations`` streams wait
/// for their pages, each for at most ``PlaygroundLimits/writeTimeout``, a stream holds at most
/// ``PlaygroundLimits/unreadFrameBytes`` its page has not read (past them its frames stop),
/// and a frame is dropped once written to the page.
package final class FrameRelay: @unchecked Sendable {
  // Every stored property is read and written with `lock` held.
  private let lock = NSLock()
  private let limits: PlaygroundLimits
  private var streams: [Key: Stream] = [:]
  /// The sink each session's frames are being drawn into.
  private var drawing: [String: FrameSink] = [:]
  private var stills: [Key: Still] = [:]

  private struct Key: Hashable {
    var session: String
    var number: Int
  }

  private struct Stream {
    var frames: AsyncStream<ByteBuffer>
    var sink: FrameSink
    var opened: ContinuousClock.Instant
  }

  private enum Still {
    case drawing([CheckedContinuation<ByteBuffer??, Never>])
    case drawn(ByteBuffer?)
  }

  init(limits: PlaygroundLimits) {
    self.limits = limits
  }

  /// How many streams wait for their pages.
  package var waitingStreams: Int { lock.withLock { streams.count } }

  /// Opens the stream a tap's answer names, cancelling the session's animation being drawn.
  func open(session: String, number: Int) -> FrameSink {
    let (frames, continuation) = AsyncStream<ByteBuffer>.makeStream(
      bufferingPolicy: .unbounded)
    let sink = FrameSink(continuation, unreadLimit: limits.unreadFrameBytes)
    let now = ContinuousClock.now
    let dropped = lock.withLock { () -> [FrameSink] in
      var dropped = [drawing[session]].compactMap { $0 }
      drawing[session] = sink
      // The session's animations not yet read are of states it has left.
      for key in streams.keys where key.session == session {
        dropped.append(streams.removeValue(forKey: key)!.sink)
      }
      // Streams nobody asked for in time, then the oldest past the limit.
      let stale = streams.filter { now - $0.value.opened > limits.writeTimeout }
      for key in stale.keys { dropped.append(streams.removeValue(forKey: key)!.sink) }
      while streams.count >= limits.pendingAnimations,
        let oldest = streams.min(by: { $0.value.opened < $1.value.opened })
      {
        dropped.append(streams.removeValue(forKey: oldest.key)!.sink)
      }
      streams[Key(session: session, number: number)] = Stream(
        frames: frames, sink: sink, opened: now)
      return dropped
    }
    for sink in dropped { sink.cancel() }
    return sink
  }

  /// Says that the frames of a sink are drawn: the session has no animation being drawn.
  func finished(_ sink: FrameSink, session: String) {
    sink.finish()
    lock.withLock {
      if drawing[session] === sink { drawing[session] = nil }
    }
  }

  /// Takes a stream for the page that asks for it, and the sink its frames are drawn into:
  /// each stream is read once.
  func take(session: String, number: Int) -> (frames: AsyncStream<ByteBuffer>, sink: FrameSink)? {
    lock.withLock {
      streams.removeValue(forKey: Key(session: session, number: number)).map {
        ($0.frames, $0.sink)
      }
    }
  }

  /// Says that a still is being drawn: a request for it waits until it is.
  func expectStill(session: String, number: Int) {
    lock.withLock { stills[Key(session: session, number: number)] = .drawing([]) }
  }

  /// A still that is drawn, or `nil` when it could not be; requests waiting for it get it.
  func drawStill(session: String, number: Int, _ bytes: ByteBuffer?) {
    let waiting = lock.withLock { () -> [CheckedContinuation<ByteBuffer??, Never>] in
      let key = Key(session: session, number: number)
      guard case .drawing(let waiting) = stills[key] else { return [] }
      stills[key] = .drawn(bytes)
      return waiting
    }
    for continuation in waiting { continuation.resume(returning: .some(bytes)) }
  }

  /// Forgets a still once the image store keeps it.
  func forgetStill(session: String, number: Int) {
    lock.withLock { _ = stills.removeValue(forKey: Key(session: session, number: number)) }
  }

  /// A still this relay knows of, waiting while it is drawn: `.none` when it knows none (the
  /// image store may have it), `.some(nil)` when it could not be drawn.
  func still(session: String, number: Int) async -> ByteBuffer?? {
    let key = Key(session: session, number: number)
    enum Found {
      case unknown, drawn(ByteBuffer?), drawing
    }
    let found = lock.withLock { () -> Found in
      switch stills[key] {
      case nil: .unknown
      case .drawn(let bytes): .drawn(bytes)
      case .drawing: .drawing
      }
    }
    switch found {
    case .unknown: return .none
    case .drawn(let bytes): return .some(bytes)
    case .drawing:
      return await withCheckedContinuation { continuation in
        let drawn = lock.withLock { () -> ByteBuffer??? in
          switch stills[key] {
          case .drawing(var waiting):
            waiting.append(continuation)
            stills[key] = .drawing(waiting)
            return .none
          case .drawn(let bytes): return .some(.some(bytes))
          // Forgotten meanwhile: the image store has it.
          case nil: return .some(.none)
          }
        }
        if let drawn { continuation.resume(returning: drawn) }
      }
    }
  }
}
