import NIOCore

/// A drawn answer: its JSON, and where its time went, which the server sends as
/// `Server-Timing` (what the browser's developer tools and the load check read).
package struct PlaygroundAnswer: Sendable {
  /// The answer: the session's state and the URLs of the images drawn.
  package var json: ByteBuffer
  /// How long the job waited for a drawing thread.
  package var waited: Duration
  /// How long the drawing took on its thread, by the clock.
  package var drawing: Duration
  /// The processor time the drawing took.
  package var processor: Duration
  /// The numbers of the frame streams the answer names, being drawn after it.
  package var streams: [Int] = []
  /// The frames that follow the answer in the same response, when the tap asked for them.
  package var frames: (frames: AsyncStream<ByteBuffer>, sink: FrameSink)?

  /// The `Server-Timing` header's value: `queue`, `draw` and `cpu`, in milliseconds.
  var serverTiming: String {
    "queue;dur=\(Self.milliseconds(waited)), draw;dur=\(Self.milliseconds(drawing)),"
      + " cpu;dur=\(Self.milliseconds(processor))"
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) * 1e-15
    return String(Double(Int(value * 10)) / 10)
  }
}
