import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@testable import TextRaster

/// Strikethrough and link underlines: solid lines across the run, where they belong.
@Suite struct DecorationTests {
  static let white = TextColor(red: 1, green: 1, blue: 1)

  /// The rows of a drawing in which every pixel between two x positions is dark or blue.
  static func solidRows(
    _ bitmap: RGBABitmap, from minX: Int, to maxX: Int, where isInk: (RGBAPixel) -> Bool
  ) -> [Int] {
    (0..<bitmap.height).filter { y in (minX..<maxX).allSatisfy { isInk(bitmap[x: $0, y: y]) } }
  }

  func draw(_ style: TextStyle, colors: TextColors = TextColors()) throws -> RGBABitmap {
    let text = try RealText()
    var merged = style
    merged.fontFamily = text.style.fontFamily
    let layout = try text.engine.layout(
      StyledText("xxxxxxxx", style: merged), configuration: LayoutConfiguration(width: 300))
    var canvas = RasterCanvas(width: 120, height: 30, scale: .x1, background: Self.white)
    try GlyphCache(shaper: text.stack.shaper).draw(
      layout, at: LayoutPoint(x: 2, y: 2), in: &canvas, colors: colors)
    return canvas.bitmap
  }

  @Test("a struck-through run has a solid line through its middle, a plain one has none")
  func strikethrough() throws {
    let dark: (RGBAPixel) -> Bool = { $0.brightness < 0.5 }
    // "x" has gaps between its strokes: no row is solid across a plain run.
    let plain = Self.solidRows(try draw(TextStyle()), from: 4, to: 70, where: dark)
    #expect(plain.isEmpty)
    let struck = Self.solidRows(
      try draw(TextStyle(isStrikethrough: true)), from: 4, to: 70, where: dark)
    #expect(!struck.isEmpty)
    // Within the x-height: below the top of the line box, above the baseline (about y 17).
    #expect(struck.allSatisfy { (8...16).contains($0) }, "\(struck)")
  }

  @Test("links take the label color, underlined only when asked")
  func links() throws {
    let url = try #require(URL(string: "https://example.com"))
    let blue: (RGBAPixel) -> Bool = { $0.blue > 200 && $0.red < 120 }
    let plain = try draw(TextStyle(link: url))
    #expect(Self.solidRows(plain, from: 4, to: 70, where: blue).isEmpty)
    #expect(
      (0..<plain.height).contains { y in (0..<plain.width).contains { blue(plain[x: $0, y: y]) } })
    let underlined = try draw(TextStyle(link: url), colors: TextColors(underlinesLinks: true))
    let rows = Self.solidRows(underlined, from: 4, to: 70, where: blue)
    #expect(!rows.isEmpty && rows.allSatisfy { $0 >= 17 }, "\(rows)")
  }
}
