@_spi(Backend) import TextLayout

/// A clip that leaves no whole pixel of a canvas out, only parts of its edge rows and columns:
/// what is clipped to it can be drawn on the canvas itself, without a layer.
///
/// A component's own frame is such a clip, when the frame's height is animated to fractions of
/// a pixel (an expansion under way) or when a band of it is cropped for a scrolled view. The
/// pixels the clip only partly covers are kept before drawing, and blended back afterward
/// toward what they were, by the part of each the clip covers: the same picture as drawing
/// into a ``ClipLayer`` and compositing it (source-over is linear in the layer), without
/// allocating, clearing and compositing a layer as large as the canvas.
struct ClipEdges {
  /// The byte index of each partly covered pixel, the part covered, and its bytes before.
  private var pixels: [(index: Int, coverage: Double, before: (UInt8, UInt8, UInt8, UInt8))] = []

  /// The edges of a clip on a canvas, or `nil` when the clip leaves a whole pixel out (a layer
  /// must do it then).
  ///
  /// - Parameters:
  ///   - clip: The clip in the canvas's points.
  ///   - canvas: The canvas about to be drawn on.
  init?(clip: LayoutRect, on canvas: RasterCanvas) {
    let rect = canvas.pixelRect(clip)
    let width = canvas.bitmap.width
    let height = canvas.bitmap.height
    // Every pixel but those of the outermost rows and columns must be wholly inside.
    guard rect.minX <= 1, rect.minY <= 1, rect.maxX >= Double(width - 1),
      rect.maxY >= Double(height - 1)
    else { return nil }
    var seen = Set<Int>()
    func keep(_ x: Int, _ y: Int) {
      let coverage = RGBABitmap.boxCoverage(rect, x: Double(x), y: Double(y))
      let index = (y * width + x) * 4
      guard coverage < 1, seen.insert(index).inserted else { return }
      let bytes = canvas.bitmap.bytes
      pixels.append(
        (index, coverage, (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])))
    }
    if rect.minY > 0 { for x in 0..<width { keep(x, 0) } }
    if rect.maxY < Double(height) { for x in 0..<width { keep(x, height - 1) } }
    if rect.minX > 0 { for y in 0..<height { keep(0, y) } }
    if rect.maxX < Double(width) { for y in 0..<height { keep(width - 1, y) } }
  }

  /// Blends the partly covered pixels back toward what they were before drawing.
  func blend(onto canvas: inout RasterCanvas) {
    guard !pixels.isEmpty else { return }
    canvas.bitmap.bytes.withUnsafeMutableBufferPointer { bytes in
      for pixel in pixels {
        let before = [pixel.before.0, pixel.before.1, pixel.before.2, pixel.before.3]
        for component in 0..<4 {
          let old = Double(before[component])
          let drawn = Double(bytes[pixel.index + component])
          bytes[pixel.index + component] = RGBABitmap.byte(old + (drawn - old) * pixel.coverage)
        }
      }
    }
  }
}
