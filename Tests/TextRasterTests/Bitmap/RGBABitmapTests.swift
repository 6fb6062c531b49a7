import Testing
@_spi(Backend) import TextLayout

@testable import TextRaster

let black = TextColor(red: 0, green: 0, blue: 0)
let white = TextColor(red: 1, green: 1, blue: 1)
let red = TextColor(red: 1, green: 0, blue: 0)

@Suite struct RGBABitmapTests {
  @Test("a new bitmap has its size and every pixel in its color")
  func creation() {
    let bitmap = RGBABitmap(
      width: 3, height: 2, color: TextColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(bitmap.width == 3 && bitmap.height == 2)
    #expect(bitmap.bytes.count == 3 * 2 * 4)
    #expect(bitmap[x: 2, y: 1] == RGBAPixel(red: 128, green: 0, blue: 0, alpha: 128))
    #expect(RGBABitmap(width: 1, height: 1)[x: 0, y: 0] == .clear)
  }

  @Test("a filled rectangle covers whole pixels fully and edge pixels by their fraction")
  func fillRect() {
    var bitmap = RGBABitmap(width: 10, height: 4)
    bitmap.fill(rect: LayoutRect(x: 2.5, y: 1, width: 5, height: 2), color: black)
    #expect(bitmap[x: 4, y: 1].alpha == 255)
    #expect(bitmap[x: 2, y: 1].alpha == 128)
    #expect(bitmap[x: 7, y: 2].alpha == 128)
    #expect(bitmap[x: 1, y: 1] == .clear)
    #expect(bitmap[x: 4, y: 0] == .clear)
    #expect(bitmap[x: 4, y: 3] == .clear)
    let total = bitmap.bytes.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) {
      $0 + Int($1.element)
    }
    // 5 × 2 pixels of coverage, within rounding.
    #expect(abs(total - 10 * 255) <= 2)
  }

