import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

/// Tabs with the fixed-advance backend: 10 pt text, 5 pt for every narrow character.
@Suite struct TabStopTests {
  func layout(
    _ string: String, width: Double = 200, tabStops: TabStops = .default,
    limit: LineLimit = .unlimited, token: TruncationToken? = nil
  ) throws -> LaidOutText {
    try fixedEngine.layout(
      StyledText(string, style: ten),
      configuration: LayoutConfiguration(
        width: width, lineLimit: limit, truncationToken: token, tabStops: tabStops))
  }

  /// Where the character at a UTF-8 offset starts, from the left.
  func left(of offset: Int, in layout: LaidOutText) throws -> Double {
    try #require(layout.rects(for: offset..<offset + 1).first).minX
  }

  @Test(
    "A tab advances to the next multiple of 28 points from the line's start",
    arguments: 0...12)
  func defaultStops(characters: Int) throws {
    let text = String(repeating: "x", count: characters) + "\ty"
    let layout = try layout(text)
    let pen = 5.0 * Double(characters)
    let expected = ((pen / 28).rounded(.down) + 1) * 28
    #expect(try left(of: characters + 1, in: layout) == expected)
    #expect(layout.lines.count == 1)
    #expect(layout.lines[0].width == expected + 5)
  }

  @Test(
    "Explicit stops come first, then the interval; a pen on a stop goes to the next",
    arguments: [(0, 10.0), (1, 10), (2, 40), (5, 40), (8, 50), (9, 50), (10, 75), (15, 100)])
  func explicitStops(characters: Int, stop: Double) throws {
    let text = String(repeating: "x", count: characters) + "\ty"
    let layout = try layout(text, tabStops: TabStops(stops: [40, 10], interval: 25))
    #expect(try left(of: characters + 1, in: layout) == stop)
  }

  @Test("Consecutive tabs each go to the next stop")
  func consecutiveTabs() throws {
    let layout = try layout("a\t\t\tb")
    #expect(try left(of: 4, in: layout) == 84)
    // Each tab's rectangle runs from where it starts to its stop.
    #expect(layout.rects(for: 1..<2) == [LayoutRect(x: 5, y: 0, width: 23, height: 10)])
    #expect(layout.rects(for: 2..<3) == [LayoutRect(x: 28, y: 0, width: 28, height: 10)])
  }

  @Test("A tab in a right-to-left paragraph measures its stop from the right edge")
  func rightToLeft() throws {
    // אב is 10 points from the right edge, the tab takes the pen to 28 from it, then גד.
    let layout = try layout("אב\tגד", width: 100)
    #expect(layout.lines[0].paragraphLevel == 1)
    let second = try #require(layout.rects(for: 5..<9).first)
    #expect(second.maxX == 100 - 28)
    #expect(second.minX == 100 - 38)
    let first = try #require(layout.rects(for: 0..<4).first)
    #expect(first.maxX == 100)
  }

  @Test("A tab is a break opportunity and hangs at the end of a line, like a space")
  func breaksAndHangs() throws {
    let layout = try layout("aaaa\tbbbbbbbbbb", width: 60)
    #expect(layout.lines.count == 2)
    #expect(layout.lines[0].range == 0..<5)
    #expect(layout.lines[0].width == 20)
    #expect(layout.lines[1].range.lowerBound == 5)
    #expect(try left(of: 5, in: layout) == 0)
  }

  @Test("The text after a tab must fit after the stop, not after the tab's start")
  func fitsAfterTheStop() throws {
    // "aaaa" ends at 20, the tab goes to 28, and "bb" (10) ends at 38 > 35.
    let wrapped = try layout("aaaa\tbb", width: 35)
    #expect(wrapped.lines.count == 2)
    let fits = try layout("aaaa\tbb", width: 38)
    #expect(fits.lines.count == 1)
  }

  @Test("A tab has no glyph; a tap on it hits the tab")
  func notDrawn() throws {
    let layout = try layout("ab\tcd")
    let glyphs = layout.lines.flatMap(\.runs).flatMap(\.glyphRuns).flatMap(\.glyphs)
    #expect(!glyphs.contains(0x09))
    #expect(glyphs.count == 4)
    #expect(layout.characterOffset(at: LayoutPoint(x: 20, y: 5)) == 2)
    #expect(layout.characterOffset(at: LayoutPoint(x: 29, y: 5)) == 3)
  }

  @Test("A tab in the middle of a segment ('\\t-5') still goes to its stop")
  func tabInsideAWord() throws {
    let layout = try layout("ab\t-5\tc", tabStops: TabStops(interval: 20))
    #expect(try left(of: 3, in: layout) == 20)
    #expect(try left(of: 6, in: layout) == 40)
  }

  @Test("The truncation token follows text with tabs and fits the line")
  func token() throws {
    let layout = try layout(
      "a\tb\tc\td\te\tf\tg\th", width: 100, limit: .lines(1), token: .ellipsis)
    #expect(layout.isTruncated)
    let token = try #require(layout.tokenRect)
    #expect(token.maxX <= 100)
    #expect(layout.lines[0].width <= 100)
  }

  @Test("Measuring agrees with laying out, and layouts keep their invariants, with tabs")
  func invariants() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    let words = ["a", "bb", "ccc", "\t", "\t\t", " ", "-5", "אב", "dddd\t", "\tee", "ff\t)"]
    for _ in 0..<200 {
      let count = Int.random(in: 1...14, using: &generator)
      let string = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined()
      let width = Double.random(in: 3...120, using: &generator).rounded()
      let limit = Int.random(in: 1...3, using: &generator)
      let failure = try LayoutInvariants.check(
        StyledText(string, style: ten), width: width, limit: limit, engine: fixedEngine,
        token: .ellipsis)
      #expect(failure == nil, "\(string.debugDescription): \(failure ?? "")")
    }
  }

  @Test(
    "Tab stops the engine cannot use are an error naming the value and what is wrong with it",
    arguments: [
      (TabStops(interval: 0), TextLayoutError.invalidTabInterval(0)),
      (TabStops(interval: -4), .invalidTabInterval(-4)),
      (TabStops(interval: .infinity), .invalidTabInterval(.infinity)),
      (TabStops(stops: [-1]), .invalidTabStop(-1)),
      (TabStops(stops: [28, .infinity]), .invalidTabStop(.infinity)),
    ])
  func invalid(stops: TabStops, expected: TextLayoutError) throws {
    #expect(throws: expected) { try layout("a\tb", tabStops: stops) }
  }

  @Test("a tab interval that is not a number is an error naming it")
  func notANumber() throws {
    do {
      _ = try layout("a\tb", tabStops: TabStops(interval: .nan))
      Issue.record("a NaN interval was accepted")
    } catch {
      #expect("\(error)".contains("invalid tab interval nan"))
      #expect("\(TextLayoutError.invalidTabStop(-1))".contains("invalid tab stop -1.0"))
    }
  }
}
