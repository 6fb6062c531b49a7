import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct SeparatorScanTests {
  /// The first paragraph separator from `start`, found one scalar at a time.
  func naiveSeparator(in string: String, from start: Int) -> (offset: Int, length: Int)? {
    var offset = 0
    var previousWasCR = false
    for scalar in string.unicodeScalars {
      let length = String(scalar).utf8.count
      defer {
        offset += length
        previousWasCR = scalar == "\r"
      }
      guard offset >= start else { continue }
      switch scalar {
      case "\n" where previousWasCR && offset > start: continue
      case "\r":
        return (offset, string.utf8.dropFirst(offset + 1).first == 0x0A ? 2 : 1)
      case "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        return (offset, length)
      default: continue
      }
    }
    return nil
  }

  @Test("The eight-byte scan finds every separator where a scalar-by-scalar scan does")
  func separators() {
    // Fillers with bytes the fast scan must look at closely (tabs, other C2 and E2 sequences).
    let fillers = ["abcdefgh", "\tß—…", "жжжж", "你好世界", "“q” ¢"]
    let separators = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    for filler in fillers {
      for separator in separators {
        for count in 0..<24 {
          let head = String(String(repeating: filler, count: 3).prefix(count))
          let string = head + separator + filler
          let context = LayoutContext(
            text: StyledText(string, style: TextStyle(size: 10)),
            configuration: LayoutConfiguration(width: 100),
            shaper: PieceByPieceShaper.wrapping(FixedAdvanceShaper()), analyzer: SimpleAnalyzer())
          let length = string.utf8.count
          for start in [0, 1, 5] where start <= length {
            let found = context.findSeparator(from: start, to: length)
            let expected = naiveSeparator(in: string, from: start)
            #expect(found?.offset == expected?.offset && found?.length == expected?.length)
          }
          #expect(context.findSeparator(from: 0, to: head.utf8.count) == nil)
        }
      }
    }
  }
}
