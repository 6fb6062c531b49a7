import Foundation
import Testing
@_spi(Backend) import TextLayout

@testable @_spi(FrontEnd) import TextRaster

/// What a front end that sends only what changed between frames uses: the rectangle two
/// bitmaps differ in, and that rectangle alone as a PNG.
@Suite struct PNGRegionTests {
  @Test("a rectangle's PNG decodes to the rectangle's pixels with straight alpha")
  func rectangleRoundTrip() throws {
    let bitmap = samplePicture()
    let (columns, rows) = (3..<11, 2..<6)
    let reader = try PNGReader(
      try PNGEncoder.encode(bitmap, columns: columns, rows: rows, compression: .fast))
    #expect(reader.width == columns.count && reader.height == rows.count)
    #expect(try reader.image() == bitmap.straightAlphaBytes(columns: columns, rows: rows))
  }

  @Test("the whole bitmap's rectangle gives the bitmap's PNG, byte for byte")
  func wholeRectangle() throws {
    let bitmap = samplePicture()
    #expect(
      try PNGEncoder.encode(
        bitmap, columns: 0..<bitmap.width, rows: 0..<bitmap.height, compression: .fast)
        == PNGEncoder.encode(bitmap, compression: .fast))
  }

  @Test("two bitmaps differ in the smallest rectangle holding every changed pixel")
  func changedRegion() {
    let before = samplePicture()
    #expect(before.changedRegion(from: before) == nil)
    // The red rectangle moved right by two pixels: its left and right edges changed.
    let after = samplePicture(shift: 2)
    let region = try? #require(after.changedRegion(from: before))
    #expect(region?.columns == 1..<9 && region?.rows == 1..<5)
  }
}
