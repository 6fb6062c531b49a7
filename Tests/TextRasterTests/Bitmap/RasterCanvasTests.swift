import Testing
@_spi(Backend) import TextLayout

@testable import TextRaster

@Suite struct CanvasTests {
  @Test("the bitmap is the size in points times the scale", arguments: RasterScale.allCases)
  func size(scale: RasterScale) {
    let canvas = RasterCanvas(width: 100, height: 40.5, scale: scale)
    #expect(canvas.bitmap.width == 100 * scale.rawValue)
    #expect(canvas.bitmap.height == Int((40.5 * scale.factor).rounded(.up)))
  }

  @Test("at scale 2 a rectangle in points covers twice the pixels on each axis")
  func scaledDrawing() {
    var one = RasterCanvas(width: 20, height: 20, scale: .x1)
    var two = RasterCanvas(width: 20, height: 20, scale: .x2)
    let rect = LayoutRect(x: 3, y: 4, width: 5, height: 6)
    one.fill(rect: rect, color: black)
    two.fill(rect: rect, color: black)
    func covered(_ bitmap: RGBABitmap) -> Int {
      stride(from: 3, to: bitmap.bytes.count, by: 4).filter { bitmap.bytes[$0] == 255 }.count
    }
    #expect(covered(one.bitmap) == 30)
    #expect(covered(two.bitmap) == 120)
    #expect(two.bitmap[x: 6, y: 8].alpha == 255)
    #expect(two.bitmap[x: 5, y: 8] == .clear)
  }

  @Test("a masked layer fades its own content and not what lies beneath")
  func maskedLayer() {
    var canvas = RasterCanvas(width: 10, height: 2, scale: .x2, background: white)
    var layer = canvas.makeLayer()
    layer.fill(rect: LayoutRect(x: 0, y: 0, width: 10, height: 2), color: black)
    layer.applyMask(
      .trailingFade(for: .leftToRight), in: LayoutRect(x: 5, y: 0, width: 5, height: 2))
    canvas.draw(layer)
    #expect(canvas.bitmap[x: 2, y: 1] == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))
    #expect(canvas.bitmap[x: 19, y: 1].alpha == 255)
    #expect(canvas.bitmap[x: 19, y: 1].red > 240)
  }
}

@Suite struct ShapeGalleryTests {
  @Test("shapes at scale 3 land where their points say")
  func shapes() throws {
    let accent = TextColor(red: 0, green: 122 / 255, blue: 1)
    var canvas = RasterCanvas(width: 120, height: 60, scale: .x3, background: white)
    canvas.fill(
      roundedRect: LayoutRect(x: 6, y: 6, width: 50, height: 24), cornerRadius: 12, color: accent)
    canvas.strokeBorder(
      roundedRect: LayoutRect(x: 62, y: 6, width: 50, height: 24), cornerRadius: 6, color: accent,
      lineWidth: 1.5)
    canvas.fill(circleCenteredAt: LayoutPoint(x: 20, y: 45), radius: 10, color: red)
    canvas.strokeBorder(
      circleCenteredAt: LayoutPoint(x: 50, y: 45), radius: 10, color: black, lineWidth: 1)
    canvas.strokeBorder(
      rect: LayoutRect(x: 70, y: 36, width: 40, height: 18), color: black, lineWidth: 0.5)
    var layer = canvas.makeLayer()
    layer.fill(rect: LayoutRect(x: 72, y: 38, width: 36, height: 14), color: accent)
    layer.applyMask(
      .trailingFade(for: .leftToRight), in: LayoutRect(x: 72, y: 38, width: 36, height: 14))
    canvas.draw(layer)
    try keep(canvas.bitmap, as: "shapes@3x")

    #expect(
      canvas.bitmap[x: 31 * 3, y: 18 * 3] == RGBAPixel(red: 0, green: 122, blue: 255, alpha: 255))
    #expect(canvas.bitmap[x: 6 * 3, y: 6 * 3].brightness > 0.99)
    #expect(
      canvas.bitmap[x: 20 * 3, y: 45 * 3] == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(canvas.bitmap[x: 50 * 3, y: 45 * 3].brightness > 0.99)
    #expect(canvas.bitmap[x: 87 * 3, y: 18 * 3].brightness > 0.99)
    #expect(
      canvas.bitmap[x: 62 * 3 + 1, y: 18 * 3]
        == RGBAPixel(red: 0, green: 122, blue: 255, alpha: 255))
  }
}
