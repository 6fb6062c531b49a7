import Foundation
import Testing
@_spi(Backend) import TextLayout
import TextMarkdown

/// Inputs that make naive Markdown parsers quadratic. cmark-gfm is linear by design; these
/// check that the walk and the building of the result are too (structure here, time measured
/// by hand: see the commit that added them).
@Suite("Pathological inputs")
struct PathologicalInputTests {
  @Test("50,000 nested *[ pairs style what cmark-gfm's HTML styles, and link nothing")
  func nestedOpeners() throws {
    let source =
      String(repeating: "*[", count: 50_000) + "a" + String(repeating: "]*", count: 50_000)
    let text = try parse(source)
    let expected = try CmarkOracle.markedText(source)
    let matches = MarkedText(text, codeFamily: code) == expected
    #expect(matches)
    // No bracket pair has a target, so every bracket stays.
    #expect(text.string.count(where: { $0 == "[" || $0 == "]" }) == 100_000)
    #expect(text.runs.allSatisfy { $0.style.link == nil })
  }

  @Test("1 MB of ** and [ styles what cmark-gfm's HTML styles, and links nothing")
  func megabyteOfOpeners() throws {
    let source = String(repeating: "**[", count: 350_000)
    let text = try parse(source)
    // Each ** sits between two [ and so both opens and closes: cmark pairs them as bold.
    let expected = try CmarkOracle.markedText(source)
    let matches = MarkedText(text, codeFamily: code) == expected
    #expect(matches)
    #expect(text.string.count(where: { $0 == "[" }) == 350_000)
    #expect(text.runs.allSatisfy { $0.style.link == nil })
  }

  @Test("1 MB of unclosed [ and ** openers")
  func megabyteOfUnclosedOpeners() throws {
    let source = String(repeating: "[", count: 500_000) + String(repeating: "** ", count: 200_000)
    let text = try parse(source)
    // A ** before a space never opens, and a [ with no ] never links: all literal, except the
    // last space, which is trailing white space and kept too.
    let same = text.string == source
    #expect(same)
    #expect(text.runs.count == 1)
  }

  @Test("1 MB of alternating bold and plain text gives one run per piece")
  func manyRuns() throws {
    let source = String(repeating: "**a** ", count: 200_000)
    let text = try parse(source)
    #expect(text.string == String(repeating: "a ", count: 200_000))
    // The last space is the paragraph's trailing white space, put back plain.
    #expect(text.runs.count == 400_000)
    #expect(text.runs[0].style.weight == .bold && text.runs[1].style.weight == .regular)
  }

  @Test("100,000 spoiler pairs and 100,000 lines")
  func manySpoilersAndLines() throws {
    let source = String(repeating: "||s|| x\n", count: 100_000)
    let text = try parse(source)
    #expect(text.string == String(repeating: "s x\n", count: 100_000))
    #expect(text.runs.count == 200_000)
  }
}
