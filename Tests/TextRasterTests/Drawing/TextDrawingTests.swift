import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

@testable import TextRaster

/// The real text stack with DejaVu Sans named explicitly.
let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

struct RealText {
  let stack: TextStack
  let engine: TextLayoutEngine
  let style: TextStyle

  init(size: Double = 17) throws {
    stack = try TextStack(fontPath: dejaVuSans)
    engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)
    style = TextStyle(fontFamily: stack.defaultFamily, size: size)
  }

  func layout(_ string: String, _ configuration: LayoutConfiguration) throws -> LaidOutText {
    try engine.layout(StyledText(string, style: style), configuration: configuration)
  }
}

let paragraph =
  "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs, "
  + "then sphinx of black quartz, judge my vow."

/// The pixels darker than half brightness, as (x, y) in pixels.
func darkPixels(_ bitmap: RGBABitmap) -> [(x: Int, y: Int)] {
  var result: [(Int, Int)] = []
  for y in 0..<bitmap.height {
    for x in 0..<bitmap.width where bitmap[x: x, y: y].brightness < 0.5 {
      result.append((x, y))
    }
  }
  return result
}

/// Writes an image for a person to look at when `TEXTRASTER_TEST_IMAGES` names a directory.
func keep(_ bitmap: RGBABitmap, as name: String) throws {
  guard let directory = TestFiles.imageDirectory else { return }
  try PNGEncoder.write(bitmap, to: directory + "/" + name + ".png")
}

@Suite struct TextDrawingTests {
  let origin = LayoutPoint(x: 10, y: 6)

  @Test(
    "real text puts dark pixels in every line and none outside the lines",
    arguments: RasterScale.allCases)
  func inkInsideLines(scale: RasterScale) throws {
    let text = try RealText()
    let layout = try text.layout(paragraph, LayoutConfiguration(width: 260))
    #expect(layout.lines.count >= 3)
    var canvas = RasterCanvas(
      width: 280, height: layout.size.height + 12, scale: scale, background: white)
    let glyphs = GlyphCache(shaper: text.stack.shaper)
    try glyphs.draw(layout, at: origin, in: &canvas)
    try keep(canvas.bitmap, as: "paragraph@\(scale.rawValue)x")

    let factor = scale.factor
    let frames = layout.lines.map { line in
      canvas.pixelRect(
        LayoutRect(
          x: origin.x + line.x - 1, y: origin.y + line.top, width: line.width + 2,
          height: line.height))
    }
    let dark = darkPixels(canvas.bitmap)
    #expect(dark.count > 200 * scale.rawValue * scale.rawValue)
    let outside = dark.filter { pixel in
      !frames.contains {
        $0.contains(LayoutPoint(x: Double(pixel.x) + 0.5, y: Double(pixel.y) + 0.5))
      }
    }
    #expect(outside.isEmpty, "dark pixels outside the lines: \(outside.prefix(5))")
    for (index, frame) in frames.enumerated() {
      let inside = dark.filter {
        frame.contains(LayoutPoint(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5))
      }
      #expect(inside.count > Int(frame.width * factor), "line \(index) has little ink")
    }
  }

  @Test(
    "glyphs sit on the baseline and reach the cap height", arguments: RasterScale.allCases)
  func baseline(scale: RasterScale) throws {
    let text = try RealText(size: 20)
    let layout = try text.layout("HHHH", LayoutConfiguration(width: 200))
    var canvas = RasterCanvas(width: 100, height: 40, scale: scale, background: white)
    try GlyphCache(shaper: text.stack.shaper).draw(layout, at: origin, in: &canvas)
    let rows = darkPixels(canvas.bitmap).map(\.y)
    let baseline = (origin.y + layout.lines[0].baseline) * scale.factor
    let bottom = try #require(rows.max())
    let top = try #require(rows.min())
    #expect(abs(Double(bottom + 1) - baseline) <= 1)
    // DejaVu Sans's capital H is 0.729 em tall.
    #expect(abs(baseline - Double(top) - 0.729 * 20 * scale.factor) <= 1.5)
  }

