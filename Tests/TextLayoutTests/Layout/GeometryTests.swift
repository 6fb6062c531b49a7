import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct GeometryTests {
  @Test(
    "alignment places lines inside the width",
    arguments: [
      (LineAlignment.natural, InterfaceDirection.leftToRight, 0.0),
      (.leading, .leftToRight, 0), (.trailing, .leftToRight, 80), (.center, .leftToRight, 40),
      (.leading, .rightToLeft, 80), (.trailing, .rightToLeft, 0), (.natural, .rightToLeft, 0),
    ])
  func alignment(alignment: LineAlignment, direction: InterfaceDirection, x: Double) throws {
    let layout = try lay("abcd", width: 100, alignment: alignment, direction: direction)
    #expect(layout.lines[0].x == x)
  }

  @Test("a right-to-left paragraph aligns right naturally, words in visual order")
  func rightToLeftParagraph() throws {
    let layout = try lay("אב גד", width: 100)
    let line = layout.lines[0]
    #expect(line.paragraphLevel == 1)
    #expect(line.x == 75)
    // The first word (logically) is at the right.
    let first = try #require(layout.rects(for: 0..<4).first)
    let second = try #require(layout.rects(for: 5..<9).first)
    #expect(first.maxX == 100)
    #expect(second.minX == 75)
    #expect(first.minX > second.maxX)
  }

  @Test("a Hebrew word inside English text reads right to left in place")
  func mixedDirections() throws {
    let layout = try lay("ab אבג cd", width: 200)
    let hebrew = 3..<9
    let rects = layout.rects(for: hebrew)
    #expect(rects == [LayoutRect(x: 15, y: 0, width: 15, height: 10)])
    // The first Hebrew letter is at the right end of the Hebrew word.
    #expect(layout.characterOffset(at: LayoutPoint(x: 27, y: 5)) == 3)
    #expect(layout.characterOffset(at: LayoutPoint(x: 16, y: 5)) == 7)
    // A range crossing the direction change needs two rectangles.
    #expect(layout.rects(for: 0..<5).count == 2)
  }

  @Test("hit testing finds the character, clamps outside points, and sees the token")
  func hitTesting() throws {
    let layout = try lay("abcd efgh", width: 20)
    #expect(layout.characterOffset(at: LayoutPoint(x: 7, y: 5)) == 1)
    #expect(layout.characterOffset(at: LayoutPoint(x: 7, y: 15)) == 6)
    #expect(layout.characterOffset(at: LayoutPoint(x: -50, y: -5)) == 0)
    #expect(layout.characterOffset(at: LayoutPoint(x: 500, y: 500)) == 8)
    let index = try #require(layout.characterIndex(at: LayoutPoint(x: 7, y: 15).cgPoint))
    #expect(layout.text.string[index] == "f")
    let cut = try lay("aaaa bbbb cccc", width: 50, limit: .lines(1), token: TruncationToken())
    #expect(cut.characterOffset(at: LayoutPoint(x: 45, y: 5)) == cut.visibleEnd)
  }

  @Test("range rectangles follow lines; word rectangles skip spaces")
  func rectangles() throws {
    let layout = try lay("aaaa bbbb cc", width: 45)
    #expect(
      layout.rects(for: 2..<12) == [
        LayoutRect(x: 10, y: 0, width: 40, height: 10),
        LayoutRect(x: 0, y: 10, width: 10, height: 10),
      ])
    #expect(
      layout.wordRects(in: 0..<12) == [
        LayoutRect(x: 0, y: 0, width: 20, height: 10),
        LayoutRect(x: 25, y: 0, width: 20, height: 10),
        LayoutRect(x: 0, y: 10, width: 10, height: 10),
      ])
  }
}

@Suite struct StyledTextUpdateTests {
  @Test("restyling a range that misses some runs leaves them as they are")
  func rangeMissingRuns() {
    var text = StyledText("one ", style: TextStyle(size: 10))
    text.append("two three", style: TextStyle(size: 12))
    text.updateStyle(in: 8..<13) { $0.isSpoiler = true }
    #expect(text.runs.map(\.range) == [0..<4, 4..<8, 8..<13])
    #expect(text.runs.map(\.style.isSpoiler) == [false, false, true])
    text.updateStyle(in: 0..<2) { $0.isSpoiler = true }
    #expect(text.runs.map(\.range) == [0..<2, 2..<4, 4..<8, 8..<13])
  }
}

@Suite struct StyledTextClampTests {
  @Test("a style range outside the text is clamped, not a trap")
  func outside() {
    var text = StyledText("abc")
    text.updateStyle(in: 2..<50) { $0.isSpoiler = true }
    #expect(text.runs.map(\.range) == [0..<2, 2..<3])
    text.updateStyle(in: 10..<20) { $0.size = 40 }
    #expect(text.runs.allSatisfy { $0.style.size != 40 })
  }
}
