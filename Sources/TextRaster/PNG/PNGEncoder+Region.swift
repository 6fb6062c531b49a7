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
