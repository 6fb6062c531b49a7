import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

@testable import TextRaster

/// Colour emoji drawn from Noto Color Emoji's strike: coloured, the size the layout measured,
/// their own colours on any background, faded by the text colour's alpha, and matching reviewed
/// reference images at 2× and 3×.
@Suite struct EmojiDrawingTests {
  static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
  static let sample = "😀👍🏽🇯🇵❤️👩‍👩‍👧‍👦"
  static let white = TextColor(red: 1, green: 1, blue: 1)
  static let black = TextColor(red: 0, green: 0, blue: 0)

  let text: RealText
  let glyphs: GlyphCache

  init() throws {
    text = try RealText()
    glyphs = GlyphCache(shaper: text.stack.shaper)
  }

  /// The sample laid out on one line, after checking that every cluster is the emoji face's.
  func layout(_ string: String = sample) throws -> LaidOutText {
    let layout = try text.layout(string, LayoutConfiguration(width: 400))
    let runs = layout.lines.flatMap(\.runs).flatMap(\.glyphRuns)
    for run in runs {
      #expect(text.stack.shaper.fontFace(for: run.font)?.path == Self.notoColorEmoji)
    }
    return layout
  }

  func draw(
    _ layout: LaidOutText, scale: RasterScale, background: TextColor = white,
    color: TextColor = black
  ) throws -> RGBABitmap {
    var canvas = RasterCanvas(
      width: layout.size.width + 8, height: layout.size.height + 8, scale: scale,
      background: background)
    try glyphs.draw(
      layout, at: LayoutPoint(x: 4, y: 4), in: &canvas,
      colors: TextColors(primary: color, label: color))
    return canvas.bitmap
  }

  /// The pixels whose straight colour is far from gray.
  static func colouredPixels(_ bitmap: RGBABitmap) -> Int {
    var count = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width {
        let pixel = bitmap[x: x, y: y]
        let channels = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
        if channels.max()! - channels.min()! > 64 { count += 1 }
      }
    }
    return count
  }

  /// The columns and rows that differ from the background.
  static func inkBounds(_ bitmap: RGBABitmap, background: RGBAPixel) -> (Range<Int>, Range<Int>)? {
    var minX = Int.max
    var maxX = -1
    var minY = Int.max
    var maxY = -1
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x: x, y: y] != background {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    return maxX < 0 ? nil : (minX..<maxX + 1, minY..<maxY + 1)
  }

  @Test("Emoji are drawn in colour, not as a gray mask", arguments: [RasterScale.x2, .x3])
  func coloured(scale: RasterScale) throws {
    let bitmap = try draw(layout(), scale: scale)
    // Five emoji of about 21 × 20 points: most of their pixels are coloured.
    let emojiPixels = 5 * 21 * 20 * Int(scale.factor * scale.factor)
    #expect(Self.colouredPixels(bitmap) > emojiPixels / 4)
  }

  @Test(
    "An emoji's bitmap is drawn as wide as the layout measured it, inside its line box",
    arguments: [RasterScale.x1, .x2, .x3])
  func drawnSize(scale: RasterScale) throws {
    let layout = try layout("😀")
    let line = try #require(layout.lines.first)
    let run = try #require(line.runs.first?.glyphRuns.first)
    // The strike's bitmap (136 pixels of 109 per em, transparent at its sides) scaled to the
    // pixel size is the advance wide, to the pixel rounding up of its edges.
    let pixelSize = Int((run.size * scale.factor * 64).rounded())
    let glyph = try glyphs.bitmap(
      for: GlyphCache.Key(font: run.font, glyph: run.glyphs[0], pixelSize: pixelSize, subpixel: 0))
    #expect(glyph.isColor)
    let advance = line.width * scale.factor
    #expect(abs(Double(glyph.width) - advance) <= 1.5, "\(glyph.width) px for \(advance)")
    // Its ink lies inside the advance and the line box.
    let bitmap = try draw(layout, scale: scale)
    let white = RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255)
    let (columns, rows) = try #require(Self.inkBounds(bitmap, background: white))
    #expect(Double(columns.count) <= advance + 1)
    #expect(Double(columns.count) >= advance * 0.8)
    let top = (4 + line.baseline - line.ascent) * scale.factor
    let bottom = (4 + line.baseline + line.descent) * scale.factor
    #expect(Double(rows.lowerBound) >= top.rounded(.down) - 1)
    #expect(Double(rows.upperBound) <= bottom.rounded(.up) + 1)
  }

  @Test("Emoji keep their own colours on a dark background")
  func darkTheme() throws {
    let layout = try layout("😀")
    let light = try draw(layout, scale: .x2)
    let dark = try draw(
      layout, scale: .x2, background: TextColor(red: 0.05, green: 0.05, blue: 0.05),
      color: Self.white)
    // In the middle of the face the emoji is opaque: the same yellow on both.
    let x = Int((4 + layout.lines[0].width / 2) * 2)
    let y = Int((4 + layout.lines[0].baseline - 4) * 2)
    #expect(light[x: x, y: y] == dark[x: x, y: y])
    #expect(Self.colouredPixels(dark) > 200)
  }

  @Test("The text colour's alpha fades emoji, so fades and reveals apply to them")
  func fades() throws {
    let layout = try layout("😀")
    let clear = try draw(layout, scale: .x2, color: TextColor(red: 0, green: 0, blue: 0, alpha: 0))
    #expect(Self.colouredPixels(clear) == 0)
    let half = try draw(layout, scale: .x2, color: TextColor(red: 0, green: 0, blue: 0, alpha: 0.5))
    let full = try draw(layout, scale: .x2)
    let x = Int((4 + layout.lines[0].width / 2) * 2)
    let y = Int((4 + layout.lines[0].baseline - 4) * 2)
    // Half of the emoji's colour over white.
    let blue = (Int(full[x: x, y: y].blue) + 255) / 2
    #expect(abs(Int(half[x: x, y: y].blue) - blue) <= 2)
  }

  @Test("Emoji match their reviewed reference images at 2× and 3×", arguments: [2, 3])
  func reference(factor: Int) throws {
    let scale: RasterScale = factor == 2 ? .x2 : .x3
    try SnapshotTests().assertSnapshot(
      draw(layout(), scale: scale), named: "emoji-light@\(factor)x")
  }
}

/// Spoilers over emoji: hidden, only dust (in the text colour, never the emoji's colours) is
/// drawn over them; revealed, the emoji are there in colour.
@Suite struct EmojiSpoilerTests {
  @Test("A hidden emoji draws no colour under its dust, and a revealed one is coloured")
  func hiddenEmoji() throws {
    let drawing = try ComponentDrawing()
    var text = StyledText("Guess who won ", style: drawing.text.style)
    var hidden = drawing.text.style
    hidden.isSpoiler = true
    text.append("🇫🇷🏆👏🏽", style: hidden)
    text.append(" tonight", style: drawing.text.style)
    var component = SpoilerText(
      text: text, environment: ComponentEnvironment(width: 300), seed: 3)
    let list = try component.displayList(using: drawing.text.engine, at: 1)
    #expect(!list.hitRegions.isEmpty)
    let hiddenImage = try drawing.image(list)
    #expect(EmojiDrawingTests.colouredPixels(hiddenImage) == 0)
    component.spoilers = SpoilerState(isRevealed: true)
    let revealed = try drawing.image(try component.displayList(using: drawing.text.engine, at: 5))
    #expect(EmojiDrawingTests.colouredPixels(revealed) > 3 * 21 * 20)
  }
}
