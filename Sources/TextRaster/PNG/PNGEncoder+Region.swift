extension PNGEncoder {
  /// The bytes of a PNG file showing a rectangle of a bitmap: what a front end that already
  /// shows the bitmap's previous frame needs of the next one.
  ///
  /// - Parameters:
  ///   - bitmap: The image.
  ///   - columns: The rectangle's columns, inside the bitmap.
  ///   - rows: The rectangle's rows, inside the bitmap.
  ///   - compression: Smaller files (the default) or faster encoding.
  /// - Returns: A PNG file of `columns.count` × `rows.count` pixels.
  /// - Throws: ``TextRasterError/zlib(function:code:)`` when compression fails.
  @_spi(FrontEnd)
  public static func encode(
    _ bitmap: RGBABitmap, columns: Range<Int>, rows: Range<Int>,
    compression: PNGCompression = .small
  ) throws(TextRasterError) -> [UInt8] {
    let image = try PNGEncodedImage(bitmap, columns: columns, rows: rows, compression: compression)
    var file = PNGChunkWriter()
    file.append(
      "IHDR",
      PNGChunkWriter.header(width: columns.count, height: rows.count, colorType: image.colorType))
    if image.colorType == 3 { file.append("PLTE", image.palette) }
    if !image.transparency.isEmpty { file.append("tRNS", image.transparency) }
    file.append("IDAT", image.data)
    file.append("IEND", [])
    return file.bytes
  }
}

extension RGBABitmap {
  /// Whether every pixel of a rectangle is opaque.
  func isOpaque(columns: Range<Int>, rows: Range<Int>) -> Bool {
    // Two pixels a word: the alphas are the top byte of each half (little-endian), kept by
    // a running AND over the row.
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    let pairs = columns.count / 2
    return bytes.withUnsafeBytes { bytes in
      rows.allSatisfy { row in
        let start = (row * width + columns.lowerBound) * 4
        var all = UInt64.max
        var pair = 0
        while pair < pairs {
          all &= UInt64(
            littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ pair &* 8, as: UInt64.self))
          pair &+= 1
        }
        return all & alphas == alphas
          && (columns.count % 2 == 0 || bytes[start + pairs * 8 + 3] == 255)
      }
    }
  }

  /// The smallest rectangle holding every pixel that differs from another bitmap of the same
  /// size; `nil` when none does (pixels are compared premultiplied, so equal bytes are equal
  /// images).
  ///
  /// - Precondition: The bitmaps have the same size.
  @_spi(FrontEnd)
  public func changedRegion(
    from previous: RGBABitmap
  ) -> (columns: Range<Int>, rows: Range<Int>)? {
    precondition(
      previous.width == width && previous.height == height, "The bitmaps have the same size")
    return AnimatedPNG.changedRegion(from: previous.bytes, to: bytes, width: width)
  }
}
