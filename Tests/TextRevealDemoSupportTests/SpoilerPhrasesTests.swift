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

  @Test("a phrase never matches inside a grapheme cluster: emoji sequences stay whole")
  func wholeClusters() throws {
    let text = StyledText("family 👩‍👩‍👧 flag 🇺🇸 woman 👩 end")
    let woman = try SpoilerPhrases.marking(["👩"], in: text)
    #expect(Self.hidden(woman) == ["👩"])
    #expect(
      woman.runs.first(where: \.style.isSpoiler)?.range.lowerBound
        == text.string.utf8.count - " end".utf8.count - "👩".utf8.count)
    #expect(throws: SpoilerPhrases.Problem.notFound("🇸")) {
      try SpoilerPhrases.marking(["🇸"], in: text)
    }
    let accent = StyledText("cafe\u{301} cafe")
    #expect(Self.hidden(try SpoilerPhrases.marking(["cafe"], in: accent)) == ["cafe"])
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
