import CZlib

/// The compressed pixel data of a PNG image: each row filtered, then the whole deflated.
enum PNGImageData {
  /// Filters and compresses a rectangle of straight-alpha RGBA pixels.
  ///
  /// Each row gets the filter (None, Sub, Up, Average or Paeth) whose output has the smallest
  /// sum of absolute values, the heuristic the PNG specification recommends.
  ///
  /// - Parameters:
  ///   - pixels: Straight-alpha RGBA bytes, `stride` pixels per row.
  ///   - stride: The number of pixels in a row of `pixels`.
  ///   - columns: The columns of the rectangle.
  ///   - rows: The rows of the rectangle.
  /// - Returns: A zlib stream for IDAT or fdAT chunks.
  /// - Throws: ``TextRasterError/zlib(function:code:)`` when compression fails.
  static func compressed(
    _ pixels: [UInt8], stride: Int, columns: Range<Int>, rows: Range<Int>
  ) throws(TextRasterError) -> [UInt8] {
    let rowLength = columns.count * 4
    var filtered: [UInt8] = []
    filtered.reserveCapacity(rows.count * (rowLength + 1))
    var previous = [UInt8](repeating: 0, count: rowLength)
    var candidate = [UInt8](repeating: 0, count: rowLength)
    var best = [UInt8](repeating: 0, count: rowLength)
    for row in rows {
      let start = (row * stride + columns.lowerBound) * 4
      let current = Array(pixels[start..<(start + rowLength)])
      var bestFilter: UInt8 = 0
      var bestCost = Int.max
      for filter: UInt8 in 0...4 {
        var cost = 0
        for index in 0..<rowLength {
          let left = index >= 4 ? Int(current[index - 4]) : 0
          let up = Int(previous[index])
          let upLeft = index >= 4 ? Int(previous[index - 4]) : 0
          let predictor: Int
          switch filter {
          case 0: predictor = 0
          case 1: predictor = left
          case 2: predictor = up
          case 3: predictor = (left + up) / 2
          default: predictor = paeth(left, up, upLeft)
          }
          let value = UInt8(truncatingIfNeeded: Int(current[index]) - predictor)
          candidate[index] = value
          cost += value < 128 ? Int(value) : 256 - Int(value)
        }
        if cost < bestCost {
          bestCost = cost
          bestFilter = filter
          swap(&best, &candidate)
        }
      }
      filtered.append(bestFilter)
      filtered += best
      previous = current
    }
    return try deflate(filtered)
  }

  /// The Paeth predictor: whichever of left, up and up-left is closest to left + up − up-left.
  private static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
    let estimate = left + up - upLeft
    let toLeft = abs(estimate - left)
    let toUp = abs(estimate - up)
    let toUpLeft = abs(estimate - upLeft)
    if toLeft <= toUp && toLeft <= toUpLeft { return left }
    return toUp <= toUpLeft ? up : upLeft
  }

  /// Compresses bytes into a zlib stream with `compress2`.
  private static func deflate(_ bytes: [UInt8]) throws(TextRasterError) -> [UInt8] {
    var length = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let code = output.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 6)
      }
    }
    guard code == Z_OK else { throw .zlib(function: "compress2", code: code) }
    output.removeSubrange(Int(length)...)
    return output
  }
}
