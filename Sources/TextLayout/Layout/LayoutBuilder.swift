/// One run of the layout algorithm over one text.
///
/// The builder walks paragraphs from the start of the text and stops as soon as the line limit
/// is reached. A long paragraph in a limited layout is analyzed (line breaks, bidi) in windows
/// that start at a line start and grow only when the lines need more text, so the cost follows
/// the visible text.
///
/// Where each step lives:
/// - this file: the state and the driver (``fill()``: paragraph after paragraph until the line
///   limit);
/// - `LayoutBuilder+Paragraph.swift`: one paragraph, window after window (the paragraph loop),
///   and the prepared-text path that keeps a paragraph's analysis;
/// - `LayoutBuilder+Window.swift`: analyzing a window (bidi levels, break opportunities) and
///   how large windows are;
/// - `LayoutBuilder+Lines.swift`: **where a line ends**: adding segments to the line being
///   filled;
/// - `LayoutBuilder+WideWords.swift`: breaking a word wider than the line, a stretch at a
///   time for a long one;
/// - `LayoutBuilder+Segments.swift`: shaping the text between two break opportunities;
/// - `LayoutBuilder+Measuring.swift`: measuring segments in batches without keeping glyphs
///   (``TextLayoutEngine/measure(_:configuration:)-(StyledText,_)``);
/// - `LayoutBuilder+Token.swift`: fitting the truncation token on the last line;
/// - `LayoutBuilder+Placement.swift`: placing the drafted lines (bidi reordering, glyph runs);
/// - `ByteScan.swift`: the pure byte scans all of them use.
struct LayoutBuilder {
  let text: StyledText
  /// The text as shaped: ``text`` with the language its script implies on runs that name
  /// none (``StyledText/inferringLanguage()``). Its runs are ``text``'s, index for index.
  let shapingText: StyledText
  let configuration: LayoutConfiguration
  let shaper: any TextShaper
  /// The shaper as one that measures batches (see ``TextLayoutEngine/batchShaper``).
  let batchShaper: any BatchMeasuringShaper
  let analyzer: any UnicodeAnalyzer
  let limit: Int
  let fixedWindow: Int?
  /// Where width-independent analysis is kept between layouts, when laying out a prepared text.
  let prepared: PreparedText?

  /// The context after an incomplete window that its bidi levels are resolved with: more than
  /// any rule needs except a run of over 64 bytes of bidi-neutral characters in right-to-left
  /// text, where the levels of the neutrals at the window's end could differ.
  static let windowMargin = 64
  /// Tolerance for width comparisons, so that rounding never pushes a fitting word down.
  static let epsilon = 1e-6

  var drafts: [LineDraft] = []
  /// The segments of the drafted lines, one line after the other (``LineDraft/segments``
  /// indexes it), then those of the line being filled: one array for all lines, not one each.
  var lineSegments: [Segment] = []
  /// The styles of the truncation token's pieces, which their ``Piece/style`` indexes.
  var tokenStyles: [TextStyle] = []
  /// The pieces of the drafted lines' segments: the piece chunks of every analysis window, one
  /// window after the other; ``LineDraft/arena`` is where its window's chunks start. A window's
  /// chunks are appended when the window is done.
  var arenas: [[Piece]] = []
  /// The pieces of segments cut from others (a word wider than the line, the last line before
  /// a token): they depend on the width, so they stay out of the arenas a prepared text keeps.
  var scratch: [Piece] = []
  /// The vertical metrics the scratch arena's segments index.
  var scratchMetrics: [VerticalMetrics] = []
  /// The resolved level of the paragraph being laid out.
  var paragraphLevel: UInt8 = 0
  /// The buffers of the measured segments' batches.
  var batch = MeasureBatch()
  /// Whether new segments are only measured (``measureSegments(_:budget:batch:)``), with
  /// no pieces: a measurement places nothing, and placement shapes such segments itself.
  var measuresOnly = false

  init(
    text: StyledText, configuration: LayoutConfiguration, shaper: any TextShaper,
    batchShaper: (any BatchMeasuringShaper)? = nil,
    analyzer: any UnicodeAnalyzer, initialWindow: Int? = nil, prepared: PreparedText? = nil
  ) {
    self.fixedWindow = initialWindow
    self.prepared = prepared
    self.text = text
    self.shapingText = text.inferringLanguage()
    self.configuration = configuration
    self.shaper = shaper
    self.batchShaper = batchShaper ?? PieceByPieceShaper.wrapping(shaper)
    self.analyzer = analyzer
    self.limit = configuration.lineLimit.count
    drafts.reserveCapacity(min(limit, 8))
  }

  var count: Int { text.string.utf8.count }

  /// The buffers a layout lends the next (see ``ScratchPool``).
  var buffers: ScratchPool.Buffers {
    get { ScratchPool.Buffers(batch: batch, lineSegments: lineSegments) }
    set {
      batch = newValue.batch
      lineSegments = newValue.lineSegments
    }
  }

  // MARK: - The driver

  mutating func run() -> LaidOutText {
    // Filled first, in its own statement: in `place(isTruncated: fill())` the call would read
    // `self` before the argument filled it.
    let isTruncated = fill()
    return place(isTruncated: isTruncated)
  }

  /// Fills the lines without placing them.
  mutating func runMeasurement() -> TextMeasurement {
    measuresOnly = true
    let isTruncated = fill()
    return measure(isTruncated: isTruncated)
  }

  /// Fills the visible lines into ``drafts`` and fits the token.
  ///
  /// - Returns: Whether the text is cut.
  mutating func fill() -> Bool {
    var position = 0
    var isTruncated = false
    while true {
      if drafts.count >= limit {
        isTruncated = hasContent(from: drafts[drafts.count - 1].range.upperBound)
        break
      }
      guard let next = layoutParagraph(from: position) else {
        // The limit was reached inside the paragraph.
        isTruncated = hasContent(from: drafts[drafts.count - 1].range.upperBound)
        break
      }
      if next.separatorLength == 0 { break }
      position = next.end + next.separatorLength
    }
    if isTruncated, let token = configuration.truncationToken {
      fitToken(token)
    }
    return isTruncated
  }

  /// Whether anything but hanging white space lies at or after an offset.
  mutating func hasContent(from offset: Int) -> Bool {
    guard offset < count else { return false }
    // Bytes first: the first byte after a cut is almost always a letter.
    var string = text.string
    let first: Unicode.Scalar? = string.withUTF8 { bytes in
      let byte = bytes[offset]
      if byte < 0x80 { return Unicode.Scalar(byte) }
      // A letter of another script: its scalar, decoded in place.
      return UTF8Decoding.scalar(at: offset, in: bytes).scalar
    }
    if let first, !ShapedMeasure.isHangingSpace(first) { return true }
    return text.slice(offset..<count).unicodeScalars.contains {
      !ShapedMeasure.isHangingSpace($0)
    }
  }

  /// Finds the next paragraph separator in `start..<end` (see ``ByteScan/findSeparator(in:from:to:)``).
  func findSeparator(from start: Int, to end: Int) -> (offset: Int, length: Int)? {
    // StyledText keeps its string in contiguous UTF-8, so withUTF8 does not copy.
    var string = text.string
    return string.withUTF8 { ByteScan.findSeparator(in: $0, from: start, to: end) }
  }

  /// Moves an offset back to the start of a Unicode scalar.
  func scalarBoundary(atOrBefore offset: Int) -> Int {
    var string = text.string
    return string.withUTF8 { ByteScan.scalarBoundary(in: $0, atOrBefore: offset) }
  }
}
