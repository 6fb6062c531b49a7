/// One run of the layout algorithm over one text.
///
/// The builder walks paragraphs from the start of the text and stops as soon as the line limit
/// is reached. A long paragraph in a limited layout is analyzed (line breaks, bidi) in windows
/// that start at a line start and grow only when the lines need more text, so the cost follows
/// the visible text.
struct LayoutBuilder {
  let text: StyledText
  let configuration: LayoutConfiguration
  let shaper: any TextShaper
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
    analyzer: any UnicodeAnalyzer, initialWindow: Int? = nil, prepared: PreparedText? = nil
  ) {
    self.fixedWindow = initialWindow
    self.prepared = prepared
    self.text = text
    self.configuration = configuration
    self.shaper = shaper
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

  // MARK: - Paragraphs

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
  func hasContent(from offset: Int) -> Bool {
    guard offset < count else { return false }
    // Bytes first: the first byte after a cut is almost always a letter.
    var string = text.string
    let first: Unicode.Scalar? = string.withUTF8 { bytes in
      let byte = bytes[offset]
      if byte < 0x80 { return Unicode.Scalar(byte) }
      // A letter of another script: its scalar, decoded in place.
      var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
      var decoder = UTF8()
      guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
      return scalar
    }
    if let first, !ShapedMeasure.isHangingSpace(first) { return true }
    return text.slice(offset..<count).unicodeScalars.contains { !ShapedMeasure.isHangingSpace($0) }
  }

  /// Finds the next paragraph separator in `start..<end`.
  ///
  /// Paragraphs end at LF, CR, CR LF, VT, FF, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR: the
  /// characters UAX #14 gives a mandatory break after.
  func findSeparator(from start: Int, to end: Int) -> (offset: Int, length: Int)? {
    // A raw byte loop: walking String.UTF8View index by index costs several times more, and the
    // scan covers a whole window even for a 3-line layout. StyledText keeps its string in
    // contiguous UTF-8, so withUTF8 does not copy.
    var string = text.string
    return string.withUTF8 { bytes in
      var offset = start
      while offset < end {
        // Eight bytes at a time while none can start a separator: none below 0x0E, none 0xC2 or
        // 0xE2 (the lead bytes of NEL and of LINE and PARAGRAPH SEPARATOR).
        if offset + 8 <= end {
          let word = UInt64(
            littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(
              as: UInt64.self))
          if !Self.hasByte(in: word, below: 0x0E) && !Self.hasByte(in: word, equalTo: 0xC2)
            && !Self.hasByte(in: word, equalTo: 0xE2)
          {
            offset += 8
            continue
          }
        }
        switch bytes[offset] {
        case 0x0A, 0x0B, 0x0C:
          return (offset, 1)
        case 0x0D:
          return (offset, offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1)
        case 0xC2:
          if offset + 1 < bytes.count && bytes[offset + 1] == 0x85 { return (offset, 2) }
        case 0xE2:
          if offset + 2 < bytes.count && bytes[offset + 1] == 0x80
            && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
          {
            return (offset, 3)
          }
        default:
          break
        }
        offset += 1
      }
      return nil
    }
  }

  /// Whether any of the eight bytes of `word` is below `limit` (at most 0x80).
  static func hasByte(in word: UInt64, below limit: UInt8) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (word &- ones &* UInt64(limit)) & ~word & (ones &* 0x80) != 0
  }

  /// Whether any of the eight bytes of `word` is `byte`.
  static func hasByte(in word: UInt64, equalTo byte: UInt8) -> Bool {
    hasByte(in: word ^ (0x0101_0101_0101_0101 &* UInt64(byte)), below: 1)
  }

  /// Moves an offset back to the start of a Unicode scalar.
  func scalarBoundary(atOrBefore offset: Int) -> Int {
    let utf8 = text.string.utf8
    var offset = offset
    while offset > 0 && offset < count {
      let byte = utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
      if byte & 0xC0 != 0x80 { break }
      offset -= 1
    }
    return offset
  }

  /// The first window's size for a limited layout: an estimate of the bytes the remaining lines
  /// can hold, plus twice ``windowMargin``.
  ///
  /// Four bytes per em of line covers Latin (under 2), CJK (3) and most Cyrillic, Greek and
  /// Hebrew (3 to 4); Arabic and Thai with their marks can need more, and then the window
  /// grows. Too large a window costs line-break analysis (about 130 instructions a byte with
  /// ICU) on text that is never shown; too small costs another analysis. The estimate is
  /// generous on purpose: the same window then holds the lines of a wider layout of a prepared
  /// text (a list after a rotation). Measured on the list benchmark, three bytes an em made the
  /// first pass about 5% faster and a re-layout at 480 points 30% slower.
  func initialWindow(at offset: Int) -> Int {
    guard limit != Int.max else { return Int.max }
    if let fixedWindow { return max(fixedWindow, 2 * Self.windowMargin) }
    let ems = emsLeft(at: offset, pen: 0)
    return Int(min(ems * 4, Double(Int.max / 4))) + 2 * Self.windowMargin
  }

  /// The ems the lines left (the one being filled, up to `pen`, and those after it) can still
  /// hold, in the font size at `offset`. For limited layouts only.
  func emsLeft(at offset: Int, pen: Double) -> Double {
    let size = max(1, text.size(at: offset))
    return max(0, Double(limit - drafts.count) * configuration.width - pen) / size
  }

  /// About how many UTF-8 bytes the lines left can still hold, at three bytes an em (Cyrillic,
  /// Greek and CJK text; Latin needs two, so a batch may measure a few words past the last
  /// line, which costs less than the many small batches of a lower estimate).
  func bytesLeft(after filler: LineFiller) -> Int {
    guard limit != Int.max else { return Int.max }
    let ems = emsLeft(at: filler.lineStart, pen: filler.pen)
    return Int(min(ems * 3, Double(Int.max / 4)))
  }

  /// Analyzes a window of a paragraph: bidi levels and the trusted break opportunities.
  ///
  /// The break opportunities come from the analyzer with the rest of the text as context
  /// (``UnicodeAnalyzer/lineBreaks(in:upTo:)``), so every one up to the window's end is the
  /// paragraph's own. The bidi levels of an incomplete window are resolved with up to
  /// ``windowMargin`` bytes of the paragraph after it.
  func analyzeWindow(
    from lineStart: Int, scanEnd: Int, paragraphLevel: UInt8?
  ) -> WindowAnalysis {
    let separator = findSeparator(from: lineStart, to: scanEnd)
    let windowEnd: Int
    let isComplete: Bool
    if let separator {
      windowEnd = separator.offset
      isComplete = true
    } else if scanEnd == count {
      windowEnd = count
      isComplete = true
    } else {
      windowEnd = scalarBoundary(atOrBefore: scanEnd)
      isComplete = false
    }
    let direction: ParagraphDirection =
      switch paragraphLevel {
      case nil: .natural
      case let level? where level & 1 == 1: .rightToLeft
      default: .leftToRight
      }
    var bidiEnd = windowEnd
    if !isComplete {
      let contextEnd = min(count, windowEnd + Self.windowMargin)
      bidiEnd =
        findSeparator(from: windowEnd, to: contextEnd)?.offset
        ?? scalarBoundary(atOrBefore: contextEnd)
    }
    let bidi = analyzer.bidiLevels(in: text.slice(lineStart..<bidiEnd), direction: direction)
    let levelRuns = bidi.runs.compactMap { run -> BidiAnalysis.LevelRun? in
      let lower = run.range.lowerBound + lineStart
      guard lower < windowEnd else { return nil }
      return BidiAnalysis.LevelRun(
        range: lower..<min(run.range.upperBound + lineStart, windowEnd), level: run.level)
    }
    let opportunities =
      isComplete
      ? analyzer.lineBreaks(in: text.slice(lineStart..<windowEnd))
      : analyzer.lineBreaks(in: text.slice(lineStart..<count), upTo: windowEnd - lineStart)
    var boundaries: [WindowAnalysis.Boundary] = []
    boundaries.reserveCapacity(opportunities.count + 1)
    var previous = lineStart
    for opportunity in opportunities {
      let offset = opportunity.offset + lineStart
      guard offset <= windowEnd else { break }
      guard offset > previous else { continue }
      boundaries.append(
        WindowAnalysis.Boundary(offset: offset, isMandatory: opportunity.isMandatory))
      previous = offset
    }
    if isComplete && previous < windowEnd {
      boundaries.append(WindowAnalysis.Boundary(offset: windowEnd, isMandatory: true))
    }
    return WindowAnalysis(
      start: lineStart, end: windowEnd, isComplete: isComplete,
      separatorLength: separator?.length ?? 0,
      paragraphLevel: paragraphLevel ?? bidi.paragraphLevel, levelRuns: levelRuns,
      boundaries: boundaries, segments: [], pieceChunks: [])
  }

  /// Lays out the paragraph starting at `start`.
  ///
  /// - Returns: The paragraph's content end and separator length, or `nil` when the line limit
  ///   was reached inside it.
  mutating func layoutParagraph(from start: Int) -> (end: Int, separatorLength: Int)? {
    var lineStart = start
    var window = initialWindow(at: start)
    var paragraphLevel: UInt8?
    while true {
      let scanEnd = window >= count - lineStart ? count : lineStart + window
      // A prepared text keeps the analysis (and the shaped segments) of the window that starts
      // a paragraph, and it grows in place: taken out while this layout uses it, so that
      // appending to it copies nothing, and put back when done. A kept window is tried as it
      // is even when smaller than the estimate: the estimate is generous, and a wider layout
      // (a rotation) often still fits its lines in it.
      let keeps = prepared != nil && lineStart == start
      let kept = keeps ? prepared?.take(at: start) : nil
      // Whether the window reached the estimate once: a kept one may be smaller.
      var reachedEstimate = kept == nil
      var analysis =
        kept ?? analyzeWindow(from: lineStart, scanEnd: scanEnd, paragraphLevel: paragraphLevel)
      let level = analysis.paragraphLevel
      paragraphLevel = level
      self.paragraphLevel = level
      // The kept chunks are only read; what this layout shapes goes to a new chunk. The lines
      // drafted here find the window's chunks in the arenas from `arenas.count` on.
      var chunks = analysis.pieceChunks
      let newChunk = chunks.count
      var pieces: [Piece] = []
      // Segments of a line left unfinished in an earlier window are laid out again.
      let firstSegment = drafts.last?.segments.upperBound ?? 0
      lineSegments.removeSubrange(firstSegment...)
      var filler = LineFiller(
        paragraphLevel: level, lineStart: lineStart, arena: arenas.count,
        levels: analysis.levelRuns, metrics: analysis.metrics, firstSegment: firstSegment)
      let linesBefore = drafts.count
      var index = 0
      defer {
        if !pieces.isEmpty { analysis.pieceChunks.append(pieces) }
        arenas.append(contentsOf: analysis.pieceChunks)
        if keeps { prepared?.keep(&analysis) }
      }
      while true {
        while index < analysis.boundaries.count {
          if index == analysis.segments.count {
            if measuresOnly {
              var batch = self.batch
              self.batch = MeasureBatch()
              measureSegments(&analysis, budget: bytesLeft(after: filler), batch: &batch)
              self.batch = batch
            } else {
              let from = index == 0 ? analysis.start : analysis.boundaries[index - 1].offset
              let boundary = analysis.boundaries[index]
              let segment = makeSegment(
                from..<boundary.offset, levels: analysis.levelRuns,
                isMandatory: boundary.isMandatory, into: &pieces, chunk: newChunk,
                table: &analysis.metrics)
              analysis.segments.append(segment)
            }
            if filler.metrics.count != analysis.metrics.count {
              filler.metrics = analysis.metrics
            }
          }
          let segment = analysis.segments[index]
          if filler.pen + segment.contentAdvance <= configuration.width + Self.epsilon {
            // It fits (an empty line's pen is 0): what add(_:to:…) does first, without passing
            // it the window's chunks and pieces.
            lineSegments.append(segment)
            filler.pen += segment.advance
          } else if !add(
            segment, to: &filler, chunks: chunks, current: &pieces, currentChunk: newChunk)
          {
            return nil
          }
          index += 1
        }
        if analysis.isComplete {
          emit(&filler, end: analysis.end + analysis.separatorLength, endsParagraph: true)
          return (analysis.end, analysis.separatorLength)
        }
        guard keeps else { break }
        // A prepared paragraph keeps one analysis from its start, so that later layouts find
        // everything analyzed and shaped: the window ran out, so it grows (to the estimate when
        // it was smaller, otherwise to twice its size) and the lines go on where they stopped.
        let covered = analysis.end - start
        if reachedEstimate || covered >= window {
          window = covered > Int.max / 2 ? Int.max : covered * 2
        }
        reachedEstimate = true
        extend(&analysis, to: window >= count - start ? count : start + window)
        filler.levels = analysis.levelRuns
        chunks = analysis.pieceChunks
      }
      // The window ran out before the paragraph did: start a new window at the unfinished
      // line, larger if this one did not complete a single line.
      lineStart = filler.lineStart
      if drafts.count == linesBefore { window = window > Int.max / 2 ? Int.max : window * 2 }
    }
  }

  /// Extends a window of a paragraph to `scanEnd`, from its last trusted boundary (a break
  /// opportunity, where a window may start as at a line start): the boundaries and segments
  /// before it stay as they are, and so do the pieces shaped for them.
  func extend(_ analysis: inout WindowAnalysis, to scanEnd: Int) {
    guard let last = analysis.boundaries.last else {
      // No boundary was trusted: analyze the whole window again.
      analysis = analyzeWindow(
        from: analysis.start, scanEnd: max(scanEnd, analysis.end + 1),
        paragraphLevel: analysis.paragraphLevel)
      return
    }
    let tail = analyzeWindow(
      from: last.offset, scanEnd: max(scanEnd, last.offset + 1),
      paragraphLevel: analysis.paragraphLevel)
    analysis.levelRuns =
      analysis.levelRuns.compactMap { run in
        run.range.lowerBound < last.offset
          ? BidiAnalysis.LevelRun(
            range: run.range.lowerBound..<min(run.range.upperBound, last.offset),
            level: run.level) : nil
      } + tail.levelRuns
    analysis.boundaries += tail.boundaries
    analysis.end = tail.end
    analysis.isComplete = tail.isComplete
    analysis.separatorLength = tail.separatorLength
  }

  // MARK: - Lines

  struct LineFiller {
    var paragraphLevel: UInt8
    var lineStart: Int
    /// Where the window's piece chunks will start in ``LayoutBuilder/arenas``.
    var arena: Int
    /// The window's level runs, for segments shaped later.
    var levels: [BidiAnalysis.LevelRun]
    /// The window's vertical metrics, which its segments index.
    var metrics: [VerticalMetrics]
    /// Where the line's segments start in ``LayoutBuilder/lineSegments``; they run to its end.
    var firstSegment: Int
    var pen = 0.0
  }

  /// Whether the line being filled has no segment yet.
  func isEmpty(_ filler: LineFiller) -> Bool {
    lineSegments.count == filler.firstSegment
  }

  /// Ends the current line at `end`.
  mutating func emit(_ filler: inout LineFiller, end: Int, endsParagraph: Bool) {
    drafts.append(
      LineDraft(
        range: filler.lineStart..<end, segments: filler.firstSegment..<lineSegments.count,
        arena: filler.arena, metrics: filler.metrics, levels: filler.levels,
        endsParagraph: endsParagraph, paragraphLevel: filler.paragraphLevel))
    filler.lineStart = end
    filler.firstSegment = lineSegments.count
    filler.pen = 0
  }

  /// Adds a segment to the line being filled, breaking lines as needed.
  ///
  /// - Returns: `false` when the line limit was reached before the segment was placed.
  ///
  /// - Parameters:
  ///   - segment: The segment.
  ///   - filler: The line being filled.
  ///   - chunks: The window's kept piece chunks.
  ///   - current: The chunk of the pieces this layout shapes.
  ///   - currentChunk: That chunk's index.
  mutating func add(
    _ segment: Segment, to filler: inout LineFiller, chunks: [[Piece]],
    current: inout [Piece], currentChunk: Int
  ) -> Bool {
    let width = configuration.width
    var segment = segment
    while true {
      if isEmpty(filler) {
        if segment.contentAdvance <= width + Self.epsilon {
          break
        }
        // A word wider than the line alone: break it at grapheme boundaries.
        if segment.chunk == Segment.unshaped {
          segment = shapeInScratch(segment, levels: filler.levels)
        }
        let source =
          segment.chunk < 0
          ? scratch : segment.chunk == currentChunk ? current : chunks[segment.chunk]
        let (first, rest) = split(segment, toFit: width, allowEmpty: false, source: source)
        // One grapheme wider than the line is all there is: it stays whole with its spaces.
        if rest.range.lowerBound >= segment.contentEnd { break }
        lineSegments.append(first!)
        emit(&filler, end: rest.range.lowerBound, endsParagraph: false)
        if drafts.count >= limit { return false }
        segment = rest
      } else if filler.pen + segment.contentAdvance <= width + Self.epsilon {
        break
      } else {
        emit(&filler, end: segment.range.lowerBound, endsParagraph: false)
        if drafts.count >= limit { return false }
      }
    }
    lineSegments.append(segment)
    filler.pen += segment.advance
    return true
  }

  // MARK: - Segments

  /// Shapes the text of `range` as a segment, cut at style and level changes, in the pieces
  /// ``forEachPiece(ofSegment:contentEnd:levels:paragraphLevel:_:)`` gives.
  ///
  /// - Parameter paragraphLevel: The level of the segment's paragraph; `nil` for the one being
  ///   laid out.
  func makeSegment(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun], isMandatory: Bool,
    into pieces: inout [Piece], chunk: Int, table: inout [VerticalMetrics],
    paragraphLevel: UInt8? = nil
  ) -> Segment {
    let contentEnd = trailingSpaceStart(in: range)
    let first = pieces.count
    forEachPiece(
      ofSegment: range, contentEnd: contentEnd, levels: levels,
      paragraphLevel: paragraphLevel ?? self.paragraphLevel
    ) { piece, run, level, hanging in
      let shaped = shaper.shape(
        text.slice(piece), style: text.runs[run].style, isRightToLeft: level & 1 == 1)
      var made = Piece(
        range: piece, style: run, level: level, shaped: shaped, advance: shaped.advance,
        isTrailingWhitespace: hanging == .all, role: .text)
      if hanging == .trailingSpaces {
        made.trailingAdvance = shaped.advance(ofClustersFrom: contentEnd - piece.lowerBound)
        made.contentEnd = contentEnd
      }
      pieces.append(made)
    }
    return Segment(
      range: range, pieces: first..<pieces.count, in: pieces, chunk: chunk,
      contentEnd: contentEnd, isMandatory: isMandatory, table: &table)
  }

  /// The most segments one batch of ``measureSegments(_:)`` measures, and how far past the
  /// first one's start (in UTF-8 bytes) the batch may reach: the shaper's set-up is shared by
  /// the batch, and what is measured past the last line stays small.
  static let batchSegments = 16
  static let batchBytes = 64
  /// How far a batch reaches even when the lines left seem to hold less: one shaper call
  /// costs about as much as measuring a few pieces, and the last lines would otherwise be
  /// measured a piece or two at a time. The pieces past the last line are what a wider layout
  /// (a rotation) needs next. Measured on the list benchmark: 32 bytes against 16, the first
  /// pass 1% more work and a re-layout 4% less; 48 against 32, the first pass 1% more
  /// instructions (no change in time) and a re-layout 3% less (3% less time).
  static let batchFloor = 48

  /// The buffers of ``measureSegments(_:budget:batch:)``, kept between batches so that a batch
  /// allocates nothing.
  struct MeasureBatch {
    var pieces: [PieceToMeasure] = []
    var pieceEnds: [Int] = []
    var contentEnds: [Int] = []
    var measures: [ShapedMeasure] = []
    var ranges: [Range<Int>] = []

    /// Empties the buffers, keeping their memory; the first time, makes room for a batch.
    mutating func removeAll() {
      if pieceEnds.capacity == 0 {
        pieces.reserveCapacity(2 * LayoutBuilder.batchSegments)
        pieceEnds.reserveCapacity(LayoutBuilder.batchSegments)
        contentEnds.reserveCapacity(LayoutBuilder.batchSegments)
        measures.reserveCapacity(2 * LayoutBuilder.batchSegments)
        ranges.reserveCapacity(2 * LayoutBuilder.batchSegments)
      }
      pieces.removeAll(keepingCapacity: true)
      pieceEnds.removeAll(keepingCapacity: true)
      contentEnds.removeAll(keepingCapacity: true)
      measures.removeAll(keepingCapacity: true)
      ranges.removeAll(keepingCapacity: true)
    }
  }

  /// A piece of a segment being measured: its range, style run and level, and which part of
  /// its advance hangs at a line end.
  struct PieceToMeasure {
    var range: Range<Int>
    var run: Int
    var level: UInt8
    var hanging: Hanging
  }

  /// Measures the window's next segments (at least one, a batch of those that follow) as
  /// ``makeSegment(_:levels:isMandatory:into:chunk:paragraphLevel:)`` would shape them, with
  /// the same sums to the last bit, but keeps no pieces: the segments are
  /// ``Segment/unshaped`` until a line that holds them is placed.
  ///
  /// - Parameters:
  ///   - analysis: The window, whose next segments are measured.
  ///   - budget: How far past the first segment's start the batch may reach, in UTF-8 bytes,
  ///     besides ``batchBytes``: about what the remaining lines can hold, so that a batch
  ///     measures little that is never shown (a word shaped for nothing costs a cache miss).
  ///   - batch: The buffers to use, emptied first.
  ///
  /// Not mutating: closures in a mutating method would copy the whole builder for each call
  /// they make on it.
  func measureSegments(
    _ analysis: inout WindowAnalysis, budget: Int, batch: inout MeasureBatch
  ) {
    let first = analysis.segments.count
    let batchStart = first == 0 ? analysis.start : analysis.boundaries[first - 1].offset
    let reach = min(Self.batchBytes, max(budget, Self.batchFloor))
    var end = first + 1
    while end < analysis.boundaries.count && end - first < Self.batchSegments
      && analysis.boundaries[end].offset - batchStart <= reach
    {
      end += 1
    }
    // Room for every segment the window can hold, at once: growing a row's segments by
    // doubling took several allocations a row.
    if analysis.segments.capacity < analysis.boundaries.count {
      analysis.segments.reserveCapacity(analysis.boundaries.count)
    }
    // The pieces of every segment, in order, and where each segment's pieces end.
    batch.removeAll()
    let levels = analysis.levelRuns
    var string = text.string
    string.withUTF8 { bytes in
      var from = batchStart
      for index in first..<end {
        let to = analysis.boundaries[index].offset
        let contentEnd = Self.trailingSpaceStart(in: from..<to, of: bytes)
        batch.contentEnds.append(contentEnd)
        forEachPiece(
          ofSegment: from..<to, contentEnd: contentEnd, levels: levels,
          paragraphLevel: paragraphLevel
        ) { piece, run, level, hanging in
          batch.pieces.append(
            PieceToMeasure(range: piece, run: run, level: level, hanging: hanging))
        }
        batch.pieceEnds.append(batch.pieces.count)
        from = to
      }
    }
    // One shaper call for each stretch of pieces with one style and one level.
    let pieces = batch.pieces
    var stretch = 0
    while stretch < pieces.count {
      var next = stretch
      batch.ranges.removeAll(keepingCapacity: true)
      while next < pieces.count && pieces[next].run == pieces[stretch].run
        && pieces[next].level == pieces[stretch].level
      {
        batch.ranges.append(pieces[next].range)
        next += 1
      }
      shaper.measure(
        batch.ranges, in: text.string, style: text.runs[pieces[stretch].run].style,
        isRightToLeft: pieces[stretch].level & 1 == 1, into: &batch.measures)
      stretch = next
    }
    var piece = 0
    for index in first..<end {
      var sums = Segment.Sums()
      while piece < batch.pieceEnds[index - first] {
        let measure = batch.measures[piece]
        switch pieces[piece].hanging {
        case .none: sums.add(measure, trailing: 0)
        case .trailingSpaces: sums.add(measure, trailing: measure.hangingAdvance)
        case .all: sums.add(measure, trailing: measure.advance)
        }
        piece += 1
      }
      let from = index == 0 ? analysis.start : analysis.boundaries[index - 1].offset
      analysis.segments.append(
        Segment(
          range: from..<analysis.boundaries[index].offset,
          contentEnd: batch.contentEnds[index - first],
          isMandatory: analysis.boundaries[index].isMandatory, sums: sums,
          table: &analysis.metrics))
    }
  }

  /// The segment with its pieces, shaped into the scratch arena when it was only measured.
  mutating func shapeInScratch(
    _ segment: Segment, levels: [BidiAnalysis.LevelRun]
  ) -> Segment {
    guard segment.chunk == Segment.unshaped else { return segment }
    return makeScratchSegment(segment.range, levels: levels, isMandatory: segment.isMandatory)
  }

  /// Shapes the text of `range` as a segment whose pieces go to the scratch arena: a segment
  /// cut from another, or one a measurement kept without pieces.
  mutating func makeScratchSegment(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun], isMandatory: Bool
  ) -> Segment {
    // Moved out while appending, so that makeSegment can read the builder.
    var parts = scratch
    var table = scratchMetrics
    scratch = []
    scratchMetrics = []
    defer {
      scratch = parts
      scratchMetrics = table
    }
    return makeSegment(
      range, levels: levels, isMandatory: isMandatory, into: &parts, chunk: -1, table: &table)
  }

  /// What of a piece's advance hangs at a line end.
  enum Hanging {
    /// Nothing: a piece of a word.
    case none
    /// The whitespace it ends with: the last piece of a word shaped with its spaces.
    case trailingSpaces
    /// All of it: a piece of the whitespace shaped apart.
    case all
  }

  /// Calls `body` with each piece of the segment at `range`, in logical order, and what of it
  /// hangs at a line end: the makeup of a segment, which shaping
  /// (``makeSegment(_:levels:isMandatory:into:chunk:table:paragraphLevel:)``) and measuring
  /// (``measureSegments(_:budget:batch:)``) share, so that their sums agree to the last bit.
  ///
  /// The segment's trailing whitespace hangs at a line end. It is shaped together with the word
  /// before it when both have one style and the paragraph's level (one shaping call instead of
  /// two, and the space sits where rule L1 would put it anyway); otherwise it is shaped apart,
  /// so that rule L1 can move it to the paragraph level.
  ///
  /// - Parameters:
  ///   - range: The segment's range.
  ///   - contentEnd: Where its trailing whitespace starts.
  ///   - levels: The window's level runs.
  ///   - paragraphLevel: The level of the segment's paragraph.
  func forEachPiece(
    ofSegment range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun],
    paragraphLevel: UInt8,
    _ body: (_ piece: Range<Int>, _ run: Int, _ level: UInt8, _ hanging: Hanging) -> Void
  ) {
    // Most segments lie in one style run and one level run: the cuts below are then only where
    // the content ends, with no run to look up.
    if text.runs.count == 1
      && (levels.isEmpty
        || levels.count == 1 && levels[0].range.lowerBound <= range.lowerBound
          && levels[0].range.upperBound >= range.upperBound)
    {
      let level = levels.first?.level ?? 0
      let isInside = contentEnd > range.lowerBound && contentEnd < range.upperBound
      if isInside && level == paragraphLevel && (!levels.isEmpty || paragraphLevel == 0) {
        body(range, 0, level, .trailingSpaces)
      } else {
        if contentEnd > range.lowerBound { body(range.lowerBound..<contentEnd, 0, level, .none) }
        if contentEnd < range.upperBound { body(contentEnd..<range.upperBound, 0, level, .all) }
      }
      return
    }
    if shapesSpaceTogether(
      range, contentEnd: contentEnd, levels: levels, paragraphLevel: paragraphLevel)
    {
      // Only the last piece ends with the hanging whitespace.
      forEachPiece(range, levels: levels) { piece, run, level in
        body(piece, run, level, piece.upperBound == range.upperBound ? .trailingSpaces : .none)
      }
    } else {
      forEachPiece(range.lowerBound..<contentEnd, levels: levels) { body($0, $1, $2, .none) }
      forEachPiece(contentEnd..<range.upperBound, levels: levels) { body($0, $1, $2, .all) }
    }
  }

  /// Whether a segment's trailing whitespace is shaped with the word before it: the text from
  /// its last content character through its end has one style and the paragraph's level.
  func shapesSpaceTogether(
    _ range: Range<Int>, contentEnd: Int, levels: [BidiAnalysis.LevelRun], paragraphLevel: UInt8
  ) -> Bool {
    guard contentEnd > range.lowerBound && contentEnd < range.upperBound else { return false }
    let first = contentEnd - 1
    let last = range.upperBound - 1
    guard let run = text.runIndex(at: first), text.runs[run].range.upperBound > last else {
      return false
    }
    guard !levels.isEmpty else { return paragraphLevel == 0 }
    guard let level = levels.first(where: { $0.range.contains(first) }) else { return false }
    return level.range.upperBound > last && level.level == paragraphLevel
  }

  /// Where the white space at the end of a range starts (its end when there is none).
  func trailingSpaceStart(in range: Range<Int>) -> Int {
    var text = text.string
    return text.withUTF8 { Self.trailingSpaceStart(in: range, of: $0) }
  }

  /// Where the white space at the end of a range of UTF-8 starts.
  static func trailingSpaceStart(
    in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    range.lowerBound
      + ShapedMeasure.hangingStart(inUTF8: UnsafeBufferPointer(rebasing: bytes[range]))
  }

  /// Calls `body` with each piece of `range`: the range cut where the style or the bidi level
  /// changes, with its style run's index and its level.
  func forEachPiece(
    _ range: Range<Int>, levels: [BidiAnalysis.LevelRun],
    _ body: (_ piece: Range<Int>, _ run: Int, _ level: UInt8) -> Void
  ) {
    guard !range.isEmpty else { return }
    var offset = range.lowerBound
    var runIndex = text.runIndex(at: offset) ?? (text.runs.count - 1)
    var levelIndex = levels.firstIndex { $0.range.upperBound > offset } ?? (levels.count - 1)
    while offset < range.upperBound {
      // The run's fields are read in place: a copy of its style would count references.
      var end = min(range.upperBound, text.runs[runIndex].range.upperBound)
      if !levels.isEmpty { end = min(end, levels[levelIndex].range.upperBound) }
      if end <= offset { end = range.upperBound }
      body(offset..<end, runIndex, levels.isEmpty ? 0 : levels[levelIndex].level)
      offset = end
      if runIndex + 1 < text.runs.count && text.runs[runIndex].range.upperBound <= offset {
        runIndex += 1
      }
      if levelIndex + 1 < levels.count && levels[levelIndex].range.upperBound <= offset {
        levelIndex += 1
      }
    }
  }

  /// The levels of a segment's pieces, to reshape a part of it.
  func levelRuns(of segment: Segment, in pieces: [Piece]) -> [BidiAnalysis.LevelRun] {
    pieces[segment.pieces].map { BidiAnalysis.LevelRun(range: $0.range, level: $0.level) }
  }

  /// Cuts a segment at the last grapheme boundary where its first part fits in `width`.
  ///
  /// - Parameters:
  ///   - segment: The segment to cut.
  ///   - width: The width the first part must fit in.
  ///   - allowEmpty: Whether the first part may be empty; otherwise it holds at least one
  ///     grapheme even when that grapheme alone is wider than `width`.
  ///   - source: The chunk (or scratch arena) that holds the segment's pieces; the parts'
  ///     pieces go to the scratch arena.
  /// - Returns: The first part (`nil` when empty) and the rest.
  mutating func split(
    _ segment: Segment, toFit width: Double, allowEmpty: Bool, source: [Piece]
  ) -> (first: Segment?, rest: Segment) {
    // Cluster advances by absolute start offset, in logical order.
    var clusterStarts: [(offset: Int, advance: Double)] = []
    for piece in source[segment.pieces] where !piece.isTrailingWhitespace {
      for cluster in piece.shaped.clusters {
        clusterStarts.append((cluster.range.lowerBound + piece.range.lowerBound, cluster.advance))
      }
    }
    clusterStarts.sort { $0.offset < $1.offset }
    var cut = segment.range.lowerBound
    var pen = 0.0
    var clusterIndex = 0
    var offset = segment.range.lowerBound
    for character in text.slice(segment.range.lowerBound..<segment.contentEnd) {
      let end = offset + character.utf8.count
      var advance = 0.0
      while clusterIndex < clusterStarts.count && clusterStarts[clusterIndex].offset < end {
        advance += clusterStarts[clusterIndex].advance
        clusterIndex += 1
      }
      if pen + advance > width + Self.epsilon && (allowEmpty || cut > segment.range.lowerBound) {
        break
      }
      pen += advance
      cut = end
      offset = end
    }
    let levels = levelRuns(of: segment, in: source)
    let rest = makeScratchSegment(
      cut..<segment.range.upperBound, levels: levels, isMandatory: segment.isMandatory)
    guard cut > segment.range.lowerBound else { return (nil, rest) }
    let first = makeScratchSegment(
      segment.range.lowerBound..<cut, levels: levels, isMandatory: false)
    return (first, rest)
  }

  // MARK: - Truncation token

  /// Shortens the last line so that the token fits after it, and attaches the token.
  mutating func fitToken(_ token: TruncationToken) {
    guard var last = drafts.popLast() else { return }
    paragraphLevel = last.paragraphLevel
    // Read by index: a slice alive when the array changes below would copy it.
    let cutOffset =
      last.segments.isEmpty
      ? last.range.lowerBound : lineSegments[last.segments.upperBound - 1].contentEnd
    let baseStyle = text.style(at: max(0, min(cutOffset, count) - 1))
    let tokenPieces = shapeToken(token, baseStyle: baseStyle, paragraphLevel: last.paragraphLevel)
    let available = configuration.width - tokenPieces.reduce(0) { $0 + $1.advance }

    var kept: [Segment] = []
    var pen = 0.0
    for index in last.segments {
      let segment = lineSegments[index]
      guard pen + segment.contentAdvance <= available + Self.epsilon else { break }
      kept.append(segment)
      pen += segment.advance
    }
    if kept.isEmpty, !last.segments.isEmpty {
      let first = shapeInScratch(lineSegments[last.segments.lowerBound], levels: last.levels)
      let source = pieceStore(of: first, inLineAt: last.arena)
      if let part = split(first, toFit: available, allowEmpty: true, source: source).first {
        kept = [part]
      }
    }
    // The token follows the last visible character: the kept part's trailing whitespace goes.
    if let final = kept.popLast() {
      if final.contentEnd < final.range.upperBound && final.contentEnd > final.range.lowerBound {
        let levels =
          final.chunk == Segment.unshaped
          ? last.levels : levelRuns(of: final, in: pieceStore(of: final, inLineAt: last.arena))
        kept.append(
          makeScratchSegment(
            final.range.lowerBound..<final.contentEnd, levels: levels, isMandatory: false))
      } else if final.contentEnd > final.range.lowerBound {
        kept.append(final)
      }
    }
    // The last line's segments end the array: what follows them belongs to no line.
    lineSegments.removeSubrange(last.segments.lowerBound...)
    lineSegments += kept
    last.segments = last.segments.lowerBound..<lineSegments.count
    last.range = last.range.lowerBound..<(kept.last?.range.upperBound ?? last.range.lowerBound)
    last.endsParagraph = false
    last.token = tokenPieces
    drafts.append(last)
  }

  /// Shapes the token's leader and label at the paragraph's direction.
  mutating func shapeToken(
    _ token: TruncationToken, baseStyle: TextStyle, paragraphLevel: UInt8
  ) -> [Piece] {
    var pieces: [Piece] = []
    let parts: [(String, TextStyle, LineRun.Role)] = [
      (token.leader, token.leaderStyle ?? baseStyle, .tokenLeader),
      (token.label, token.labelStyle ?? baseStyle, .tokenLabel),
    ]
    for (string, style, role) in parts where !string.isEmpty {
      let styleIndex = tokenStyles.count
      tokenStyles.append(style)
      let substring = Substring(string)
      let bidi = analyzer.bidiLevels(
        in: substring, direction: paragraphLevel & 1 == 1 ? .rightToLeft : .leftToRight)
      let utf8 = string.utf8
      for run in bidi.runs where !run.range.isEmpty {
        let start = utf8.index(utf8.startIndex, offsetBy: run.range.lowerBound)
        let end = utf8.index(start, offsetBy: run.range.count)
        let shaped = shaper.shape(
          substring[start..<end], style: style, isRightToLeft: run.level & 1 == 1)
        pieces.append(
          Piece(
            range: run.range, style: styleIndex, level: run.level, shaped: shaped,
            advance: shaped.advance, isTrailingWhitespace: false, role: role))
      }
    }
    return pieces
  }
}
