/// Scales a colour glyph's bitmap from its font's strike to the text size: an area average
/// (box filter) where it shrinks, so that every source pixel counts as much as it covers, and
/// bilinear interpolation where it grows, never nearest-neighbour. Works on premultiplied RGBA,
/// so transparent pixels do not darken the edges.
///
/// The scale is separable: rows are scaled first, then columns, each with weights computed
/// once per destination pixel.
struct ColorGlyphScaler {
  /// Destination pixels per source pixel.
  var scale: Double
  /// Where the source's left edge falls inside the first destination column, from 0 to 1.
  var offsetX: Double
  /// Where the source's top edge falls inside the first destination row, from 0 to 1.
  var offsetY: Double

  /// The scaled pixels of a premultiplied RGBA bitmap.
  ///
  /// - Parameters:
  ///   - pixels: Premultiplied RGBA bytes, rows from the top.
  ///   - width: The source width in pixels.
  ///   - height: The source height in pixels.
  /// - Returns: The destination's size and premultiplied RGBA bytes.
  func scaled(
    _ pixels: [UInt8], width: Int, height: Int
  ) -> (width: Int, height: Int, pixels: [UInt8]) {
    precondition(scale > 0, "A colour glyph is scaled by a positive factor")
    let columns = Self.weights(source: width, scale: scale, offset: offsetX)
    let rows = Self.weights(source: height, scale: scale, offset: offsetY)
    let outWidth = columns.count
    let outHeight = rows.count
    guard outWidth > 0, outHeight > 0 else { return (0, 0, []) }
    // Rows first: height × outWidth, in Double to keep the second pass exact.
    var across = [Double](repeating: 0, count: height * outWidth * 4)
    for row in 0..<height {
      for (column, taps) in columns.enumerated() {
        let target = (row * outWidth + column) * 4
        for (source, weight) in taps {
          let index = (row * width + source) * 4
          for component in 0..<4 {
            across[target + component] += Double(pixels[index + component]) * weight
          }
        }
      }
    }
    var result = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    for (row, taps) in rows.enumerated() {
      for column in 0..<outWidth {
        var sums = (0.0, 0.0, 0.0, 0.0)
        for (source, weight) in taps {
          let index = (source * outWidth + column) * 4
          sums.0 += across[index] * weight
          sums.1 += across[index + 1] * weight
          sums.2 += across[index + 2] * weight
          sums.3 += across[index + 3] * weight
        }
        let target = (row * outWidth + column) * 4
        let alpha = Self.byte(sums.3)
        // Premultiplied: no component may exceed the alpha.
        result[target] = min(Self.byte(sums.0), alpha)
        result[target + 1] = min(Self.byte(sums.1), alpha)
        result[target + 2] = min(Self.byte(sums.2), alpha)
        result[target + 3] = alpha
      }
    }
    return (outWidth, outHeight, result)
  }

  /// For each destination pixel along one axis, the source pixels it takes and their weights.
  ///
  /// Destination pixel `i` covers source coordinates `(i − offset) / scale` to
  /// `(i + 1 − offset) / scale`. Shrinking, each source pixel weighs the part of that span it
  /// covers, over the span's length (outside the bitmap is transparent). Growing, the pixel's
  /// centre is interpolated between the two nearest source centres.
  static func weights(source count: Int, scale: Double, offset: Double) -> [[(Int, Double)]] {
    let outCount = Int((offset + Double(count) * scale).rounded(.up))
    var result: [[(Int, Double)]] = []
    result.reserveCapacity(outCount)
    for index in 0..<outCount {
      var taps: [(Int, Double)] = []
      if scale <= 1 {
        let start = (Double(index) - offset) / scale
        let end = (Double(index) + 1 - offset) / scale
        let first = max(0, Int(start.rounded(.down)))
        let last = min(count - 1, Int(end.rounded(.up)) - 1)
        if first <= last {
          for source in first...last {
            let covered = min(end, Double(source + 1)) - max(start, Double(source))
            if covered > 0 { taps.append((source, covered * scale)) }
          }
        }
      } else {
        let center = (Double(index) + 0.5 - offset) / scale - 0.5
        let below = Int(center.rounded(.down))
        let fraction = center - Double(below)
        if below >= 0 && below < count { taps.append((below, 1 - fraction)) }
        if below + 1 >= 0 && below + 1 < count { taps.append((below + 1, fraction)) }
      }
      result.append(taps)
    }
    return result
  }

  private static func byte(_ value: Double) -> UInt8 {
    UInt8(max(0, min(255, value.rounded())))
  }
}
