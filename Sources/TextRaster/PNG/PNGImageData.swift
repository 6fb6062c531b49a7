import CZlib

/// The compressed pixel data of a PNG image: each row filtered, then the whole deflated.
enum PNGImageData {
  /// Filters and compresses a rectangle of straight-alpha RGBA pixels.
  ///
  /// With ``PNGCompression/small`` each row gets the filter (None, Sub, Up, Average or Paeth)
  /// whose output has the smallest sum of absolute values, the heuristic the PNG
  /// specification recommends; with ``PNGCompression/fast`` every row gets Up.
  ///
  /// - Parameters:
  ///   - pixels: Straight-alpha RGBA bytes, `stride` pixels per row.
  ///   - stride: The number of pixels in a row of `pixels`.
  ///   - columns: The columns of the rectangle.
  ///   - rows: The rows of the rectangle.
  ///   - compression: Smaller files or faster encoding.
  /// - Returns: A zlib stream for IDAT or fdAT chunks.
  /// - Throws: ``TextRasterError/zlib(function:code:)`` when compression fails.
  static func compressed(
    _ pixels: [UInt8], stride: Int, columns: Range<Int>, rows: Range<Int>,
    compression: PNGCompression = .small
  ) throws(TextRasterError) -> [UInt8] {
    let rowLength = columns.count * 4
    var filtered = [UInt8](repeating: 0, count: rows.count * (rowLength + 1))
    let zeros = [UInt8](repeating: 0, count: rowLength)
    var candidate = [UInt8](repeating: 0, count: rowLength)
    pixels.withUnsafeBufferPointer { pixels in
      zeros.withUnsafeBufferPointer { zeros in
        candidate.withUnsafeMutableBufferPointer { candidate in
          filtered.withUnsafeMutableBufferPointer { output in
            for (index, row) in rows.enumerated() {
              let start = (row * stride + columns.lowerBound) * 4
              let current = UnsafeBufferPointer(rebasing: pixels[start..<(start + rowLength)])
              let previous =
                row == rows.lowerBound
                ? zeros
                : UnsafeBufferPointer(
                  rebasing: pixels[(start - stride * 4)..<(start - stride * 4 + rowLength)])
              let target = UnsafeMutableBufferPointer(
                rebasing: output[(index * (rowLength + 1) + 1)..<((index + 1) * (rowLength + 1))])
              switch compression {
              case .fast:
                output[index * (rowLength + 1)] = 2
                _ = Self.filter(2, current, previous, into: target)
              case .small:
                var bestCost = Int.max
                for filter: UInt8 in 0...4 {
                  let cost = Self.filter(filter, current, previous, into: candidate)
                  if cost < bestCost {
                    bestCost = cost
                    output[index * (rowLength + 1)] = filter
                    _ = target.update(fromContentsOf: candidate)
                  }
                }
              }
            }
          }
        }
      }
    }
    return try deflate(filtered, level: compression.level)
  }

  /// Filters a row with one of the five PNG filters into `output`; returns the sum of the
  /// absolute values of the filtered bytes (as signed), the cost the heuristic compares.
  private static func filter(
    _ filter: UInt8, _ current: UnsafeBufferPointer<UInt8>, _ previous: UnsafeBufferPointer<UInt8>,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var cost = 0
    @inline(__always) func put(_ index: Int, _ predictor: Int) {
      let value = UInt8(truncatingIfNeeded: Int(current[index]) - predictor)
      output[index] = value
      cost += value < 128 ? Int(value) : 256 - Int(value)
    }
    let count = current.count
    switch filter {
    case 0:
      for index in 0..<count { put(index, 0) }
    case 1:
      for index in 0..<count { put(index, index >= 4 ? Int(current[index - 4]) : 0) }
    case 2:
      for index in 0..<count { put(index, Int(previous[index])) }
    case 3:
      for index in 0..<count {
        put(index, ((index >= 4 ? Int(current[index - 4]) : 0) + Int(previous[index])) / 2)
      }
    default:
      for index in 0..<count {
        let left = index >= 4 ? Int(current[index - 4]) : 0
        let upLeft = index >= 4 ? Int(previous[index - 4]) : 0
        put(index, paeth(left, Int(previous[index]), upLeft))
      }
    }
    return cost
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
  static func deflate(_ bytes: [UInt8], level: Int32) throws(TextRasterError) -> [UInt8] {
    var length = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let code = output.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
      }
    }
    guard code == Z_OK else { throw .zlib(function: "compress2", code: code) }
    output.removeSubrange(Int(length)...)
    return output
  }
}
