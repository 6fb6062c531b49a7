extension SegmentMaker {
  /// How far a pass's measuring batches reach: decided once for the pass, by whether it keeps
  /// its segments (a prepared text) and whether it has a line limit.
  ///
  /// A batch measures up to ``segments`` segments in one shaper call, reaching at most
  /// ``bytes`` past its first segment's start and no further than the lines left can hold by
  /// the engine's estimate (`budget` in ``SegmentMaker/makeNextSegments(_:budget:batching:)``),
  /// but at least ``floor``. The shaper's set-up is shared by the batch (a shaper call with its
  /// style, face and key look-ups, the buffers emptied, the pairs' set-up: about 3,000
  /// instructions), and what is measured past the last line stays small.
  struct Batching: Equatable {
    /// The most segments of a batch.
    var segments: Int
    /// How far past its first segment's start a batch may reach, in UTF-8 bytes.
    var bytes: Int
    /// How far a batch reaches at least, even when the lines left seem to hold less.
    var floor: Int
    /// Whether a long word may be measured by its first stretch only: a text prepared for
    /// other layouts keeps its segments, which must be whole.
    var allowsWide: Bool

    /// A layout or measurement of a text that keeps nothing: 192 bytes and 48 segments.
    ///
    /// At 64 bytes and 16 segments a batch's fixed costs were close to a tenth of a list row,
    /// about three batches a row. Measured on the list benchmark (instructions,
    /// docs/Performance.md round 12), against 64 and 16: 128 and 32, the first pass 3.3% less
    /// and a re-layout 1.0% more; 192 and 48, 4.5% and 4.4% less (the first pass measures 7%
    /// more segments past its lines, which a re-layout then finds measured); 256 and 64, 5.3%
    /// and 0.9% less (the re-layout measures further past its own).
    static let layout = Batching(segments: 48, bytes: 192, floor: 0, allowsWide: true)

    /// A text laid out once under a line limit: 64 bytes and 16 segments. What it measures
    /// past its last line is thrown away, and for a text seen for the first time each word of
    /// it is a shaping miss, while the budget (three bytes an em) is generous for most
    /// scripts. At 192 bytes and 48 segments the first-time 3-line check took 16% longer than
    /// at 64 and 16 (47.3 against 40.7 µs, `make bench`, docs/Performance.md, rounds 12-14
    /// merged); a layout without a limit uses all it measures.
    static let limitedLayout = Batching(segments: 16, bytes: 64, floor: 0, allowsWide: true)

    /// A prepared text, which keeps its segments for its next layout: as ``layout``, whole
    /// words, and at least 48 bytes. One shaper call costs about as much as measuring a few
    /// pieces, and the pieces past the last line are what a wider layout (a rotation) needs
    /// next. Measured on the list benchmark: a floor of 32 bytes against 16, the first pass 1%
    /// more work and a re-layout 4% less; 48 against 32, the first pass 1% more instructions
    /// (no change in time) and a re-layout 3% less (3% less time).
    static let prepared = Batching(segments: 48, bytes: 192, floor: 48, allowsWide: false)
  }
}

extension SegmentMaker.Batching {
  /// The batching of a pass.
  ///
  /// - Parameters:
  ///   - isPrepared: Whether the pass keeps its segments in a ``PreparedText``.
  ///   - hasLineLimit: Whether the pass stops at a line limit.
  init(isPrepared: Bool, hasLineLimit: Bool) {
    self = isPrepared ? .prepared : hasLineLimit ? .limitedLayout : .layout
  }
}
