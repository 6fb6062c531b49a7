import Foundation
import NIOCore

/// Where a drawing thread sends an animation's frames, for the stream the page reads.
///
/// Each frame is one message: a 36-byte header of nine big-endian 32-bit numbers — the
/// pixels' length in bytes, the frame's time in milliseconds from the animation's start, the
/// rectangle's left and top edges, its width and height, the canvas's width and height, all
/// in pixels, and 1 when the rectangle is the whole frame drawn at one pixel per point, to be
/// stretched over the canvas (a large first frame), else 0 — then the rectangle that changed
/// since the frame before (the first frame is whole): a PNG file, or when the bytes do not
/// start with PNG's signature, the rectangle's pixels as they are, RGBA with straight alpha,
/// row by row (the first frame, which the page waits for: nothing to encode or decode). The
/// page draws each rectangle over what it shows, at the frame's time.
package final class FrameSink: Sendable {
  private let continuation: AsyncStream<ByteBuffer>.Continuation
  /// The most bytes sent and not yet written to the page: past it the frames stop.
  private let unreadLimit: Int
  private let unread = NSLock.Protected(0)
  private let cancelled = NSLock.Protected(false)
  private let ended = NSLock.Protected(false)
  private let frames = NSLock.Protected(0)

  init(_ continuation: AsyncStream<ByteBuffer>.Continuation, unreadLimit: Int) {
    self.continuation = continuation
    self.unreadLimit = unreadLimit
  }

  /// A sink nobody reads: every frame is dropped.
  static var none: FrameSink {
    let (_, continuation) = AsyncStream<ByteBuffer>.makeStream()
    let sink = FrameSink(continuation, unreadLimit: 0)
    sink.cancel()
    return sink
  }

  /// Whether nobody will read the frames: the page went away, or a later tap of the session
  /// replaced the animation. The drawing thread then stops drawing frames.
  package var isCancelled: Bool { cancelled.value }

  /// Whether a frame was sent, or no frame will be: what a tap's answer waits for, briefly.
  package var hasFirstFrame: Bool { frames.value > 0 || ended.value }

  /// Stops the frames: those drawn are dropped and no more are drawn.
  func cancel() {
    cancelled.value = true
    ended.value = true
    continuation.finish()
  }

  /// Sends a frame.
  ///
  /// - Parameters:
  ///   - pixels: The rectangle that changed: a PNG file, or RGBA bytes with straight alpha.
  ///   - milliseconds: The frame's time from the animation's start.
  ///   - columns: The rectangle's columns, in pixels.
  ///   - rows: The rectangle's rows, in pixels.
  ///   - width: The canvas's width, in pixels.
  ///   - height: The canvas's height, in pixels.
  ///   - stretched: Whether the rectangle is the whole frame at one pixel per point, which the
  ///     page stretches over the canvas.
  package func send(
    _ pixels: [UInt8], milliseconds: Int, columns: Range<Int>, rows: Range<Int>, width: Int,
    height: Int, stretched: Bool = false
  ) {
    guard !isCancelled else { return }
    var message = ByteBuffer()
    message.reserveCapacity(Self.headerBytes + pixels.count)
    let header = [
      pixels.count, milliseconds, columns.lowerBound, rows.lowerBound, columns.count, rows.count,
      width, height, stretched ? 1 : 0,
    ]
    for value in header {
      message.writeInteger(UInt32(clamping: value), endianness: .big)
    }
    message.writeBytes(pixels)
    // A page that does not read (or reads slowly) gets no more frames than the limit: the
    // stream ends, and the page shows the still.
    let waiting = unread.value + message.readableBytes
    guard frames.value == 0 || waiting <= unreadLimit else {
      cancel()
      return
    }
    unread.value = waiting
    continuation.yield(message)
    frames.value += 1
  }

  /// Says that bytes of the frames were written to the page.
  package func written(_ count: Int) {
    unread.value -= count
  }

  /// Ends the stream after the frames sent.
  package func finish() {
    ended.value = true
    continuation.finish()
  }

  /// The bytes before each frame's PNG.
  package static let headerBytes = 36
}

extension NSLock {
  /// A value read and written under a lock of its own.
  final class Protected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
      stored = value
    }

    var value: Value {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
  }
}
