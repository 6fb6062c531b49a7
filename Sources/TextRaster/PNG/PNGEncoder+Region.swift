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
    var file = PNGChunkWriter()
    if compression == .fast {
      if let image = PNGIndexedImage(bitmap, columns: columns, rows: rows) {
        file.append(
          "IHDR", PNGChunkWriter.header(width: columns.count, height: rows.count, colorType: 3))
        file.append("PLTE", image.palette)
        if !image.alphas.isEmpty { file.append("tRNS", image.alphas) }
        file.append("IDAT", RunLengthDeflate.compressed(image.rows))
      } else {
        let isOpaque = bitmap.isOpaque(columns: columns, rows: rows)
        file.append(
          "IHDR",
          PNGChunkWriter.header(
            width: columns.count, height: rows.count, colorType: isOpaque ? 2 : 6))
        let filtered = PNGImageData.upFiltered(
          bitmap, columns: columns, rows: rows, isOpaque: isOpaque)
        file.append("IDAT", RunLengthDeflate.compressed(filtered))
      }
      file.append("IEND", [])
      return file.bytes
    }
    file.append("IHDR", PNGChunkWriter.header(width: columns.count, height: rows.count))
    file.append(
      "IDAT",
      try PNGImageData.compressed(
        bitmap.straightAlphaBytes(columns: columns, rows: rows), stride: columns.count,
        columns: 0..<columns.count, rows: 0..<rows.count, compression: compression))
    file.append("IEND", [])
    return file.bytes
  }
}

extension RGBABitmap {
  /// Whether every pixel of a rectangle is opaque.
  func isOpaque(columns: Range<Int>, rows: Range<Int>) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      rows.allSatisfy { row in
        let start = (row * width + columns.lowerBound) * 4
        return stride(from: start + 3, to: start + columns.count * 4, by: 4).allSatisfy {
          bytes[$0] == 255
        }
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
