import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Style runs that change no glyph (a color, a link, a spoiler, a strikethrough, as parsed
/// Markdown has them) do not cost the measure of a text its batching, and change no line.
@Suite struct StyleRunBatchTests {
  static let stack = try! TextStack()
  static let base = TextStyle(fontFamily: "DejaVu Sans", size: 17)
  static let words = (0..<60).map { ["layout", "Wave", "AVATAR", "text", "office", "to"][$0 % 6] }
  static let marks = ["color", "link", "spoiler", "strikethrough"]

  /// The words, every other one marked with a color, a link, a spoiler or a strikethrough.
  static func marked(_ mark: String) -> StyledText {
    var text = StyledText("", style: base)
    for (index, word) in words.enumerated() {
      var style = base
      if index % 2 == 1 {
        switch mark {
        case "color": style.color = TextColor(red: 1, green: 0, blue: 0)
        case "link": style.link = URL(string: "https://example.org/a")
        case "spoiler": style.isSpoiler = true
        default: style.isStrikethrough = true
        }
      }
      text.append(word, style: style)
      text.append(" ", style: base)
    }
    return text
  }

  @Test(
    "runs that change no glyph are measured in as many shaper calls as one run",
    arguments: marks)
  func batching(mark: String) throws {
    let text = Self.marked(mark)
    let plain = StyledText(text.string, style: Self.base)
    #expect(text.runs.count > 50)
    var calls: [Int] = []
    for candidate in [text, plain] {
      let recorder = RecordingBackend(shaper: Self.stack.shaper, analyzer: Self.stack.analyzer)
      let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
      _ = try engine.measure(candidate, configuration: LayoutConfiguration(width: 300))
      calls.append(recorder.record.batchCalls)
    }
    #expect(calls[0] == calls[1], "\(mark): \(calls)")
  }

  @Test(
    "a text of such runs measures as it lays out, and breaks where the plain text does",
    arguments: marks)
  func lines(mark: String) throws {
    let engine = TextLayoutEngine(shaper: Self.stack.shaper, analyzer: Self.stack.analyzer)
    let text = Self.marked(mark)
    for width in [120.0, 300, 517] {
      let configuration = LayoutConfiguration(width: width)
      let layout = try engine.layout(text, configuration: configuration)
      #expect(try LayoutInvariants.measurementAgrees(layout, engine: engine) == nil)
      let plain = try engine.layout(
        StyledText(text.string, style: Self.base), configuration: configuration)
      #expect(layout.lines.map(\.range) == plain.lines.map(\.range))
    }
  }

  /// Plain words, then bold words (each bold one its own run of another color when `split`),
  /// then plain words again.
  static func boldMiddle(split: Bool) -> StyledText {
    var bold = base
    bold.weight = .bold
    var text = StyledText("", style: base)
    for word in words.prefix(6) { text.append(word + " ", style: base) }
    for (index, word) in words.enumerated() {
      var style = bold
      if split { style.color = TextColor(red: Double(index % 2), green: 0, blue: 0) }
      text.append(word + " ", style: style)
    }
    for word in words.prefix(6) { text.append(word + " ", style: base) }
    return text
  }

  @Test("batches inside a run that is not the text's first measure in that run's font")
  func batchInsideLaterRun() throws {
    let engine = TextLayoutEngine(shaper: Self.stack.shaper, analyzer: Self.stack.analyzer)
    let whole = Self.boldMiddle(split: false)
    let split = Self.boldMiddle(split: true)
    #expect(whole.runs.count == 3)
    for width in [120.0, 300, 517] {
      let configuration = LayoutConfiguration(width: width)
      let layout = try engine.layout(whole, configuration: configuration)
      #expect(try LayoutInvariants.measurementAgrees(layout, engine: engine) == nil)
      // The split text's batches span runs, and are cut segment by segment; most of the
      // whole text's bold batches lie in its second run, and are cut as one run.
      let reference = try engine.layout(split, configuration: configuration)
      #expect(layout.lines.map(\.range) == reference.lines.map(\.range))
      #expect(layout.lines.map(\.frame.width) == reference.lines.map(\.frame.width))
    }
  }
}
