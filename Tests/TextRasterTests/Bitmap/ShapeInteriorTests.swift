import TestSupport
import Testing
@_spi(Backend) import TextLayout

@testable import TextRaster

/// Filled shapes store their interior without asking each pixel's coverage; the pixels must be
/// those of the per-pixel coverage path, which draws every pixel as a blend of its coverage.
@Suite struct ShapeInteriorTests {
  /// A bitmap with varied, partly translucent pixels, for the fills to blend over.
  static func background(_ random: inout SeededRandomNumberGenerator) -> RGBABitmap {
    var bitmap = RGBABitmap(width: 48, height: 40)
    for y in 0..<40 {
      for x in 0..<48 {
        let alpha = UInt8.random(in: 0...255, using: &random)
        bitmap[x: x, y: y] = RGBAPixel(
          red: UInt8.random(in: 0...alpha, using: &random),
          green: UInt8.random(in: 0...alpha, using: &random),
          blue: UInt8.random(in: 0...alpha, using: &random), alpha: alpha)
      }
    }
    return bitmap
  }

  /// `count` values in runs of 0, of 255 and of values between, a run changing kind at one
  /// value in four: a layer's clear, opaque and translucent stretches, or a glyph mask's blank,
  /// ink and edges.
  static func runs(_ count: Int, _ random: inout SeededRandomNumberGenerator) -> [UInt8] {
    var kind = 0
    return (0..<count).map { _ in
      if Int.random(in: 0..<4, using: &random) == 0 { kind = Int.random(in: 0..<3, using: &random) }
      return [0, 255, UInt8.random(in: 1...254, using: &random)][kind]
    }
  }

  @Test(
    "rectangles and rounded rectangles fill to the pixels of the per-pixel coverage path",
    arguments: 1...40 as ClosedRange<UInt64>)
  func interiorMatchesCoverage(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let start = Self.background(&random)
    let rect = LayoutRect(
      x: Double.random(in: -8...40, using: &random), y: Double.random(in: -8...34, using: &random),
      width: Double.random(in: 0.3...45, using: &random),
      height: Double.random(in: 0.3...38, using: &random))
    let radius = Double.random(in: 0...20, using: &random)
    let color = TextColor(
      red: Double.random(in: 0...1, using: &random),
      green: Double.random(in: 0...1, using: &random),
      blue: Double.random(in: 0...1, using: &random),
      alpha: seed.isMultiple(of: 2) ? 1 : Double.random(in: 0.05...1, using: &random))

    var rounded = start
    rounded.fill(roundedRect: rect, cornerRadius: radius, color: color)
    var roundedReference = start
    roundedReference.paint(color, in: rect) { x, y in
      RGBABitmap.roundedCoverage(rect, radius, x: x, y: y)
    }
    #expect(rounded == roundedReference)

    var plain = start
    plain.fill(rect: rect, color: color)
    var plainReference = start
    plainReference.paint(color, in: rect) { x, y in RGBABitmap.boxCoverage(rect, x: x, y: y) }
    #expect(plain == plainReference)
  }

  @Test(
    "a layer composites by premultiplied source-over, clipped, its opaque pixels replacing the target",
    arguments: 1...30 as ClosedRange<UInt64>)
  func compositing(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let start = Self.background(&random)
    // A layer of runs of clear, opaque and translucent pixels, at an offset that may clip it.
    let (width, height) = (
      Int.random(in: 1...60, using: &random), Int.random(in: 1...50, using: &random)
    )
    var layer = RGBABitmap(width: width, height: height)
    let alphas = Self.runs(width * height, &random)
    for y in 0..<height {
      for x in 0..<width {
        let alpha = alphas[y * width + x]
        layer[x: x, y: y] = RGBAPixel(
          red: UInt8.random(in: 0...alpha, using: &random),
          green: UInt8.random(in: 0...alpha, using: &random),
          blue: UInt8.random(in: 0...alpha, using: &random), alpha: alpha)
      }
    }
    let (offsetX, offsetY) = (
      Int.random(in: -20...50, using: &random), Int.random(in: -20...45, using: &random)
    )
    var composed = start
    composed.draw(layer, atX: offsetX, y: offsetY)
    var reference = start
    for y in 0..<start.height {
      for x in 0..<start.width {
        let (layerX, layerY) = (x - offsetX, y - offsetY)
        guard (0..<width).contains(layerX), (0..<height).contains(layerY) else { continue }
        let source = layer[x: layerX, y: layerY]
        guard source.alpha > 0 else { continue }
        let below = reference[x: x, y: y]
        let remaining = 255 - Int(source.alpha)
        func over(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
          UInt8(min(255, Int(top) + (Int(bottom) * remaining + 127) / 255))
        }
        reference[x: x, y: y] = RGBAPixel(
          red: over(source.red, below.red), green: over(source.green, below.green),
          blue: over(source.blue, below.blue), alpha: over(source.alpha, below.alpha))
      }
    }
    #expect(composed == reference)
  }

  @Test("multiplying opacity scales every pixel and leaves clear pixels clear")
  func opacity() {
    var random = SeededRandomNumberGenerator(seed: 9)
    var bitmap = Self.background(&random)
    bitmap[x: 3, y: 4] = .clear
    let before = bitmap
    bitmap.multiplyOpacity(by: 0.3)
    for y in 0..<before.height {
      for x in 0..<before.width {
        let old = before[x: x, y: y]
        let new = bitmap[x: x, y: y]
        // Each component times 0.3, rounded half up.
        func scaled(_ value: UInt8) -> UInt8 { UInt8(Double(value) * 0.3 + 0.5) }
        #expect(
          new
            == RGBAPixel(
              red: scaled(old.red), green: scaled(old.green), blue: scaled(old.blue),
              alpha: scaled(old.alpha)))
      }
    }
    #expect(bitmap[x: 3, y: 4] == .clear)
  }
}
