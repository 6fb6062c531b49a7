import Foundation
import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct EarlyExitTests {
  static let sentence = "The quick layout engine stops after the last visible line of text. "

  @Test("a limited layout of a long paragraph never touches text far past its last line")
  func longParagraph() throws {
    let string = String(repeating: Self.sentence, count: 16_000)  // about 1 MB
    let recorder = RecordingBackend(shaper: FixedAdvanceShaper(), analyzer: SimpleAnalyzer())
    let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
    let layout = try engine.layout(
      StyledText(string, style: TextStyle(size: 17)),
      configuration: LayoutConfiguration(
        width: 320, lineLimit: .lines(3), truncationToken: TruncationToken()))
    #expect(layout.isTruncated)
    #expect(layout.lines.count == 3)
    let record = recorder.record
    #expect(record.furthestShaped <= layout.visibleEnd + 200)
    #expect(record.furthestAnalyzed < 8_000)
    #expect(record.bytesAnalyzed < 8_000)
  }

  @Test("a limited layout of many paragraphs stops at the limit too")
  func manyParagraphs() throws {
    let string = String(repeating: Self.sentence + "\n", count: 16_000)
    let recorder = RecordingBackend(shaper: FixedAdvanceShaper(), analyzer: SimpleAnalyzer())
    let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
    let layout = try engine.layout(
      StyledText(string, style: TextStyle(size: 17)),
      configuration: LayoutConfiguration(width: 320, lineLimit: .lines(3)))
    #expect(layout.isTruncated)
    #expect(recorder.record.furthestAnalyzed < 2 * Self.sentence.utf8.count + 2)
  }

  @Test("windows that run out mid-paragraph give the same lines as one whole analysis")
  func windowsAgree() throws {
    // A 600-byte first window makes dozens of windows; the unlimited layout analyzes the
    // paragraph at once.
    var generator = SeededRandomNumberGenerator(seed: 42)
    var string = ""
    while string.utf8.count < 40_000 {
      string +=
        RandomText.make(maxWords: 30, using: &generator).replacingOccurrences(
          of: "\n", with: " ") + " "
    }
    let text = StyledText(string, style: TextStyle(size: 17))
    let unlimited = try fixedEngine.layout(text, configuration: LayoutConfiguration(width: 320))
    var windowed = fixedEngine
    windowed.initialWindow = 600
    for limit in [1, 7, 300] {
      let limited = try windowed.layout(
        text, configuration: LayoutConfiguration(width: 320, lineLimit: .lines(limit)))
      #expect(limited.lines.map(\.range) == unlimited.lines.prefix(limit).map(\.range))
    }
  }
}
