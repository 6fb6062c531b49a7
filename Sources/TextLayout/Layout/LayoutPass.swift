/// One run of the layout algorithm over one text: its stages, in order, as values.
///
/// 1. **Paragraphs** (this file): the text is walked paragraph by paragraph from its start,
///    and the walk stops as soon as the line limit is reached.
/// 2. **Items** (``WindowAnalyzer`` → ``WindowAnalysis``): a paragraph is analyzed (bidi level
///    runs, break opportunities) in windows that start at a line start and grow only when the
///    lines need more text, so that the cost of a limited layout follows its visible text.
/// 3. **Segments** (``SegmentMaker`` → ``Segment``): the text between two break
///    opportunities, cut into pieces at style and level changes, measured in batches from the
///    shaper's cache: one way for layouts and measurements, with no glyphs.
/// 4. **Lines** (``LineBreaker`` → ``LineDraft``): segments fill lines greedily; a word wider
///    than a line is broken at graphemes; the last visible line makes room for the token.
/// 5. **Placement** (``LinePlacer`` → ``LaidOutText`` or ``TextMeasurement``): the drafted
///    lines' pieces are shaped (only theirs), reordered and aligned; a measurement takes the
///    same metrics without glyphs.
///
/// Tabs, whose advances depend on where their line puts them, are handled in one place,
/// ``TabbedSegment``, which the other stages ask about a segment with ``Segment/hasTabs``.
struct LayoutPass {
  /// The text being laid out and its configuration; a batch of measurements gives the same
  /// pass the next text with ``restart(with:)``.
  private(set) var context: LayoutContext
  /// The first window's size when fixed (tests set it small to make several windows).
  let fixedWindow: Int?
  /// Where width-independent analysis is kept between layouts, when laying out a prepared text.
  private(set) var prepared: PreparedText?
  var segments: SegmentMaker
  var lines: LineBreaker

  init(
    context: LayoutContext, initialWindow: Int? = nil, prepared: PreparedText? = nil,
    buffers: ScratchPool.Buffers
  ) {
    self.context = context
    self.fixedWindow = initialWindow
    self.prepared = prepared
    segments = SegmentMaker(context: context)
    segments.batch = buffers.batch
    lines = LineBreaker(context: context, lineSegments: buffers.lineSegments)
  }

  /// Starts over with another text, keeping the stages' buffers: a list measures its rows with
  /// one pass, so that no row builds, copies and destroys the stages again (about 4,000
  /// instructions a row, with the drafts' first allocation). The context, which the stages
  /// share, is given the next text
  /// (``LayoutContext/restart(with:shapingText:)``).
  mutating func restart(with prepared: PreparedText) {
    context.restart(with: prepared.text, shapingText: prepared.shapingText)
    self.prepared = prepared
    lines.restart(with: context)
  }

  /// The buffers a layout lends the next (see ``ScratchPool``).
  var buffers: ScratchPool.Buffers {
    ScratchPool.Buffers(batch: segments.batch, lineSegments: lines.lineSegments)
  }

  var count: Int { context.count }
  var limit: Int { context.limit }

  // MARK: - The driver

  /// Lays the text out.
  mutating func run() -> LaidOutText {
    // Filled first, in its own statement: as an argument, the call would read the stages
    // before filling changed them.
    let isTruncated = fill()
    // The placer reads the lines in place (see ``LinePlacer``).
    return withUnsafePointer(to: &lines) { lines in
      LinePlacer(context: context, lines: lines).place(isTruncated: isTruncated, maker: &segments)
    }
  }

  /// Fills the lines and measures them, without glyphs.
  mutating func runMeasurement() -> TextMeasurement {
    let isTruncated = fill()
    return withUnsafePointer(to: &lines) { lines in
      LinePlacer(context: context, lines: lines).measure(
        isTruncated: isTruncated, maker: &segments)
    }
  }

  /// Fills the visible lines into drafts, paragraph after paragraph, and fits the token.
  ///
  /// - Returns: Whether the text is cut.
  mutating func fill() -> Bool {
    var position = 0
    var isTruncated = false
    while true {
      if lines.drafts.count >= limit {
        isTruncated = hasContent(from: lines.drafts[lines.drafts.count - 1].range.upperBound)
        break
      }
      guard let next = layoutParagraph(from: position) else {
        // The limit was reached inside the paragraph.
        isTruncated = hasContent(from: lines.drafts[lines.drafts.count - 1].range.upperBound)
        break
      }
      if next.separatorLength == 0 { break }
      position = next.end + next.separatorLength
    }
    if isTruncated, let token = context.configuration.truncationToken {
      lines.fitToken(token, maker: &segments)
    }
    return isTruncated
  }

  /// Whether anything but hanging white space lies at or after an offset.
  mutating func hasContent(from offset: Int) -> Bool {
    guard offset < count else { return false }
    // Bytes first: the first byte after a cut is almost always a letter.
    let first: Unicode.Scalar? = context.withUTF8 { bytes in
      let byte = bytes[offset]
      if byte < 0x80 { return Unicode.Scalar(byte) }
      // A letter of another script: its scalar, decoded in place.
      return UTF8Decoding.scalar(at: offset, in: bytes).scalar
    }
    if let first, !ShapedMeasure.isHangingSpace(first) { return true }
    return context.text.slice(offset..<count).unicodeScalars.contains {
      !ShapedMeasure.isHangingSpace($0)
    }
  }

  /// Twice a window's size, without overflowing.
  static func doubled(_ size: Int) -> Int {
    size > Int.max / 2 ? Int.max : size * 2
  }
}
