import Foundation
import Testing
@_spi(Backend) import TextLayout

@testable @_spi(FrontEnd) import TextRaster

/// Fast compression writes a bitmap of at most 256 colours as an indexed-colour PNG, an opaque
/// one of more as RGB, and the file decodes to the pixels the RGBA file would.
@Suite struct PNGIndexedTests {
  @Test("a few colours, clear and translucent ones too, give PLTE and tRNS, same pixels")
  func fewColours() throws {
    let bitmap = samplePicture()
    let reader = try PNGReader(try PNGEncoder.encode(bitmap, compression: .fast))
    #expect(reader.chunkTypes == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
    let palette = try #require(reader.palette)
    #expect(palette.count < 256)
    #expect(Set(palette).count == palette.count)
    #expect(try reader.image() == bitmap.straightAlphaBytes())
  }

  @Test("an opaque bitmap's palette has no tRNS")
  func opaque() throws {
    var bitmap = RGBABitmap(width: 20, height: 10, color: white)
    bitmap.fill(rect: LayoutRect(x: 2, y: 2, width: 5, height: 5), color: red)
    let reader = try PNGReader(try PNGEncoder.encode(bitmap, compression: .fast))
    #expect(reader.chunkTypes == ["IHDR", "PLTE", "IDAT", "IEND"])
    #expect(reader.palette?.count == 2)
    #expect(try reader.image() == bitmap.straightAlphaBytes())
  }

  @Test(
    "256 colours are indexed, 257 opaque ones are RGB with the Up filter",
    arguments: [(256, true), (257, false)])
  func capacity(colours: Int, isIndexed: Bool) throws {
    let bitmap = distinctColours(colours)
    let bytes = try PNGEncoder.encode(bitmap, compression: .fast)
    let reader = try PNGReader(bytes)
    #expect((reader.palette != nil) == isIndexed)
    #expect(reader.bytesPerPixel == (isIndexed ? 1 : 3))
    #expect(reader.palette?.count ?? colours == colours)
    #expect(try reader.image() == bitmap.straightAlphaBytes())
    let filtered = try reader.inflatedImageData()
    #expect(filtered[0] == (isIndexed ? 0 : 2))
  }

