/// The drawing a tap leaves for after its answer: the frames of its animation, sent to a
/// ``FrameSink`` as they are drawn, and the still of the new state.
///
/// It holds the models' display lists and the renderer of the thread that answered the tap,
/// which are not `Sendable`: it is made and run on that one thread (``DrawingPool``'s
/// follow-up), never shared.
package struct FrameJob: @unchecked Sendable {
  /// Draws the frames into the sink and answers the still, encoded as PNG.
  let draw: (FrameSink) throws(PlaygroundError) -> [UInt8]
  /// Whether the frames are drawn (an animation over the answer's pixel budget is not: the
  /// still alone is).
  let animates: Bool
}
