import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct InvariantTests {
  @Test("random multilingual texts keep every invariant", arguments: 0..<8)
  func randomTexts(seed: UInt64) throws {
    var generator = SeededRandomNumberGenerator(seed: seed)
    for _ in 0..<40 {
      let string = RandomText.make(maxWords: 40, using: &generator)
      let text = StyledText(string, style: ten)
      for width in [12.0, 37.5, 80, 200] {
        for limit in [1, 2, 3, 7] {
          let failure = try LayoutInvariants.check(
            text, width: width, limit: limit, engine: fixedEngine)
          #expect(failure == nil, "\(string.debugDescription)")
          let token = try LayoutInvariants.check(
            text, width: width, limit: limit, engine: fixedEngine, token: TruncationToken())
          #expect(token == nil, "\(string.debugDescription)")
        }
      }
      let monotone = try LayoutInvariants.lineCountMonotone(
        text, widths: [8, 13, 21, 34, 55, 89, 144], engine: fixedEngine)
      #expect(monotone == nil, "\(string.debugDescription)")
    }
  }
}