  @Test("the token label gets the label color and the text the primary color")
  func labelColor() throws {
    let text = try RealText()
    let layout = try text.layout(
      paragraph + " " + paragraph,
      LayoutConfiguration(width: 240, lineLimit: .lines(2), truncationToken: TruncationToken()))
    let label = try #require(layout.tokenLabelRect)
    var canvas = RasterCanvas(
      width: 260, height: layout.size.height + 12, scale: .x2, background: white)
    try GlyphCache(shaper: text.stack.shaper).draw(layout, at: origin, in: &canvas)
    try keep(canvas.bitmap, as: "truncated@2x")
    let labelPixels = canvas.pixelRect(
      LayoutRect(
        x: origin.x + label.minX, y: origin.y + label.minY, width: label.width, height: label.height
      ))
    var blue = 0
    var gray = 0
    for y in 0..<canvas.bitmap.height {
      for x in 0..<canvas.bitmap.width {
        let pixel = canvas.bitmap[x: x, y: y]
        let isInk = pixel.red < 128
        let inLabel = labelPixels.contains(LayoutPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        if isInk && inLabel && pixel.blue > 200 { blue += 1 }
        if isInk && !inLabel && pixel.blue != pixel.red { gray += 1 }
      }
    }
    #expect(blue > 50)
    #expect(gray == 0)
  }

  @Test("hidden spoilers leave their words blank")
  func hiddenSpoiler() throws {
    let real = try RealText()
    var styled = StyledText("Visible ", style: real.style)
    var spoiler = real.style
    spoiler.isSpoiler = true
    styled.append("secret", style: spoiler)
    styled.append(" words", style: real.style)
    let layout = try real.engine.layout(styled, configuration: LayoutConfiguration(width: 300))
    let secret = layout.rects(for: 8..<14)
    var canvas = RasterCanvas(width: 320, height: 40, scale: .x1, background: white)
    try GlyphCache(shaper: real.stack.shaper).draw(
      layout, at: .init(x: 0, y: 0), in: &canvas, spoilers: .hidden)
    let dark = darkPixels(canvas.bitmap)
    let hidden = dark.filter { pixel in
      secret.contains {
        $0.contains(LayoutPoint(x: Double(pixel.x) + 0.5, y: Double(pixel.y) + 0.5))
      }
    }
    #expect(hidden.isEmpty)
    #expect(dark.count > 100)
  }

  @Test("right-to-left text fades toward the left, where its token sits")
  func rightToLeftFade() throws {
    let text = try RealText()
    let hebrew = String(repeating: "שלום עולם, זהו טקסט ארוך שנחתך בסוף השורה. ", count: 4)
    let layout = try text.layout(
      hebrew,
      LayoutConfiguration(
        width: 240, lineLimit: .lines(2), direction: .rightToLeft,
        truncationToken: TruncationToken()))
    let label = try #require(layout.tokenLabelRect)
    let last = try #require(layout.lines.last)
    // The label is on the left; the fade covers the text just right of it.
    #expect(label.minX < last.x + last.width / 2)
    let fade = LayoutRect(
      x: origin.x + label.maxX, y: origin.y + last.top, width: label.width * 2, height: last.height)
    var canvas = RasterCanvas(
      width: 260, height: layout.size.height + 12, scale: .x2, background: white)
    var textLayer = canvas.makeLayer()
    try GlyphCache(shaper: text.stack.shaper).draw(layout, at: origin, in: &textLayer)
    textLayer.applyMask(.trailingFade(for: .rightToLeft), in: fade)
    canvas.draw(textLayer)
    try keep(canvas.bitmap, as: "rtl-fade@2x")

    let pixels = canvas.pixelRect(fade)
    func ink(_ range: Range<Double>) -> Double {
      var total = 0.0
      for y in Int(pixels.minY)..<Int(pixels.maxY) {
        for x in Int(range.lowerBound)..<Int(range.upperBound) {
          total += 1 - canvas.bitmap[x: x, y: y].brightness
        }
      }
      return total
    }
    let third = pixels.width / 3
    let right = ink(pixels.maxX - third..<pixels.maxX)
    let middle = ink(pixels.minX + third..<pixels.maxX - third)
    let left = ink(pixels.minX..<pixels.minX + third)
    #expect(right > middle && middle > left, "ink from right to left: \(right) \(middle) \(left)")
  }

  @Test("glyphs are cached per quarter-pixel position")
  func cache() throws {
    let text = try RealText()
    let layout = try text.layout(String(repeating: "a", count: 40), LayoutConfiguration(width: 400))
    var canvas = RasterCanvas(width: 420, height: 30, scale: .x1)
    let glyphs = GlyphCache(shaper: text.stack.shaper)
    try glyphs.draw(layout, at: origin, in: &canvas)
    #expect((1...4).contains(glyphs.cachedGlyphCount))
    try glyphs.draw(layout, at: LayoutPoint(x: 10.3, y: 6), in: &canvas)
    #expect((1...4).contains(glyphs.cachedGlyphCount))
  }

  @Test("a font the rasterizer cannot find is an error naming the font")
  func unknownFont() throws {
    let text = try RealText()
    let layout = try text.layout("Hi", LayoutConfiguration(width: 100))
    var canvas = RasterCanvas(width: 100, height: 30, scale: .x1)
    let glyphs = GlyphCache(fontFaces: { _ in nil })
    #expect(throws: TextRasterError.self) { try glyphs.draw(layout, at: origin, in: &canvas) }
  }
}
