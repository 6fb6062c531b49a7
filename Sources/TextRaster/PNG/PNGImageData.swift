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

  /// The Up-filtered rows of a rectangle of a bitmap, for ``PNGCompression/fast``: made from
  /// the premultiplied pixels in one pass (straight alpha row by row, then each row less the
  /// one above it, eight bytes at a time), without the copy of the whole image that
  /// ``RGBABitmap/straightAlphaBytes(columns:rows:)`` makes.
  ///
  /// - Parameters:
  ///   - bitmap: The image.
  ///   - columns: The rectangle's columns, inside the bitmap.
  ///   - rows: The rectangle's rows, inside the bitmap.
  ///   - isOpaque: Whether every pixel of the rectangle is opaque: the rows are then RGB, three
  ///     bytes a pixel (PNG colour type 2), instead of RGBA.
  /// - Returns: Each row's filter byte (Up) and its filtered bytes, for ``deflate(_:level:)``.
  static func upFiltered(
    _ bitmap: RGBABitmap, columns: Range<Int>, rows: Range<Int>, isOpaque: Bool
  ) -> [UInt8] {
    if isOpaque { return opaqueUpFiltered(bitmap, columns: columns, rows: rows) }
    let channels = 4
    let rowLength = columns.count * channels
    let count = rows.count * (rowLength + 1)
    // The row above (zeros above the first) and this row, straight alpha, swapped each row.
    var rowsBuffer = [UInt8](repeating: 0, count: rowLength * 2 + 8)
    return [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
      bitmap.bytes.withUnsafeBufferPointer { source in
        rowsBuffer.withUnsafeMutableBufferPointer { buffer in
          var (previous, current) = (0, rowLength)
          for (index, row) in rows.enumerated() {
            let start = (row * bitmap.width + columns.lowerBound) * 4
            var target = current
            for offset in stride(from: start, to: start + columns.count * 4, by: 4) {
              let alpha = Int(source[offset + 3])
              if alpha == 0 || alpha == 255 {
                buffer[target] = source[offset]
                buffer[target + 1] = source[offset + 1]
                buffer[target + 2] = source[offset + 2]
              } else {
                for component in 0..<3 {
                  buffer[target + component] = RGBABitmap.straightComponent(
                    Int(source[offset + component]), alpha: alpha)
                }
              }
              buffer[target + 3] = UInt8(alpha)
              target += channels
            }
            let rowStart = index * (rowLength + 1)
            output[rowStart] = 2
            subtract(
              buffer.baseAddress! + previous, from: buffer.baseAddress! + current,
              into: output.baseAddress! + rowStart + 1, count: rowLength)
            swap(&previous, &current)
          }
        }
      }
      initialized = count
    }
  }

  /// ``upFiltered(_:columns:rows:isOpaque:)`` of an opaque rectangle: RGB rows straight from
  /// the bitmap, two pixels at a time.
  ///
  /// An opaque pixel is its own straight-alpha colour, so a row's RGB bytes are its RGBA bytes
  /// less every fourth, and the Up filter, a difference byte by byte, gives the same bytes
  /// whether the alphas are dropped before or after it: each pair of pixels is read as one
  /// word from the row and one from the row above, subtracted, and its six colour bytes kept.
  private static func opaqueUpFiltered(
    _ bitmap: RGBABitmap, columns: Range<Int>, rows: Range<Int>
  ) -> [UInt8] {
    let rowLength = columns.count * 3
    let count = rows.count * (rowLength + 1)
    let pairs = columns.count / 2
    return [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
      bitmap.bytes.withUnsafeBytes { source in
        let base = source.baseAddress!
        let rowBytes = bitmap.width &* 4
        var target = UnsafeMutableRawPointer(output.baseAddress!)
        for (index, row) in rows.enumerated() {
          let current = base + (row &* bitmap.width &+ columns.lowerBound) &* 4
          // The row above the first is zeros, as the filter has it.
          let above = index == 0 ? nil : current - rowBytes
          target.storeBytes(of: 2, as: UInt8.self)
          target += 1
          var pair = 0
          while pair < pairs {
            var word = UInt64(
              littleEndian: current.loadUnaligned(fromByteOffset: pair &* 8, as: UInt64.self))
            if let above {
              // Bytewise, so the same in either byte order.
              word = difference(
                word,
                UInt64(
                  littleEndian: above.loadUnaligned(fromByteOffset: pair &* 8, as: UInt64.self)))
            }
            // Read as little-endian: the first pixel's RGB in the low three bytes, the
            // second's in bytes four to six.
            target.storeBytes(
              of: UInt32(truncatingIfNeeded: word & 0xFF_FFFF | (word >> 8) & 0xFF00_0000)
                .littleEndian,
              as: UInt32.self)
            target.storeBytes(
              of: UInt16(truncatingIfNeeded: word >> 40).littleEndian, toByteOffset: 4,
              as: UInt16.self)
            target += 6
            pair &+= 1
          }
          if columns.count % 2 == 1 {
            for component in 0..<3 {
              let offset = pairs &* 8 &+ component
              let value = current.load(fromByteOffset: offset, as: UInt8.self)
              let up = above?.load(fromByteOffset: offset, as: UInt8.self) ?? 0
              target.storeBytes(of: value &- up, toByteOffset: component, as: UInt8.self)
            }
            target += 3
          }
        }
      }
      initialized = count
    }
  }

  /// The bytes of `left` less those of `right`, each modulo 256 (no borrow crosses a byte).
  @inline(__always)
  private static func difference(_ left: UInt64, _ right: UInt64) -> UInt64 {
    // The high bit of each byte set on the left and cleared on the right, so no borrow
    // crosses a byte, then the high bits put right.
    let high: UInt64 = 0x8080_8080_8080_8080
    return ((left | high) &- (right & ~high)) ^ ((left ^ ~right) & high)
  }

  /// `count` bytes of `left` less those of `right`, each modulo 256, eight at a time.
  private static func subtract(
    _ right: UnsafeMutablePointer<UInt8>, from left: UnsafeMutablePointer<UInt8>,
    into output: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    let (leftBytes, rightBytes, outputBytes) = (
      UnsafeRawPointer(left), UnsafeRawPointer(right), UnsafeMutableRawPointer(output)
    )
    var index = 0
    while index + 8 <= count {
      let a = leftBytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let b = rightBytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      outputBytes.storeBytes(of: difference(a, b), toByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < count {
      output[index] = left[index] &- right[index]
      index += 1
    }
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
    let bound = compressBound(uLong(bytes.count))
    var code = Z_OK
    // Not zeroed first: compress2 writes what it returns.
    let output = [UInt8](unsafeUninitializedCapacity: Int(bound)) { target, initialized in
      var length = bound
      code = bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
      }
      initialized = code == Z_OK ? Int(length) : 0
    }
    guard code == Z_OK else { throw .zlib(function: "compress2", code: code) }
    return output
  }
}
