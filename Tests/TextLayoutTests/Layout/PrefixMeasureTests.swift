import TestSupport
import Testing
@_spi(Backend) import TextLayout

/// ``TextLayoutEngine/measure(prefix:exactCount:configuration:)``: whenever it answers from
/// the start of a text, the answer is the whole text's, even when the start goes on with
/// other characters than the whole (a parser's unfinished markup).
@Suite struct PrefixMeasureTests {
  @Test("an answer from the start of a text is the whole text's (fixed advances)")
  func fixedAdvances() throws {
    let (failures, answered) = try PrefixAgreement.check(engine: fixedEngine, cases: 300, seed: 31)
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    // Long texts cut late answer from their start; the rest need the whole.
    #expect(answered > 300)
  }

  @Test("a start that ends before the visible lines do gives no answer")
  func tooShort() throws {
    let configuration = LayoutConfiguration(width: 100, lineLimit: .lines(3))
    let text = StyledText("a few words")
    #expect(
      try fixedEngine.measure(
        prefix: text, exactCount: text.string.utf8.count, configuration: configuration)
        == nil)
    let long = StyledText(String(repeating: "word ", count: 400))
    #expect(
      try fixedEngine.measure(prefix: long, exactCount: 1_900, configuration: configuration)
        == fixedEngine.measure(long, configuration: configuration))
    #expect(
      try fixedEngine.measure(prefix: long, exactCount: 10, configuration: configuration) == nil)
  }
}
