import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct PreparedTextTests {
  @Test("layouts running at once on one engine, which lend one another buffers, stay apart")
  func concurrentLayouts() async throws {
    var generator = SeededRandomNumberGenerator(seed: 11)
    let texts = (0..<24).map { _ in
      StyledText(RandomText.make(maxWords: 80, using: &generator), style: ten)
    }
    let configuration = LayoutConfiguration(width: 90, lineLimit: .lines(4))
    let expected = try texts.map { try fixedEngine.measure($0, configuration: configuration) }
    let allMatch = await withTaskGroup(of: Bool.self) { group in
      for round in 0..<16 {
        group.addTask {
          texts.indices.allSatisfy { index in
            let position = (index + round) % texts.count
            let measured = try? fixedEngine.measure(texts[position], configuration: configuration)
            return measured == expected[position]
          }
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(allMatch)
  }

  @Test("a prepared text lays out exactly like the plain text, in any order of widths and limits")
  func sameResults() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<30 {
      let text = StyledText(RandomText.make(maxWords: 60, using: &generator), style: ten)
      let prepared = PreparedText(text)
      let configurations = [
        LayoutConfiguration(width: 80, lineLimit: .lines(2)),
        LayoutConfiguration(width: 200),
        LayoutConfiguration(width: 37, lineLimit: .lines(5), truncationToken: TruncationToken()),
        LayoutConfiguration(width: 300, lineLimit: .lines(1)),
        LayoutConfiguration(width: 80, lineLimit: .lines(2)),
      ]
      for configuration in configurations.shuffled(using: &generator) {
        let plain = try fixedEngine.layout(text, configuration: configuration)
        let reused = try fixedEngine.layout(prepared, configuration: configuration)
        #expect(reused == plain, "\(text.string.debugDescription) \(configuration)")
        // Measuring the prepared text (which may run first and prepare it) agrees too.
        let measured = try fixedEngine.measure(prepared, configuration: configuration)
        #expect(measured == plain.measurement, "\(text.string.debugDescription)")
      }
    }
  }

  @Test("a prepared text measured first, then laid out, gives the plain text's lines")
  func measuredThenLaidOut() throws {
    var generator = SeededRandomNumberGenerator(seed: 11)
    for _ in 0..<30 {
      let text = StyledText(RandomText.make(maxWords: 60, using: &generator), style: ten)
      let prepared = PreparedText(text)
      let configurations = [
        LayoutConfiguration(width: 80, lineLimit: .lines(2)),
        LayoutConfiguration(width: 37, lineLimit: .lines(5), truncationToken: TruncationToken()),
        LayoutConfiguration(width: 200, lineLimit: .lines(3), truncationToken: TruncationToken()),
        LayoutConfiguration(width: 300),
      ]
      for configuration in configurations.shuffled(using: &generator) {
        // The measurement keeps segments without pieces; the layout shapes them to place them.
        let measured = try fixedEngine.measure(prepared, configuration: configuration)
        let reused = try fixedEngine.layout(prepared, configuration: configuration)
        let plain = try fixedEngine.layout(text, configuration: configuration)
        #expect(reused == plain, "\(text.string.debugDescription) \(configuration)")
        #expect(measured == plain.measurement, "\(text.string.debugDescription)")
      }
    }
  }

  @Test("laying a prepared text out again measures nothing new, and shapes what it places")
  func reuse() throws {
    let recorder = RecordingBackend(shaper: FixedAdvanceShaper(), analyzer: SimpleAnalyzer())
    let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
    let string = String(repeating: "Messages wrap at words and keep their state. ", count: 20)
    let prepared = PreparedText(StyledText(string, style: ten))
    // Unlimited first: the whole paragraph is analyzed and measured once.
    _ = try engine.layout(prepared, configuration: LayoutConfiguration(width: 320))
    let first = recorder.record
    var placed = 0
    for width in [480.0, 200, 100] {
      let layout = try engine.layout(
        prepared, configuration: LayoutConfiguration(width: width, lineLimit: .lines(3)))
      placed += layout.lines.reduce(0) { $0 + $1.runs.count }
    }
    let wide = try engine.layout(prepared, configuration: LayoutConfiguration(width: 480))
    placed += wide.lines.reduce(0) { $0 + $1.runs.count }
    let after = recorder.record
    #expect(after.bytesAnalyzed == first.bytesAnalyzed)
    #expect(after.measureCalls == first.measureCalls)
    // Glyphs are kept by the shaper's cache, not by the prepared text: placing a line asks
    // for its pieces' glyphs, and nothing else is shaped.
    #expect(after.shapeCalls - first.shapeCalls == placed)
  }

  @Test("a limited layout keeps what it analyzed; a longer one analyzes more")
  func growingWindows() throws {
    let recorder = RecordingBackend(shaper: FixedAdvanceShaper(), analyzer: SimpleAnalyzer())
    let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
    let string = String(repeating: "word ", count: 4_000)
    let prepared = PreparedText(StyledText(string, style: ten))
    let three = try engine.layout(
      prepared, configuration: LayoutConfiguration(width: 100, lineLimit: .lines(3)))
    let analyzed = recorder.record.bytesAnalyzed
    #expect(analyzed < 1_000)
    let measured = recorder.record.measureCalls
    let shaped = recorder.record.shapeCalls
    let again = try engine.layout(
      prepared, configuration: LayoutConfiguration(width: 100, lineLimit: .lines(3)))
    _ = try engine.measure(
      prepared, configuration: LayoutConfiguration(width: 100, lineLimit: .lines(3)))
    #expect(recorder.record.bytesAnalyzed == analyzed)
    #expect(recorder.record.measureCalls == measured)
    // Only the placed pieces are shaped again (the shaper's cache keeps glyphs).
    #expect(
      recorder.record.shapeCalls - shaped == again.lines.reduce(0) { $0 + $1.runs.count })
    let more = try engine.layout(
      prepared, configuration: LayoutConfiguration(width: 100, lineLimit: .lines(30)))
    #expect(recorder.record.bytesAnalyzed > analyzed)
    #expect(more.lines.prefix(3).map(\.range) == three.lines.map(\.range))
  }
}
