import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// A grapheme cluster wider than the whole line: lines never break inside one, so it overflows,
/// and the layout says so with `isClipped` (the cut `isTruncated` cannot report).
@Suite struct ClippedGraphemeTests {
  static let stack = try! TextStack()
  static let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)

  static let family = Array(repeating: "\u{1F469}", count: 200).joined(separator: "\u{200D}")

  func layout(_ string: String, width: Double, limit: LineLimit = .unlimited) throws
    -> LaidOutText
  {
    try Self.engine.layout(
      StyledText(string, style: TextStyle(size: 17)),
      configuration: LayoutConfiguration(
        width: width, lineLimit: limit, truncationToken: TruncationToken(label: "more")))
  }

  @Test("a 200-emoji ZWJ sequence sits alone on its line and is reported clipped")
  func zwjSequence() throws {
    for limit in [LineLimit.unlimited, .lines(3)] {
      let laidOut = try layout("Before " + Self.family + " after", width: 100, limit: limit)
      #expect(laidOut.text.string.count == 14)  // the sequence is one Character
      let wide = try #require(laidOut.lines.first { $0.width > 100 })
      #expect(laidOut.text.string[laidOut.stringRange(wide.contentRange)] == Self.family[...])
      #expect(laidOut.isClipped, "\(limit)")
      #expect(!laidOut.isTruncated)
      let measured = try Self.engine.measure(laidOut.text, configuration: laidOut.configuration)
      #expect(measured == laidOut.measurement && measured.isClipped)
    }
    // Cut at two lines, the token takes the sequence's place: nothing is clipped any more.
    let cut = try layout("Before " + Self.family + " after", width: 100, limit: .lines(2))
    #expect(cut.isTruncated && !cut.isClipped)
    #expect(cut.lines.last.map { cut.text.string[cut.stringRange($0.contentRange)] } == "")
  }

  @Test("a truncation token wider than the width is clipped too")
  func wideToken() throws {
    // "… more" is about 66 points wide at 17 points.
    let laidOut = try layout("The layout engine breaks lines", width: 60, limit: .lines(1))
    #expect(laidOut.isTruncated && laidOut.isClipped)
    #expect(laidOut.tokenRect.map(\.maxX) ?? 0 > 60)
  }

  @Test("a character with hundreds of combining marks, or one letter wider than the line")
  func otherWideClusters() throws {
    let marked = "x" + String(repeating: "\u{301}\u{308}\u{323}", count: 200)
    let laidOut = try layout(marked + " y", width: 4)
    #expect(laidOut.lines.count == 2 && laidOut.isClipped)
    #expect(try layout("W", width: 5).isClipped)
    #expect(try !layout("W", width: 50).isClipped)
  }

  @Test("ordinary text in its width is never clipped", arguments: [120.0, 200, 320])
  func ordinaryText(width: Double) throws {
    let text =
      "The layout engine breaks lines at word boundaries and falls back to characters, "
      + "supercalifragilisticexpialidocious, שלום עולם, 排版引擎在单词边界处换行。"
    for limit in [LineLimit.unlimited, .lines(1), .lines(3)] {
      let laidOut = try layout(text, width: width, limit: limit)
      #expect(!laidOut.isClipped, "\(width) \(limit)")
      #expect(laidOut.lines.allSatisfy { $0.width <= width + 1e-6 })
    }
  }
}
