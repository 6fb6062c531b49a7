import Synchronization
import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

/// A shaper that counts the bytes it is asked to shape.
final class CountingShaper: TextShaper, Sendable {
  let base = FixedAdvanceShaper()
  let bytes = Atomic<Int>(0)

  func metrics(for style: TextStyle) -> FontMetrics { base.metrics(for: style) }

  func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText {
    bytes.add(text.utf8.count, ordering: .relaxed)
    return base.shape(text, style: style, isRightToLeft: isRightToLeft)
  }
}

@Suite struct LongWordTests {
  /// The bytes shaped to lay out one word of `length` letters with no break opportunity.
  static func shapedBytes(length: Int, limit: LineLimit = .unlimited) throws -> Int {
    let shaper = CountingShaper()
    let engine = TextLayoutEngine(shaper: shaper, analyzer: SimpleAnalyzer())
    let layout = try engine.layout(
      StyledText(String(repeating: "a", count: length), style: TextStyle(size: 10)),
      configuration: LayoutConfiguration(width: 100, lineLimit: limit))
    // 5 points a letter: 20 letters a line.
    if limit == .unlimited { #expect(layout.lines.count == (length + 19) / 20) }
    #expect(layout.lines.allSatisfy { $0.width <= 100 })
    return shaper.bytes.load(ordering: .relaxed)
  }

  @Test(
    "a word with no break opportunity costs shaping linear in its length",
    arguments: [1_000, 20_000])
  func linear(length: Int) throws {
    let single = try Self.shapedBytes(length: length)
    let double = try Self.shapedBytes(length: 2 * length)
    // Linear: twice the text, about twice the work (the rest of the word was shaped again for
    // every line, which made it four times).
    #expect(Double(double) <= 2.2 * Double(single), "\(single) then \(double) bytes")
    #expect(single <= 4 * length)
  }

  @Test(
    "a limited layout of such a word shapes what its lines show, whatever the word's length",
    arguments: [3_000, 20_000, 400_000])
  func limited(length: Int) throws {
    let bytes = try Self.shapedBytes(length: length, limit: .lines(3))
    // A short word is measured, shaped once for its graphemes (a shaper without a cache is
    // asked twice), then its lines; a long one a stretch at a time, and the stretches after
    // the third line are never shaped.
    #expect(bytes <= min(2 * length, 2 * SegmentMaker.wideWordStretch) + 200, "\(bytes) bytes")
  }

  @Test("a long word's lines, cut stretch by stretch, are those of the whole word")
  func stretches() throws {
    // Letters of two widths (a run of 20-point letters in 10-point ones: 10 and 5 points),
    // so that where a line ends depends on every advance before it.
    let large = Set(stride(from: 0, to: 30_000, by: 7))
    var text = StyledText("", style: TextStyle(size: 10))
    for index in 0..<30_000 {
      text.append("a", style: TextStyle(size: large.contains(index) ? 20 : 10))
    }
    let layout = try fixedEngine.layout(text, configuration: LayoutConfiguration(width: 97))
    var expected: [Range<Int>] = []
    var start = 0
    var offset = 0
    var pen = 0.0
    for index in 0..<30_000 {
      let advance = large.contains(index) ? 10.0 : 5.0
      if pen + advance > 97 + 1e-6 {
        expected.append(start..<offset)
        start = offset
        pen = 0
      }
      pen += advance
      offset += 1
    }
    expected.append(start..<offset)
    #expect(layout.lines.count == expected.count)
    #expect(layout.lines.map(\.range) == expected)
  }
}

@Suite struct ManyMetricsTests {
  @Test("a paragraph with over 65,535 distinct font sizes lays out, in linear work")
  func manySizes() throws {
    func layout(words: Int) throws -> LaidOutText {
      var text = StyledText("", style: TextStyle(size: 10))
      for index in 0..<words {
        // A distinct size for every word: distinct vertical metrics for every segment.
        text.append("a ", style: TextStyle(size: 10 + Double(index) * 1e-6))
      }
      return try fixedEngine.layout(text, configuration: LayoutConfiguration(width: 1_000))
    }
    let large = try layout(words: 70_000)
    // About a hundred 10-point words a line: some 700 lines, none wider than the width.
    #expect((700...720).contains(large.lines.count), "\(large.lines.count) lines")
    #expect(large.lines.allSatisfy { $0.width <= 1_000 })
    #expect(large.visibleEnd == 140_000)
  }
}

@Suite struct LevelRunSearchTests {
  @Test("the level run found by bisection is the one a linear search finds")
  func bisection() {
    // Runs of 1 to 4 bytes, as a paragraph mixing directions word by word has.
    var runs: [BidiAnalysis.LevelRun] = []
    var offset = 0
    for index in 0..<500 {
      let length = index % 4 + 1
      runs.append(BidiAnalysis.LevelRun(range: offset..<offset + length, level: UInt8(index % 2)))
      offset += length
    }
    for probe in -1...(offset + 1) {
      let linear = runs.firstIndex { $0.range.upperBound > probe }
      #expect(LayoutContext.levelRunIndex(endingAfter: probe, in: runs) == linear, "at \(probe)")
    }
    #expect(LayoutContext.levelRunIndex(endingAfter: 0, in: []) == nil)
  }
}

@Suite struct GraphemeExtenderTests {
  @Test("the bitmap of grapheme extenders is the Unicode properties' answer for every BMP scalar")
  func bitmap() {
    var extenders = 0
    for value in UInt32(0)..<0x10000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = value >= 0x300 && GraphemeExtenders.extends(scalar)
      #expect(GraphemeExtenders.contains(scalar) == expected, "U+\(String(value, radix: 16))")
      if expected { extenders += 1 }
    }
    // Combining marks, Indic vowel signs, variation selectors, ZWJ...: well over a thousand.
    #expect(extenders > 1_000)
    #expect(GraphemeExtenders.contains("\u{301}") && GraphemeExtenders.contains("\u{200D}"))
    #expect(GraphemeExtenders.contains("\u{1F3FD}") && !GraphemeExtenders.contains("a"))
  }
}

@Suite struct WindowLevelRunTests {
  @Test("a window's level runs are the analyzer's runs moved and cut, copied or not")
  func levelRuns() {
    var generator = SeededRandomNumberGenerator(seed: 22)
    for _ in 0..<2_000 {
      // Runs in logical order covering 0..<length, as an analyzer gives them.
      let length = Int.random(in: 0...12, using: &generator)
      var runs: [BidiAnalysis.LevelRun] = []
      var start = 0
      while start < length {
        let end = Int.random(in: (start + 1)...length, using: &generator)
        runs.append(.init(range: start..<end, level: UInt8.random(in: 0...3, using: &generator)))
        start = end
      }
      if length == 0 { runs = [.init(range: 0..<0, level: 0)] }
      let lineStart = Bool.random(using: &generator) ? 0 : Int.random(in: 1...4, using: &generator)
      let windowEnd = lineStart + Int.random(in: 0...(length + 2), using: &generator)
      // The reference: every run moved by lineStart, those from windowEnd on dropped, the
      // last cut there.
      let expected = runs.compactMap { run -> BidiAnalysis.LevelRun? in
        let lower = run.range.lowerBound + lineStart
        guard lower < windowEnd else { return nil }
        return .init(
          range: lower..<min(run.range.upperBound + lineStart, windowEnd), level: run.level)
      }
      #expect(
        WindowAnalyzer.levelRuns(runs, from: lineStart, to: windowEnd) == expected,
        "\(runs) from \(lineStart) to \(windowEnd)")
    }
  }
}
