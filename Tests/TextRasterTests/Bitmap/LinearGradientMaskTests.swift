import Testing
@_spi(Backend) import TextLayout

@testable import TextRaster

@Suite struct LinearGradientMaskTests {
  /// The alpha of each column of row `y`.
  func alphas(_ bitmap: RGBABitmap, row y: Int) -> [UInt8] {
    (0..<bitmap.width).map { bitmap[x: $0, y: y].alpha }
  }

  @Test(
    "the trailing fade falls monotonically toward the trailing side",
    arguments: [InterfaceDirection.leftToRight, .rightToLeft])
  func trailingFade(direction: InterfaceDirection) {
    var bitmap = RGBABitmap(width: 60, height: 4, color: black)
    bitmap.applyMask(
      .trailingFade(for: direction), in: LayoutRect(x: 10, y: 0, width: 40, height: 4))
    var row = alphas(bitmap, row: 2)
    if direction == .rightToLeft { row.reverse() }
    // Untouched before the fade, cleared after it, and never rising in between.
    #expect(row[0..<10].allSatisfy { $0 == 255 })
    #expect(row[50...].allSatisfy { $0 == 255 })
    #expect(zip(row[10..<50], row[11..<50]).allSatisfy { $0 >= $1 })
    #expect(row[10] > 245 && row[49] < 10)
    #expect(abs(Int(row[30]) - 127) <= 4)
  }

  @Test("a fade keeps colors premultiplied: the pixels fade as a whole")
  func premultiplied() {
    var bitmap = RGBABitmap(width: 10, height: 1, color: TextColor(red: 1, green: 0.5, blue: 0))
    bitmap.applyMask(.trailingFade(for: .leftToRight), in: bitmap.bounds)
    for x in 0..<10 {
      let pixel = bitmap[x: x, y: 0]
      #expect(pixel.red == pixel.alpha)
      #expect(abs(Int(pixel.green) * 2 - Int(pixel.alpha)) <= 2)
    }
  }

  @Test("vertical masks fade toward the bottom or the top")
  func vertical() {
    var down = RGBABitmap(width: 1, height: 20, color: black)
    down.applyMask(LinearGradientMask(direction: .towardBottom), in: down.bounds)
    #expect(down[x: 0, y: 0].alpha > down[x: 0, y: 19].alpha)
    var up = RGBABitmap(width: 1, height: 20, color: black)
    up.applyMask(LinearGradientMask(direction: .towardTop), in: up.bounds)
    #expect(up[x: 0, y: 0].alpha < up[x: 0, y: 19].alpha)
  }
}