  @Test("rendered text, antialiased on one background, is indexed whole and by rectangle")
  func renderedText() throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.model().layout(using: drawing.text.engine, expanded: true)
    let bitmap = try drawing.plain(layout.text, size: layout.size.cgSize)
    let reader = try PNGReader(try PNGEncoder.encode(bitmap, compression: .fast))
    #expect(reader.palette != nil)
    #expect(try reader.image() == bitmap.straightAlphaBytes())
    let (columns, rows) = (10..<(bitmap.width - 7), 5..<(bitmap.height - 3))
    let region = try PNGReader(
      try PNGEncoder.encode(bitmap, columns: columns, rows: rows, compression: .fast))
    #expect(region.palette != nil)
    #expect(region.width == columns.count && region.height == rows.count)
    #expect(try region.image() == bitmap.straightAlphaBytes(columns: columns, rows: rows))
  }

  @Test("a faded text with its button has more colours: RGBA, the same pixels")
  func fadedText() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model()
    let bitmap = try drawing.image(try model.displayList(using: drawing.text.engine, at: 0))
    let reader = try PNGReader(try PNGEncoder.encode(bitmap, compression: .fast))
    #expect(reader.palette == nil)
    #expect(reader.bytesPerPixel == 3, "opaque: RGB")
    #expect(try reader.image() == bitmap.straightAlphaBytes())
  }

  @Test(
    "many translucent colours are RGBA, Up-filtered, whole and by rectangle",
    arguments: [300, 301, 302, 303])
  func translucentRGBA(width: Int) throws {
    // Clear where no circle is: translucent edges and overlaps, more than 256 colours; widths
    // whose rows end inside an eight-byte word.
    var bitmap = RGBABitmap(width: width, height: 60)
    for index in 0..<40 {
      let value = Double(index) / 40
      bitmap.fill(
        circleCenteredAt: LayoutPoint(x: Double(index * 7), y: Double(index % 9 * 7)),
        radius: 12, color: TextColor(red: value, green: 1 - value, blue: 0.5, alpha: 0.7))
    }
    let reader = try PNGReader(try PNGEncoder.encode(bitmap, compression: .fast))
    #expect(reader.bytesPerPixel == 4)
    #expect(try reader.image() == bitmap.straightAlphaBytes())
    let filtered = try reader.inflatedImageData()
    #expect((0..<60).allSatisfy { filtered[$0 * (width * 4 + 1)] == 2 })
    let (columns, rows) = (3..<(width - 2), 1..<59)
    let region = try PNGReader(
      try PNGEncoder.encode(bitmap, columns: columns, rows: rows, compression: .fast))
    #expect(try region.image() == bitmap.straightAlphaBytes(columns: columns, rows: rows))
  }

  @Test(
    "an opaque image of many colours is RGB rows Up-filtered from its straight-alpha bytes",
    arguments: [(300, 0..<300), (301, 0..<301), (301, 1..<300), (302, 3..<298), (303, 2..<301)])
  func opaqueRGB(width: Int, columns: Range<Int>) throws {
    // Opaque circles of many colours on an opaque ground: more than 256 colours; widths and
    // rectangles that end a row on either half of a two-pixel word.
    var bitmap = RGBABitmap(width: width, height: 40, color: white)
    for index in 0..<40 {
      let value = Double(index) / 40
      bitmap.fill(
        circleCenteredAt: LayoutPoint(x: Double(index * 7), y: Double(index % 9 * 5)),
        radius: 9, color: TextColor(red: value, green: 1 - value, blue: value / 2))
    }
    let rows = 1..<39
    let reader = try PNGReader(
      try PNGEncoder.encode(bitmap, columns: columns, rows: rows, compression: .fast))
    #expect(reader.palette == nil && reader.bytesPerPixel == 3)
    // The reference: each pixel's straight-alpha RGB, each row less the row above it.
    let straight = bitmap.straightAlphaBytes(columns: columns, rows: rows)
    let rgb = stride(from: 0, to: straight.count, by: 4).flatMap { straight[$0..<$0 + 3] }
    let rowLength = columns.count * 3
    var expected: [UInt8] = []
    for row in 0..<rows.count {
      expected.append(2)
      for index in 0..<rowLength {
        let above = row == 0 ? 0 : rgb[(row - 1) * rowLength + index]
        expected.append(rgb[row * rowLength + index] &- above)
      }
    }
    #expect(try reader.inflatedImageData() == expected)
  }

  @Test(
    "one translucent pixel makes the image RGBA, wherever in a two-pixel word it is",
    arguments: [(0, 0), (1, 2), (6, 3), (7, 6), (298, 4), (299, 5)])
  func oneTranslucentPixel(x: Int, y: Int) throws {
    // 300 columns of their own colours (more than 256), opaque but for one pixel at half
    // alpha; rectangles of even and odd widths, so the pixel is a word's first or second
    // pixel, the one a row of odd width ends with, or outside the rectangle.
    var bitmap = RGBABitmap(width: 300, height: 7, color: white)
    for index in 0..<300 {
      bitmap.fill(
        rect: LayoutRect(x: Double(index), y: 0, width: 1, height: 7),
        color: TextColor(red: Double(index % 256) / 255, green: Double(index / 256), blue: 0.5))
    }
    let pixel = (y * bitmap.width + x) * 4
    for offset in 0..<4 { bitmap.bytes[pixel + offset] /= 2 }
    for columns in [0..<300, 0..<299, 1..<300] {
      let reader = try PNGReader(
        try PNGEncoder.encode(bitmap, columns: columns, rows: 0..<7, compression: .fast))
      #expect(
        reader.bytesPerPixel == (columns.contains(x) ? 4 : 3), "pixel \(x) in \(columns)")
      #expect(try reader.image() == bitmap.straightAlphaBytes(columns: columns, rows: 0..<7))
    }
  }

  @Test("small compression stays RGBA, whatever the colours")
  func smallStaysRGBA() throws {
    let reader = try PNGReader(try PNGEncoder.encode(samplePicture()))
    #expect(reader.palette == nil)
    #expect(reader.chunkTypes == ["IHDR", "IDAT", "IEND"])
  }

  /// A row of `count` opaque pixels, each a colour of its own.
  private func distinctColours(_ count: Int) -> RGBABitmap {
    var bitmap = RGBABitmap(width: count, height: 3, color: white)
    for index in 0..<count {
      bitmap.fill(
        rect: LayoutRect(x: Double(index), y: 0, width: 1, height: 3),
        color: TextColor(
          red: Double(index % 256) / 255, green: Double(index / 256) / 255, blue: 0.5))
    }
    return bitmap
  }
}
