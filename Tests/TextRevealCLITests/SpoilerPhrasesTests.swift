import Testing
import TextLayout

@testable import textreveal

/// `--spoiler` phrase marking: every occurrence, over whole grapheme clusters, in one pass.
@Suite struct SpoilerPhrasesTests {
  static let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  /// The hidden parts of a text, in order.
  func hidden(_ text: StyledText) -> [String] {
    text.runs.filter(\.style.isSpoiler).map { String(text.slice($0.range)) }
  }

  @Test(
    "a phrase inside a grapheme cluster hides the whole cluster",
    arguments: [
      ("the family 👨‍👩‍👧 smiles", "👩", ["👨‍👩‍👧"]),
      ("flags 🇺🇸 and 🇫🇷", "🇸", ["🇺🇸"]),
      ("a thumbs 👍🏽 up", "🏽", ["👍🏽"]),
      ("cafe\u{301} noire", "e", ["e\u{301}", "e"]),
      ("fin 🇺🇸🇫🇷", "🇸🇫", ["🇺🇸🇫🇷"]),
    ] as [(String, String, [String])])
  func wholeClusters(string: String, phrase: String, expected: [String]) {
    let (text, missing) = SpoilerPhrases.marking(
      [phrase], in: StyledText(string, style: Self.style))
    #expect(missing.isEmpty)
    #expect(hidden(text) == expected)
    // Every run boundary lies between two clusters.
    let boundaries = Set(
      string.indices.map { string.utf8.distance(from: string.startIndex, to: $0) } + [
        string.utf8.count
      ])
    #expect(text.runs.allSatisfy { boundaries.contains($0.range.lowerBound) })
  }

  @Test("every occurrence of every phrase is hidden, overlapping ones too")
  func everyOccurrence() {
    let (text, missing) = SpoilerPhrases.marking(
      ["ab", "bc", "d", "zz"], in: StyledText("abc x abc d aaa", style: Self.style))
    #expect(hidden(text) == ["abc", "abc", "d"])
    #expect(missing == ["zz"])
    let (repeated, _) = SpoilerPhrases.marking(["aa"], in: StyledText("aaa b", style: Self.style))
    #expect(hidden(repeated) == ["aaa"])
  }

  @Test("a phrase given 10,000 times and thousands of phrases cost one pass")
  func manyPhrases() {
    let string = String(repeating: "a ", count: 10_000)
    let (text, missing) = SpoilerPhrases.marking(
      Array(repeating: "a", count: 10_000), in: StyledText(string, style: Self.style))
    #expect(missing.isEmpty)
    #expect(hidden(text).count == 10_000)
    // Each of 2,000 distinct words hidden where it occurs.
    let words = (0..<2_000).map { "w\($0)x" }
    let (marked, none) = SpoilerPhrases.marking(
      words, in: StyledText(words.joined(separator: " "), style: Self.style))
    #expect(none.isEmpty)
    #expect(hidden(marked) == words)
  }
}
