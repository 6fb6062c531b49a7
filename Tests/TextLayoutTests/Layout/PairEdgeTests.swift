import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct PairEdgeTests {
  /// Scalars around the plain wide ones and the neighbours that would join them: ASCII and
  /// controls, ideographs, kana (with the combining voiced sound mark, an extender), Hangul
  /// syllables and the jamo that join them, a prepended Arabic sign, variation selector 16,
  /// the zero-width joiner, an emoji, a combining acute accent, the ends of the ranges of
  /// CJK punctuation and full-width forms, and the half-width voiced sound mark (an extender)
  /// after them.
  static let alphabet: [Unicode.Scalar] = [
    "~", "\u{3001}", "\u{3005}", "\u{3008}", "\u{3011}", "\u{FF01}", "\u{FF5E}",
    "\u{FF9E}", "\u{3000}", "\u{1F1E6}",
    "a", " ", "\r", "\n", "\u{4E00}", "\u{9FFF}", "\u{3041}", "\u{3096}", "\u{3099}",
    "\u{30A1}", "\u{30FA}", "\u{30FC}", "\u{AC00}", "\u{D7A3}", "\u{1100}", "\u{1161}",
    "\u{11A8}", "\u{0600}", "\u{FE0F}", "\u{200D}", "\u{1F600}", "\u{FF0C}", "\u{0301}",
  ]

  @Test(
    "the edges read from the bytes are the string's own characters, for every split of every string of up to three scalars"
  )
  func edgesMatchCharacters() {
    var fast = 0
    var failures: [String] = []
    let alphabet = Self.alphabet
    for first in alphabet {
      for second in [nil] + alphabet {
        for third in second == nil ? [nil] : [nil] + alphabet {
          var scalars = String.UnicodeScalarView()
          scalars.append(first)
          if let second { scalars.append(second) }
          if let third { scalars.append(third) }
          let string = String(scalars)
          fast += check(string, failures: &failures)
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    // The fast path must be taken, or this test shows nothing.
    #expect(fast > 1_000)
  }

  @Test(
    "every scalar the bytes answer for is a character of its own between two letters, on either side of the boundary"
  )
  func everyPlainScalarStandsAlone() {
    var checked = 0
    var failed: [UInt32] = []
    for value in UInt32(0x20)...0xFFFF where SegmentMaker.isPlainWide(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      // Every split of "a", the scalar and "b": the scalar ends the range before the boundary
      // or starts the one after it, next to a letter on its other side.
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: ["a", scalar, "b"])
      var failures: [String] = []
      if check(String(scalars), failures: &failures) < 4 || !failures.isEmpty {
        failed.append(value)
      }
      checked += 1
    }
    #expect(failed.isEmpty, "\(failed.prefix(5).map { String($0, radix: 16) })")
    #expect(checked > 30_000)
  }

  /// Compares the edges for every `before` and `after` range pair of a string that meet at a
  /// scalar boundary; returns how many the bytes answered.
  private func check(_ string: String, failures: inout [String]) -> Int {
    let utf8 = Array(string.utf8)
    var boundaries: [Int] = []
    var offset = 0
    for scalar in string.unicodeScalars {
      boundaries.append(offset)
      offset += String(scalar).utf8.count
    }
    boundaries.append(offset)
    var fast = 0
    for split in boundaries.dropFirst().dropLast() {
      for start in boundaries where start < split {
        for end in boundaries where end > split {
          let found = utf8.withUnsafeBufferPointer {
            SegmentMaker.plainEdgeLengths(before: start..<split, after: split..<end, in: $0)
          }
          guard let found else { continue }
          fast += 1
          let last = slice(string, start..<split).last!.utf8.count
          let first = slice(string, split..<end).first!.utf8.count
          if found != (last, first) {
            failures.append("\(string.unicodeScalars.map(\.value)) \(start) \(split) \(end)")
          }
        }
      }
    }
    return fast
  }

  private func slice(_ string: String, _ range: Range<Int>) -> Substring {
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    return string[start..<utf8.index(start, offsetBy: range.count)]
  }
}
