import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Emoji in layouts on the real stack: a cluster is measured as what is drawn, never split
/// across lines, hit as a whole, and the truncation token fits after it.
@Suite struct EmojiLayoutTests {
  let engine: TextLayoutEngine
  let style: TextStyle

  init() throws {
    let stack = try TextStack(fontPath: TestFonts.dejaVuSans)
    engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)
    style = TextStyle(fontFamily: stack.defaultFamily, size: 17)
  }

  static let family = "👩‍👩‍👧‍👦"
  /// One emoji glyph's advance at 17 points.
  static let emojiWidth = 2550.0 / 2048 * 17

  func layout(
    _ text: StyledText, width: Double, limit: LineLimit = .unlimited,
    token: TruncationToken? = nil
  ) throws -> LaidOutText {
    try engine.layout(
      text,
      configuration: LayoutConfiguration(width: width, lineLimit: limit, truncationToken: token))
  }

  @Test("The family sequence is one line's worth: one cluster, one emoji wide, at any width")
  func familyWidth() throws {
    for width in [10.0, 22, 300] {
      let laidOut = try layout(StyledText(Self.family, style: style), width: width)
      #expect(laidOut.lines.count == 1)
      let line = try #require(laidOut.lines.first)
      #expect(abs(line.width - Self.emojiWidth) < 1e-9)
      #expect(line.range == 0..<Self.family.utf8.count)
      #expect(laidOut.isClipped == (width < Self.emojiWidth))
    }
  }

  @Test("Emoji sequences are never split across lines, whatever the width")
  func neverSplit() throws {
    let text = "Hi 👍🏽👩‍👩‍👧‍👦🇯🇵🇫🇷#️⃣🏴󠁧󠁢󠁳󠁣󠁴󠁿 ok"
    let starts = Set(text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) })
    for width in stride(from: 10.0, through: 120, by: 3) {
      let laidOut = try layout(StyledText(text, style: style), width: width)
      for line in laidOut.lines {
        #expect(
          starts.contains(line.range.lowerBound), "a line starts inside a cluster at \(width)")
      }
      // The emoji-only lines hold whole emoji, each one emoji wide.
      for line in laidOut.lines where !line.contentRange.isEmpty {
        let content = String(
          text.utf8[
            text.utf8.index(
              text.startIndex, offsetBy: line.contentRange.lowerBound)..<text.utf8.index(
                text.startIndex, offsetBy: line.contentRange.upperBound)])!
        if content.allSatisfy({ EmojiPresentation($0) == .emoji }) {
          #expect(abs(line.width - Double(content.count) * Self.emojiWidth) < 1e-6)
        }
      }
    }
  }

  @Test("A tap anywhere on an emoji hits the start of its whole cluster, and its rect is whole")
  func hitTesting() throws {
    let text = "Hi " + Self.family + " ok"
    let laidOut = try layout(StyledText(text, style: style), width: 300)
    let start = 3
    let end = start + Self.family.utf8.count
    let rects = laidOut.rects(for: start..<end)
    #expect(rects.count == 1)
    let rect = try #require(rects.first)
    #expect(abs(rect.width - Self.emojiWidth) < 1e-9)
    for fraction in [0.05, 0.5, 0.95] {
      let point = LayoutPoint(x: rect.minX + rect.width * fraction, y: rect.midY)
      let index = try #require(laidOut.characterIndex(at: point.cgPoint))
      #expect(text.utf8.distance(from: text.startIndex, to: index) == start)
    }
    // Just past it is the space after.
    let after = try #require(
      laidOut.characterIndex(at: LayoutPoint(x: rect.maxX + 1, y: rect.midY).cgPoint))
    #expect(text.utf8.distance(from: text.startIndex, to: after) == end)
    // A spoiler over the emoji covers exactly its rect.
    var spoiled = StyledText(text, style: style)
    spoiled.updateStyle(in: start..<end) { $0.isSpoiler = true }
    let spoiledLayout = try layout(spoiled, width: 300)
    #expect(spoiledLayout.rects(for: start..<end) == rects)
  }

  @Test(
    "A style that changes inside a cluster keeps it one shaped cluster, drawn in its start's style",
    arguments: [
      ("Hi " + EmojiLayoutTests.family + " ok", "👩‍👧‍👦"), ("Go 🇺🇸 go", "🇸"),
      ("A 👍🏽 b", "🏽"), ("cafe\u{301} x", "\u{301}"),
    ] as [(String, String)])
  func styleInsideCluster(string: String, tail: String) throws {
    let whole = try layout(StyledText(string, style: style), width: 300)
    let split = string.range(of: tail)!
    let start = string.utf8.distance(from: string.startIndex, to: split.lowerBound)
    let end = string.utf8.distance(from: string.startIndex, to: split.upperBound)
    for change in [
      { (style: inout TextStyle) in style.isSpoiler = true },
      { $0.color = TextColor(red: 1, green: 0, blue: 0) }, { $0.isItalic = true },
    ] {
      var text = StyledText(string, style: style)
      text.updateStyle(in: start..<end, change)
      let laidOut = try layout(text, width: 300)
      let line = try #require(laidOut.lines.first)
      let wholeLine = try #require(whole.lines.first)
      #expect(abs(line.width - wholeLine.width) < 1e-9, "\(string.debugDescription)")
      let glyphs = line.runs.flatMap(\.glyphRuns).reduce(0) { $0 + $1.glyphs.count }
      let wholeGlyphs = wholeLine.runs.flatMap(\.glyphRuns).reduce(0) { $0 + $1.glyphs.count }
      #expect(glyphs == wholeGlyphs, "\(string.debugDescription)")
      // No run of the line starts or ends inside a cluster.
      let starts = Set(
        string.indices.map { string.utf8.distance(from: string.startIndex, to: $0) } + [
          string.utf8.count
        ])
      for run in line.runs where run.role == .text {
        #expect(starts.contains(run.range.lowerBound) && starts.contains(run.range.upperBound))
      }
    }
  }

  @Test("The truncation token fits after an emoji on the last line")
  func tokenAfterEmoji() throws {
    let text = String(repeating: "😀👍🏽 ", count: 30)
    for width in [120.0, 160, 200] {
      let laidOut = try layout(
        StyledText(text, style: style), width: width, limit: .lines(2), token: TruncationToken())
      #expect(laidOut.isTruncated)
      let token = try #require(laidOut.tokenRect)
      #expect(token.maxX <= width + 1e-9)
      let last = try #require(laidOut.lines.last)
      #expect(last.width <= width + 1e-9)
      // The visible text ends at a cluster boundary.
      let end = laidOut.visibleRange.upperBound
      #expect(text[..<end].count + text[end...].count == text.count)
    }
  }

  @Test("A line with an emoji is as tall as the text face's line plus what the emoji adds")
  func lineHeight() throws {
    let plain = try layout(StyledText("Hello there", style: style), width: 300)
    let withEmoji = try layout(StyledText("Hello 😀 there", style: style), width: 300)
    let onlyEmoji = try layout(StyledText("😀", style: style), width: 300)
    // The emoji's box: 101 pixels up and 27 down of 109 per em.
    let emojiDescent = 27.0 / 109 * 17
    let textLine = try #require(plain.lines.first)
    let line = try #require(withEmoji.lines.first)
    #expect(line.ascent == textLine.ascent)
    #expect(abs(line.descent - max(textLine.descent, emojiDescent)) < 1e-9)
    #expect(withEmoji.size.height - plain.size.height < 0.25)
    #expect(onlyEmoji.size.height <= withEmoji.size.height)
  }
}
