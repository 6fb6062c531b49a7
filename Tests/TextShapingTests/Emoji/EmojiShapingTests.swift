import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Emoji on the real stack: DejaVu Sans as the text face, Noto Color Emoji as the emoji face.
@Suite struct EmojiShapingTests {
  let shaper: HarfBuzzShaper
  let style = TextStyle(fontFamily: "Test Sans", size: 17)

  init() throws {
    shaper = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
  }

  /// The advance of one emoji glyph of Noto Color Emoji at the style's size: 2550 of 2048 units.
  var emojiAdvance: Double { 2550 / 2048 * style.size }

  func faces(of text: String) throws -> [String] {
    try shaper.shape(text[...], style: style, isRightToLeft: false).runs.map {
      try #require(shaper.fontFace(for: $0.font)).path
    }
  }

  @Test("The emoji face is Noto Color Emoji, a colour bitmap face with one strike")
  func emojiFace() throws {
    let face = try #require(shaper.emojiFont())
    #expect(face.info.path == TestFonts.notoColorEmoji)
    #expect(face.isColor)
    let strike = try #require(face.freeType.strike)
    #expect(strike.pixelsPerEm == 109)
    #expect(face.info.unitsPerEm == 109)
  }

  @Test(
    "Each emoji sequence is one cluster and one glyph of the emoji face, one emoji wide",
    arguments: [
      "😀", "👍🏽", "🇯🇵", "❤️", "#️⃣", "#⃣", "1️⃣", "👩‍👩‍👧‍👦", "👩🏽‍💻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑‍🚀",
    ])
  func oneGlyph(sequence: String) throws {
    let shaped = shaper.shape(sequence[...], style: style, isRightToLeft: false)
    #expect(shaped.clusters.count == 1)
    #expect(shaped.clusters.first?.range == 0..<sequence.utf8.count)
    #expect(shaped.runs.count == 1)
    let run = try #require(shaped.runs.first)
    #expect(run.glyphs.count == 1, "\(sequence) is \(run.glyphs.count) glyphs")
    #expect(run.glyphs.allSatisfy { $0 != 0 })
    #expect(try #require(shaper.fontFace(for: run.font)).path == TestFonts.notoColorEmoji)
    #expect(abs(shaped.advance - emojiAdvance) < 1e-9)
  }

  @Test("❤ without VS16 stays in the text face; with VS16 it is the colour emoji")
  func heartPresentation() throws {
    #expect(try faces(of: "❤") == [TestFonts.dejaVuSans])
    #expect(try faces(of: "❤️") == [TestFonts.notoColorEmoji])
    // VS15 asks for text even for a character shown as emoji by default.
    #expect(try faces(of: "😀\u{FE0E}") == [TestFonts.dejaVuSans])
    #expect(try faces(of: "😀") == [TestFonts.notoColorEmoji])
  }

  @Test("Text around emoji, and spaces after them, stay in the text face")
  func textAround() throws {
    let text = "Hi 😀 there 👍🏽 ok"
    let shaped = shaper.shape(text[...], style: style, isRightToLeft: false)
    let paths = try shaped.runs.map { try #require(shaper.fontFace(for: $0.font)).path }
    #expect(
      paths == [
        TestFonts.dejaVuSans, TestFonts.notoColorEmoji, TestFonts.dejaVuSans,
        TestFonts.notoColorEmoji, TestFonts.dejaVuSans,
      ])
    // The emoji runs hold exactly the emoji.
    #expect(shaped.runs[1].clusters == [3])
    #expect(shaped.runs[3].clusters == [text.utf8.count - " ok".utf8.count - "👍🏽".utf8.count])
  }

  @Test(
    "A piece after VS16 takes its neighbour's face from the whole emoji sequence, or none",
    arguments: ["❤️ and", "x❤️ ", "\t\u{FE0F} ", "a\u{FE0F} b", "1️⃣ ok", "\u{0}\u{FE0F} "])
  func afterVariationSelector(text: String) throws {
    // Shaping the piece after the selector looks back at it for its neighbour.
    let start = try #require(text.firstIndex(of: " "))
    let piece = text[start...]
    let shaped = shaper.shape(piece, style: style, isRightToLeft: false)
    #expect(shaped.clusters.count == piece.count)
    // Spaces after a colour emoji are shaped in the text face.
    for run in shaped.runs {
      #expect(try #require(shaper.fontFace(for: run.font)).path == TestFonts.dejaVuSans)
    }
  }

  @Test("Digits, # and © are text unless a keycap or VS16 makes them emoji")
  func keycapBases() throws {
    #expect(try faces(of: "# 1 ©") == [TestFonts.dejaVuSans])
    #expect(try faces(of: "1⃣") == [TestFonts.notoColorEmoji])
  }

  @Test("An emoji's line box is the box its bitmap fills: the strike's ascender and descender")
  func lineBox() throws {
    let text = shaper.metrics(for: style)
    let emoji = try #require(shaper.emojiFont()).metrics(size: style.size)
    // Noto Color Emoji's strike: 101 pixels up and 27 down, of 109 per em.
    #expect(abs(emoji.ascent - 101.0 / 109 * style.size) < 1e-9)
    #expect(abs(emoji.descent - 27.0 / 109 * style.size) < 1e-9)
    #expect(emoji.lineGap == 0)
    let shaped = shaper.shape("Hi 😀"[...], style: style, isRightToLeft: false)
    // The line takes the larger of each: never taller than the text face's line by more than
    // the part of the emoji outside it.
    #expect(shaped.ascent == max(text.ascent, emoji.ascent))
    #expect(shaped.descent == max(text.descent, emoji.descent))
    let growth = shaped.ascent + shaped.descent - (text.ascent + text.descent)
    let outside = max(0, emoji.ascent - text.ascent) + max(0, emoji.descent - text.descent)
    #expect(abs(growth - outside) < 1e-9)
    #expect(growth < 0.02 * style.size)
  }
}
