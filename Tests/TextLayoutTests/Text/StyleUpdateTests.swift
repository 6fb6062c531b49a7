import TestSupport
import Testing
import TextLayout

/// Batched style updates against a model: the style of each byte, updated byte by byte.
@Suite struct StyleUpdateTests {
  /// The style of each UTF-8 byte.
  static func styles(_ text: StyledText) -> [TextStyle] {
    text.runs.flatMap { run in Array(repeating: run.style, count: run.range.count) }
  }

  static func sizes(_ count: Int, using generator: inout SeededRandomNumberGenerator) -> [Int] {
    (0..<count).map { _ in Int.random(in: 0..<3, using: &generator) }
  }

  @Test("ranges in any order, overlapping or reaching outside, update each byte once")
  func matchesModel() {
    var generator = SeededRandomNumberGenerator(seed: 404)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...40, using: &generator)
      var text = StyledText(String(repeating: "x", count: length), style: TextStyle(size: 10))
      // Runs of a few sizes to start from.
      for (index, size) in Self.sizes(length, using: &generator).enumerated() where size > 0 {
        text.updateStyle(in: index..<(index + 1)) { $0.size = 10 + Double(size) }
      }
      let ranges = (0..<Int.random(in: 0...6, using: &generator)).map { _ -> Range<Int> in
        let start = Int.random(in: -3...(length + 3), using: &generator)
        return start..<(start + Int.random(in: 0...12, using: &generator))
      }
      var expected = Self.styles(text)
      for index in expected.indices where ranges.contains(where: { $0.contains(index) }) {
        expected[index].size *= 2
      }
      var batched = text
      batched.updateStyle(in: ranges) { $0.size *= 2 }
      #expect(Self.styles(batched) == expected, "\(ranges) on \(text.runs)")
      // Runs are maximal: no two neighbours share a style.
      #expect(zip(batched.runs, batched.runs.dropFirst()).allSatisfy { $0.style != $1.style })
      #expect(batched.runs.first?.range.lowerBound == 0)
      #expect(batched.runs.last?.range.upperBound == length)
    }
  }

  @Test("updating every run keeps their ranges and merges the ones that become equal")
  func everyStyle() {
    var text = StyledText("ab", style: TextStyle(size: 10))
    text.updateStyle(in: 1..<2) { $0.isItalic = true }
    text.updateEveryStyle { $0.isItalic = false }
    #expect(text.runs == [StyledText.Run(range: 0..<2, style: TextStyle(size: 10))])
  }
}
