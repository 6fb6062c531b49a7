import Synchronization
import TestSupport
import Testing

@testable import TextLayout

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

  @Test("a word with no break opportunity costs shaping linear in its length")
  func linear() throws {
    let single = try Self.shapedBytes(length: 4_000)
    let double = try Self.shapedBytes(length: 8_000)
    // Linear: twice the text, about twice the work (the rest of the word was shaped again for
    // every line, which made it four times).
    #expect(Double(double) <= 2.2 * Double(single), "\(single) then \(double) bytes")
    #expect(single <= 4 * 4_000)
  }

  @Test("a limited layout of such a word shapes the word once, not once a line")
  func limited() throws {
    let bytes = try Self.shapedBytes(length: 20_000, limit: .lines(3))
    #expect(bytes <= 20_000 + 200)
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
