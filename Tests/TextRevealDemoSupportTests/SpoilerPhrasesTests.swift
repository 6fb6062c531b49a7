import Testing
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

@Suite struct SpoilerPhrasesTests {
  /// The spoiler ranges of a text, as strings.
  static func hidden(_ text: StyledText) -> [String] {
    text.runs.filter(\.style.isSpoiler).map { run in
      let utf8 = Array(text.string.utf8)
      return String(decoding: utf8[run.range], as: UTF8.self)
    }
  }

  @Test("every occurrence of every phrase is hidden")
  func everyOccurrence() throws {
    let text = try SpoilerPhrases.marking(
      ["the butler", "storm"], in: StyledText("the butler and the butler, storm, the butler"))
    #expect(Self.hidden(text) == ["the butler", "the butler", "storm", "the butler"])
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
  func wholeClusters(string: String, phrase: String, expected: [String]) throws {
    let text = try SpoilerPhrases.marking([phrase], in: StyledText(string))
    #expect(Self.hidden(text) == expected)
    // Every run boundary lies between two clusters.
    let boundaries = Set(
      string.indices.map { string.utf8.distance(from: string.startIndex, to: $0) } + [
        string.utf8.count
      ])
    #expect(text.runs.allSatisfy { boundaries.contains($0.range.lowerBound) })
  }

  @Test("overlapping occurrences are all hidden; a missing phrase is named")
  func overlapping() throws {
    let text = try SpoilerPhrases.marking(["ab", "bc", "d"], in: StyledText("abc x abc d aaa"))
    #expect(Self.hidden(text) == ["abc", "abc", "d"])
    #expect(Self.hidden(try SpoilerPhrases.marking(["aa"], in: StyledText("aaa b"))) == ["aaa"])
    #expect(throws: SpoilerPhrases.Problem.notFound("zz")) {
      try SpoilerPhrases.marking(["ab", "zz"], in: StyledText("abc"))
    }
  }

  @Test("a phrase given 10,000 times and 2,000 distinct phrases cost one pass")
  func manyPhrases() throws {
    let text = try SpoilerPhrases.marking(
      Array(repeating: "a", count: 10_000), in: StyledText(String(repeating: "a ", count: 10_000)))
    #expect(Self.hidden(text).count == 10_000)
    let words = (0..<2_000).map { "w\($0)x" }
    let marked = try SpoilerPhrases.marking(
      words, in: StyledText(words.joined(separator: " ")))
    #expect(Self.hidden(marked) == words)
  }

  @Test("a blank phrase is refused as blank, not as missing")
  func blank() {
    #expect(throws: SpoilerPhrases.Problem.blank(" ")) {
      try SpoilerPhrases.marking([" "], in: StyledText("a b"))
    }
    #expect("\(SpoilerPhrases.Problem.blank(" "))".contains("white space"))
  }

  @Test("many matches cost one pass: 20,000 spoilers are marked")
  func manyMatches() throws {
    let text = StyledText(String(repeating: "a ", count: 20_000))
    let marked = try SpoilerPhrases.marking(["a"], in: text)
    #expect(marked.runs.count == 40_000)
  }
}
