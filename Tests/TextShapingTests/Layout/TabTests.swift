import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Tabs on the real stack: ICU's break after a tab, HarfBuzz never given one to shape (it would
/// draw DejaVu Sans's missing-glyph box), and stops every 28 points from the line's start edge.
@Suite struct TabTests {
  static let stack = try! TextStack()
  static let style = TextStyle(size: 17)

  func layout(_ string: String, width: Double = 320, tabStops: TabStops = .default) throws
    -> LaidOutText
  {
    try Self.stack.engine.layout(
      StyledText(string, style: Self.style),
      configuration: LayoutConfiguration(width: width, tabStops: tabStops))
  }

  /// The advance of a text shaped alone, without tabs.
  func advance(of string: String) -> Double {
    Self.stack.shaper.shape(Substring(string), style: Self.style, isRightToLeft: false).advance
  }

  @Test(
    "The word after a tab starts at the next stop past the text before it",
    arguments: ["", "a", "Tab", "Tabs here", "W", "WWWWW", "iiiiii", "Name:"])
  func startPositions(before: String) throws {
    let layout = try layout(before + "\tnext")
    let offset = before.utf8.count + 1
    let start = try #require(layout.rects(for: offset..<offset + 1).first).minX
    let expected = TabStops.default.nextStop(after: advance(of: before))
    #expect(abs(start - expected) < 1e-9, "\(before.debugDescription)")
    #expect(abs(layout.lines[0].width - (expected + advance(of: "next"))) < 1e-6)
  }

  @Test("No glyph is drawn for a tab: no missing-glyph box, no glyph at all")
  func noGlyph() throws {
    let layout = try layout("Tabs\there\tand\t\tthere")
    let glyphs = layout.lines.flatMap(\.runs).flatMap(\.glyphRuns).flatMap(\.glyphs)
    #expect(!glyphs.contains(0))
    #expect(glyphs.count == "Tabshereandthere".count)
  }

  @Test("In a right-to-left paragraph the stops are measured from the right edge")
  func rightToLeft() throws {
    let hebrew = "שלום"
    let layout = try layout(hebrew + "\tעולם", width: 300)
    #expect(layout.lines[0].paragraphLevel == 1)
    let offset = hebrew.utf8.count + 1
    let second = try #require(layout.rects(for: offset..<offset + 2).first)
    let stop = TabStops.default.nextStop(
      after: Self.stack.shaper.shape(Substring(hebrew), style: Self.style, isRightToLeft: true)
        .advance)
    #expect(abs(second.maxX - (300 - stop)) < 1e-9)
  }

  @Test("A tab is a break opportunity: a line ends after it when the next word does not fit")
  func breakOpportunity() throws {
    let layout = try layout("Column\tanotherword", width: 150)
    #expect(layout.lines.count == 2)
    #expect(layout.text.string[layout.stringRange(layout.lines[0].contentRange)] == "Column")
    #expect(layout.lines[0].width == advance(of: "Column"))
  }

  @Test("A tab held to the next word ('\\t}') on a line narrower than a stop keeps the invariants")
  func narrowLine() throws {
    let text = StyledText("\t}", style: Self.style)
    let failure = try LayoutInvariants.check(
      text, width: 10.81591696875, limit: 1, engine: Self.stack.engine, token: .ellipsis)
    #expect(failure == nil)
  }

  @Test("Measuring a text with tabs gives the same lines and size as laying it out")
  func measureAgrees() throws {
    for width in stride(from: 60.0, through: 320, by: 20) {
      let text = StyledText(
        "Name:\tAda\tLovelace\nBorn:\t1815\tLondon\t\tEngland\tand a longer tail", style: Self.style
      )
      let configuration = LayoutConfiguration(width: width, lineLimit: .lines(3))
      let laidOut = try Self.stack.engine.layout(text, configuration: configuration)
      let measured = try Self.stack.engine.measure(text, configuration: configuration)
      #expect(measured == laidOut.measurement, "width \(width)")
    }
  }
}
