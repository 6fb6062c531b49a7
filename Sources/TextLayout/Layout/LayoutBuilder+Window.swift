#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Analysis windows

extension LayoutBuilder {
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
  mutating func analyzeWindow(
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
    var string = text.string
    let hasTabs = string.withUTF8 { bytes in
      // One search of the window's bytes (memchr), which ICU has just read anyway.
      guard let base = bytes.baseAddress, windowEnd > lineStart else { return false }
      return memchr(base + lineStart, 0x09, windowEnd - lineStart) != nil
    }
    string.withUTF8 { bytes in
      for opportunity in opportunities {
        let offset = opportunity.offset + lineStart
        guard offset <= windowEnd else { break }
        guard offset > previous else { continue }
        // Most opportunities come before ASCII, where nothing extends a grapheme.
        guard
          offset == windowEnd || bytes[offset] < 0xCC || !Self.isInsideGrapheme(offset, in: bytes)
        else { continue }
        boundaries.append(
          WindowAnalysis.Boundary(offset: offset, isMandatory: opportunity.isMandatory))
        previous = offset
      }
    }
    if isComplete && previous < windowEnd {
      boundaries.append(WindowAnalysis.Boundary(offset: windowEnd, isMandatory: true))
    }
    return WindowAnalysis(
      start: lineStart, end: windowEnd, isComplete: isComplete,
      separatorLength: separator?.length ?? 0,
      paragraphLevel: paragraphLevel ?? bidi.paragraphLevel, levelRuns: levelRuns,
      boundaries: boundaries, segments: [], pieceChunks: [], hasTabs: hasTabs)
  }

  /// Extends a window of a paragraph to `scanEnd`, from its last trusted boundary (a break
  /// opportunity, where a window may start as at a line start): the boundaries and segments
  /// before it stay as they are, and so do the pieces shaped for them.
  mutating func extend(_ analysis: inout WindowAnalysis, to scanEnd: Int) {
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
    analysis.hasTabs = analysis.hasTabs || tail.hasTabs
  }

  /// Whether a break opportunity lies inside a grapheme cluster: between a space and a
  /// character that extends it (a combining mark, a joiner, a spacing mark, an emoji
  /// modifier). UAX #14 breaks there (rule LB10 makes a mark after a space a letter), while
  /// the space and its marks are one grapheme, which a line never splits: the opportunity is
  /// dropped, as browsers do. After any other character, UAX #14 keeps a mark with it (LB9), or
  /// the character is a control that ends its grapheme.
  static func isInsideGrapheme(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Below U+0300 nothing extends.
    guard offset > 0, offset < bytes.count, bytes[offset - 1] == 0x20, bytes[offset] >= 0xCC
    else { return false }
    let scalar = UTF8Decoding.scalar(at: offset, in: bytes).scalar
    return GraphemeExtenders.contains(scalar)
  }
}
