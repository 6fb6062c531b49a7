import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

@Suite struct ICUAnalyzerTests {
  let analyzer = ICUAnalyzer()

  @Test("Line breaks are UTF-8 offsets after spaces, and mandatory after a newline")
  func lineBreaks() {
    let breaks = analyzer.lineBreaks(in: "héllo wörld\nnext")
    #expect(
      breaks == [
        LineBreakOpportunity(offset: 7, isMandatory: false),
        LineBreakOpportunity(offset: 14, isMandatory: true),
        LineBreakOpportunity(offset: 18, isMandatory: false),
      ])
  }

  @Test("The end of the text is a mandatory break only after a newline")
  func endOfText() {
    #expect(
      analyzer.lineBreaks(in: "a\n").last == LineBreakOpportunity(offset: 2, isMandatory: true))
    #expect(
      analyzer.lineBreaks(in: "ab").last == LineBreakOpportunity(offset: 2, isMandatory: false))
    #expect(analyzer.lineBreaks(in: "").isEmpty)
  }

  @Test("Breaks up to a limit are the whole text's, with the rest read only as context")
  func breaksUpToALimit() throws {
    let text = Substring(
      "Numbers like 1,234.56 and (parenthesized) words; “quotes” — dashes, 排版引擎在单词 "
        + "מנוע הפריסה، محرك التخطيط, URLs like https://example.org/a-b and the end.\nNext")
    let whole = analyzer.lineBreaks(in: text)
    let count = text.utf8.count
    for limit in [0, 1, 5, 13, 14, 20, 40, 64, 99, 100, count - 6, count - 5, count, count + 9] {
      let limited = analyzer.lineBreaks(in: text, upTo: limit)
      #expect(limited == whole.filter { $0.offset <= limit }, "limit \(limit)")
    }
    // ICU stops at the first break past the limit: a megabyte of context costs nothing.
    let long = Substring("word " + String(repeating: "x", count: 1_000_000))
    #expect(try analyzer.analyzeLineBreaks(in: long, upTo: 10).map(\.offset) == [5])
  }

  @Test("Offsets are relative to the substring, not its base string")
  func substringOffsets() {
    let text = "skip this part"
    let piece = text[text.firstIndex(of: "t")!...]
    #expect(analyzer.lineBreaks(in: piece).map(\.offset) == [5, 9])
  }

  @Test("Chinese breaks between ideographs")
  func ideographs() {
    #expect(analyzer.lineBreaks(in: "你好世界").map(\.offset) == [3, 6, 9, 12])
  }

  @Test("Mixed Latin, Hebrew and digits get levels 0, 1 and 2 in a left-to-right paragraph")
  func mixedBidi() {
    let analysis = analyzer.bidiLevels(in: "abc אבג 123", direction: .leftToRight)
    #expect(analysis.paragraphLevel == 0)
    // "abc " (4 bytes) is left to right; "אבג" (6 bytes) and the space after it are right to
    // left; digits after Hebrew are Arabic numbers (W2), one level up (I2).
    #expect(
      analysis.runs == [
        BidiAnalysis.LevelRun(range: 0..<4, level: 0),
        BidiAnalysis.LevelRun(range: 4..<11, level: 1),
        BidiAnalysis.LevelRun(range: 11..<14, level: 2),
      ])
  }

  @Test("A natural paragraph takes its direction from the first strong character")
  func naturalDirection() {
    let hebrewFirst = analyzer.bidiLevels(in: "אבג abc 123", direction: .natural)
    #expect(hebrewFirst.paragraphLevel == 1)
    // Digits after Latin letters are treated as Latin (W7), so "abc 123" is one run.
    #expect(
      hebrewFirst.runs == [
        BidiAnalysis.LevelRun(range: 0..<7, level: 1),
        BidiAnalysis.LevelRun(range: 7..<14, level: 2),
      ])
    #expect(analyzer.bidiLevels(in: "abc אבג", direction: .natural).paragraphLevel == 0)
    #expect(analyzer.bidiLevels(in: "123", direction: .natural).paragraphLevel == 0)
  }

  @Test("A right-to-left paragraph puts Latin text at level 2")
  func rightToLeft() {
    let analysis = analyzer.bidiLevels(in: "abc", direction: .rightToLeft)
    #expect(analysis.paragraphLevel == 1)
    #expect(analysis.runs == [BidiAnalysis.LevelRun(range: 0..<3, level: 2)])
  }

  @Test("Levels cover text with characters outside the Basic Multilingual Plane")
  func astralCharacters() {
    let analysis = analyzer.bidiLevels(in: "a😀b", direction: .natural)
    #expect(analysis.runs == [BidiAnalysis.LevelRun(range: 0..<6, level: 0)])
  }

  @Test("The analyzer gives the same answers from many threads at once")
  func concurrency() async {
    let analyzer = self.analyzer
    let expected = analyzer.lineBreaks(in: "The quick brown fox jumps over the lazy dog")
    let results = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<64 {
        group.addTask {
          analyzer.lineBreaks(in: "The quick brown fox jumps over the lazy dog") == expected
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0 })
  }
}

@Suite struct ICUVersionTests {
  @Test("the Swift rules answer only for an ICU version they were verified against")
  func versionGate() {
    #expect(ICUVersion.rulesApply(toMajorVersion: 72))
    for version in [70, 71, 73, 74, 76] {
      #expect(!ICUVersion.rulesApply(toMajorVersion: version), "ICU \(version)")
    }
    // The linked library is the one the analyzer's choice follows.
    #expect(ICUVersion.linkedMajorVersion >= 60)
    #expect(
      ICUAnalyzer().usesRules
        == ICUVersion.verifiedMajorVersions.contains(ICUVersion.linkedMajorVersion))
    #expect(!ICUAnalyzer(locale: "ja").usesRules)
  }
}
