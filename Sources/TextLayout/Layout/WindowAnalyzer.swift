#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The items stage: analyzes windows of paragraphs (bidi levels and break opportunities)
/// into ``WindowAnalysis`` values.
struct WindowAnalyzer {
  let context: LayoutContext

  /// The context after an incomplete window that its bidi levels are resolved with: more than
  /// any rule needs except a run of over 64 bytes of bidi-neutral characters in right-to-left
  /// text, where the levels of the neutrals at the window's end could differ.
  static let windowMargin = 64

  /// Analyzes a window of a paragraph: bidi levels and the trusted break opportunities.
  ///
  /// The break opportunities come from the analyzer with the rest of the text as context
  /// (``UnicodeAnalyzer/lineBreaks(in:upTo:)``), so every one up to the window's end is the
  /// paragraph's own. The bidi levels of an incomplete window are resolved with up to
  /// ``windowMargin`` bytes of the paragraph after it.
  ///
  /// - Parameters:
  ///   - lineStart: Where the window starts: a line start.
  ///   - scanEnd: How far the window may reach, unless the paragraph ends first.
  ///   - paragraphLevel: The paragraph's level, once an earlier window resolved it.
  func analyze(from lineStart: Int, scanEnd: Int, paragraphLevel: UInt8?) -> WindowAnalysis {
    let text = context.text
    let count = context.count
    let separator = context.findSeparator(from: lineStart, to: scanEnd)
    let windowEnd: Int
    let isComplete: Bool
    if let separator {
      windowEnd = separator.offset
      isComplete = true
    } else if scanEnd == count {
      windowEnd = count
      isComplete = true
    } else {
      windowEnd = context.scalarBoundary(atOrBefore: scanEnd)
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
        context.findSeparator(from: windowEnd, to: contextEnd)?.offset
        ?? context.scalarBoundary(atOrBefore: contextEnd)
    }
    let bidi = context.analyzer.bidiLevels(
      in: text.slice(lineStart..<bidiEnd), direction: direction)
    let levelRuns = Self.levelRuns(bidi.runs, from: lineStart, to: windowEnd)
    let opportunities =
      isComplete
      ? context.analyzer.lineBreaks(in: text.slice(lineStart..<windowEnd))
      : context.analyzer.lineBreaks(
        in: text.slice(lineStart..<count), upTo: windowEnd - lineStart)
    var boundaries: [WindowAnalysis.Boundary] = []
    boundaries.reserveCapacity(opportunities.count + 1)
    var previous = lineStart
    let hasTabs = context.withUTF8 { bytes in
      // One search of the window's bytes (memchr), which ICU has just read anyway.
      guard let base = bytes.baseAddress, windowEnd > lineStart else { return false }
      return memchr(base + lineStart, 0x09, windowEnd - lineStart) != nil
    }
    context.withUTF8 { bytes in
      for opportunity in opportunities {
        let offset = opportunity.offset + lineStart
        guard offset <= windowEnd else { break }
        guard offset > previous else { continue }
        guard offset == windowEnd || !Self.isInsideGrapheme(offset, in: bytes) else { continue }
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
      boundaries: boundaries, segments: [], hasTabs: hasTabs)
  }

  /// The level runs of a window: the analyzer's `runs` of the text from `lineStart`, moved to
  /// the paragraph's offsets and cut at `windowEnd`.
  ///
  /// When the window starts the paragraph and every run lies inside it, as for a whole
  /// paragraph, the runs are the answer as they are, without a copy.
  static func levelRuns(
    _ runs: [BidiAnalysis.LevelRun], from lineStart: Int, to windowEnd: Int
  ) -> [BidiAnalysis.LevelRun] {
    if lineStart == 0
      && runs.allSatisfy({ $0.range.lowerBound < windowEnd && $0.range.upperBound <= windowEnd })
    {
      return runs
    }
    return runs.compactMap { run in
      let lower = run.range.lowerBound + lineStart
      guard lower < windowEnd else { return nil }
      return BidiAnalysis.LevelRun(
        range: lower..<min(run.range.upperBound + lineStart, windowEnd), level: run.level)
    }
  }

  /// Extends a window of a paragraph to `scanEnd`, from its last trusted boundary (a break
  /// opportunity, where a window may start as at a line start): the boundaries and segments
  /// before it stay as they are.
  func extend(_ analysis: inout WindowAnalysis, to scanEnd: Int) {
    guard let last = analysis.boundaries.last else {
      // No boundary was trusted: analyze the whole window again.
      analysis = analyze(
        from: analysis.start, scanEnd: max(scanEnd, analysis.end + 1),
        paragraphLevel: analysis.paragraphLevel)
      return
    }
    let tail = analyze(
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
  ///
  /// Most opportunities come before ASCII, where nothing extends a grapheme (below U+0300,
  /// whose lead byte is 0xCC), or after something other than a space: the two byte tests are
  /// made where the function is called, and only what passes them is decoded, out of line.
  @inline(__always)
  static func isInsideGrapheme(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard offset > 0, offset < bytes.count, bytes[offset] >= 0xCC, bytes[offset - 1] == 0x20
    else { return false }
    return startsExtender(offset, in: bytes)
  }

  /// Whether the character at `offset` extends a grapheme: the decode and the table look-up
  /// of ``isInsideGrapheme(_:in:)``, which the few opportunities after a space before a
  /// character from U+0300 up reach.
  @inline(never)
  static func startsExtender(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    GraphemeExtenders.contains(UTF8Decoding.scalar(at: offset, in: bytes).scalar)
  }
}