  @Test("source-over: a half-transparent color over white mixes, premultiplied")
  func sourceOver() {
    var bitmap = RGBABitmap(width: 1, height: 1, color: white)
    bitmap.fill(rect: bitmap.bounds, color: TextColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    #expect(bitmap[x: 0, y: 0] == RGBAPixel(red: 128, green: 128, blue: 255, alpha: 255))
    var clear = RGBABitmap(width: 1, height: 1)
    clear.fill(rect: clear.bounds, color: TextColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    clear.fill(rect: clear.bounds, color: TextColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    #expect(clear[x: 0, y: 0] == RGBAPixel(red: 0, green: 0, blue: 192, alpha: 192))
  }

  @Test("a border lies inside the rectangle and leaves its middle alone")
  func border() {
    var bitmap = RGBABitmap(width: 12, height: 12)
    bitmap.strokeBorder(
      rect: LayoutRect(x: 1, y: 1, width: 10, height: 10), color: black, lineWidth: 2)
    #expect(bitmap[x: 1, y: 5].alpha == 255)
    #expect(bitmap[x: 2, y: 5].alpha == 255)
    #expect(bitmap[x: 3, y: 5] == .clear)
    #expect(bitmap[x: 6, y: 6] == .clear)
    #expect(bitmap[x: 0, y: 5] == .clear)
    #expect(bitmap[x: 10, y: 10].alpha == 255)
  }

  @Test("a circle's coverage adds up to its area and its edge is anti-aliased")
  func circle() {
    var bitmap = RGBABitmap(width: 40, height: 40)
    bitmap.fill(circleCenteredAt: LayoutPoint(x: 20, y: 20), radius: 15, color: black)
    let coverage = stride(from: 3, to: bitmap.bytes.count, by: 4).reduce(0.0) {
      $0 + Double(bitmap.bytes[$1]) / 255
    }
    #expect(abs(coverage - Double.pi * 15 * 15) < 2)
    #expect(bitmap[x: 20, y: 20].alpha == 255)
    #expect(bitmap[x: 4, y: 4] == .clear)
    let partial = bitmap.bytes.enumerated().filter {
      $0.offset % 4 == 3 && $0.element > 0 && $0.element < 255
    }
    #expect(partial.count > 40)
  }

  @Test(
    "a circle is the rounded rectangle the general fill draws, byte for byte, on any background")
  func dotIsCircle() {
    // A fixed stream of numbers (SplitMix64), so that a failure can be replayed.
    var state: UInt64 = 0x5EED
    func unit() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    var background = RGBABitmap(width: 24, height: 18)
    for index in background.bytes.indices { background.bytes[index] = UInt8(unit() * 256) }
    for index in stride(from: 0, to: background.bytes.count, by: 4) {
      // Premultiplied: no component above the pixel's alpha.
      for component in 0..<3 {
        background.bytes[index + component] = min(
          background.bytes[index + component], background.bytes[index + 3])
      }
    }
    var differing = 0
    for round in 0..<2_000 {
      // Dust's sizes at 1x to 3x, a few large circles, centers on and off the bitmap's edges.
      let radius = round % 50 == 0 ? unit() * 12 : 0.6 + unit() * 1.6
      let center = LayoutPoint(x: unit() * 28 - 2, y: unit() * 22 - 2)
      let color = TextColor(
        red: unit(), green: unit(), blue: unit(), alpha: round % 7 == 0 ? 1 : unit())
      var general = round % 3 == 0 ? RGBABitmap(width: 24, height: 18) : background
      var dot = general
      let bounds = LayoutRect(
        x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
      general.fill(roundedRect: bounds, cornerRadius: radius, color: color)
      dot.fill(circleCenteredAt: center, radius: radius, color: color)
      if general.bytes != dot.bytes { differing += 1 }
    }
    #expect(differing == 0)
  }

  @Test("a rounded rectangle is clear in its corners and full along its edges")
  func roundedRect() {
    var bitmap = RGBABitmap(width: 40, height: 20)
    bitmap.fill(
      roundedRect: LayoutRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8, color: black)
    #expect(bitmap[x: 0, y: 0] == .clear)
    #expect(bitmap[x: 39, y: 19] == .clear)
    #expect(bitmap[x: 20, y: 0].alpha == 255)
    #expect(bitmap[x: 0, y: 10].alpha == 255)
    var ring = RGBABitmap(width: 40, height: 20)
    ring.strokeBorder(
      roundedRect: LayoutRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8, color: black,
      lineWidth: 2)
    #expect(ring[x: 20, y: 10] == .clear)
    #expect(ring[x: 20, y: 0].alpha == 255)
    #expect(ring[x: 0, y: 0] == .clear)
  }

  @Test("compositing a layer draws it over what is there, clipped to the bitmap")
  func compositing() {
    var base = RGBABitmap(width: 4, height: 4, color: white)
    var layer = RGBABitmap(width: 3, height: 3)
    layer.fill(rect: layer.bounds, color: TextColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    base.draw(layer, atX: 2, y: -1)
    #expect(base[x: 2, y: 0] == RGBAPixel(red: 255, green: 127, blue: 127, alpha: 255))
    #expect(base[x: 3, y: 1] == RGBAPixel(red: 255, green: 127, blue: 127, alpha: 255))
    #expect(base[x: 1, y: 0] == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))
    #expect(base[x: 2, y: 2] == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))
  }

  @Test("PNG's straight alpha undoes the premultiplication")
  func straightAlpha() {
    var bitmap = RGBABitmap(width: 1, height: 1)
    bitmap[x: 0, y: 0] = RGBAPixel(red: 64, green: 0, blue: 32, alpha: 128)
    #expect(bitmap.straightAlphaBytes() == [128, 0, 64, 128])
  }
}

@Suite struct ClearTests {
  @Test("clearing a rectangle equals a mask of opacity 0 over it, fractional edges included")
  func clearMatchesMask() {
    var generator = SystemRandomNumberGenerator()
    let mask = LinearGradientMask(direction: .towardRight, startOpacity: 0, endOpacity: 0)
    for _ in 0..<200 {
      var bitmap = RGBABitmap(
        width: 40, height: 30, color: TextColor(red: 0.2, green: 0.5, blue: 0.9))
      bitmap.fill(
        circleCenteredAt: LayoutPoint(x: 20, y: 15), radius: 12,
        color: TextColor(red: 1, green: 0, blue: 0, alpha: 0.6))
      let rect = LayoutRect(
        x: Double.random(in: -5...35, using: &generator),
        y: Double.random(in: -5...25, using: &generator),
        width: Double.random(in: 0...30, using: &generator),
        height: Double.random(in: 0...20, using: &generator))
      var masked = bitmap
      masked.applyMask(mask, in: rect)
      bitmap.clear(rect)
      #expect(bitmap == masked, "\(rect)")
    }
  }
}
