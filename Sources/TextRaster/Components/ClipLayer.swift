@_spi(Backend) import TextLayout

/// A transparent layer over only the pixels a clip rectangle meets, to draw something clipped to
/// it: drawing clipped to one list row then costs that row's pixels, not the whole canvas's.
///
/// Draw at ``convert(_:)`` of a canvas point, then ``composite(onto:)``: what lies outside the
/// clip (partly, on its edges) is cleared and the layer is drawn over the canvas.
struct ClipLayer {
  /// The layer, as small as the clip's pixels.
  var canvas: RasterCanvas
  /// The column and row of the target canvas where the layer's top-left pixel goes.
  let column: Int
  let row: Int
  /// The clip, in the layer's points.
  let clip: LayoutRect

  /// A layer for a clip on a canvas, or `nil` when the clip is empty or off the canvas.
  init?(clip: LayoutRect, on target: RasterCanvas) {
    let pixels = target.pixelRect(clip)
    guard pixels.width > 0, pixels.height > 0, pixels.minX.isFinite, pixels.minY.isFinite,
      pixels.maxX.isFinite, pixels.maxY.isFinite
    else { return nil }
    let minX = max(0, Int(pixels.minX.rounded(.down)))
    let minY = max(0, Int(pixels.minY.rounded(.down)))
    let maxX = min(target.bitmap.width, Int(pixels.maxX.rounded(.up)))
    let maxY = min(target.bitmap.height, Int(pixels.maxY.rounded(.up)))
    guard minX < maxX, minY < maxY else { return nil }
    var canvas = RasterCanvas(width: 1, height: 1, scale: target.scale)
    // Sized in pixels, not points, so that no rounding adds a column or a row.
    canvas.bitmap = RGBABitmap(width: maxX - minX, height: maxY - minY)
    self.canvas = canvas
    self.column = minX
    self.row = minY
    let factor = target.scale.factor
    self.clip = LayoutRect(
      x: clip.minX - Double(minX) / factor, y: clip.minY - Double(minY) / factor,
      width: clip.width, height: clip.height)
  }

  /// A point of the target canvas in the layer's points.
  func convert(_ point: LayoutPoint) -> LayoutPoint {
    let factor = canvas.scale.factor
    return LayoutPoint(x: point.x - Double(column) / factor, y: point.y - Double(row) / factor)
  }

  /// Clears what lies outside the clip and composites the layer over a canvas.
  consuming func composite(onto target: inout RasterCanvas) {
    canvas.clear(outside: clip)
    target.bitmap.draw(canvas.bitmap, atX: column, y: row)
  }
}
