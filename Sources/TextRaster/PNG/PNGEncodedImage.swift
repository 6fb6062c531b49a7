/// What the chunks of a PNG image hold besides its size: the colour type, the palette for an
/// indexed image, and the compressed rows, as the compression chooses them.
///
/// ``PNGEncoder`` writes every image with the same chunks in the same order from this; only
/// how the pixels become image data depends on the compression.
struct PNGEncodedImage {
  /// IHDR's colour type: 6 (RGBA), 2 (RGB) or 3 (palette indices).
  let colorType: UInt8
  /// PLTE's data (red, green, blue a palette entry); empty unless the image is indexed.
  let palette: [UInt8]
  /// tRNS's data (the entries' alphas, up to the last one not opaque); empty when there is
  /// nothing to say.
  let transparency: [UInt8]
  /// IDAT's data: the filtered rows, as a zlib stream.
  let data: [UInt8]

  /// Converts, filters and compresses a rectangle of a bitmap.
  ///
  /// - ``PNGCompression/small``: straight-alpha RGBA, each row with its best filter, zlib's
  ///   level 6 (``PNGImageData/compressed(_:stride:columns:rows:compression:)``).
  /// - ``PNGCompression/fast``: indexed when the rectangle has at most 256 colours
  ///   (``PNGIndexedImage``), else RGB when opaque or RGBA, Up-filtered in one pass
  ///   (``PNGImageData/upFiltered(_:columns:rows:isOpaque:)``); deflated by
  ///   ``RunLengthDeflate``.
  ///
  /// - Parameters:
  ///   - bitmap: The image.
  ///   - columns: The rectangle's columns, inside the bitmap.
  ///   - rows: The rectangle's rows, inside the bitmap.
  ///   - compression: Smaller files or faster encoding.
  /// - Throws: ``TextRasterError/zlib(function:code:)`` when compression fails.
  init(
    _ bitmap: RGBABitmap, columns: Range<Int>, rows: Range<Int>, compression: PNGCompression
  ) throws(TextRasterError) {
    switch compression {
    case .small:
      colorType = 6
      (palette, transparency) = ([], [])
      data = try PNGImageData.compressed(
        bitmap.straightAlphaBytes(columns: columns, rows: rows), stride: columns.count,
        columns: 0..<columns.count, rows: 0..<rows.count, compression: compression)
    case .fast:
      if let image = PNGIndexedImage(bitmap, columns: columns, rows: rows) {
        colorType = 3
        (palette, transparency) = (image.palette, image.alphas)
        data = RunLengthDeflate.compressed(image.rows)
      } else {
        let isOpaque = bitmap.isOpaque(columns: columns, rows: rows)
        colorType = isOpaque ? 2 : 6
        (palette, transparency) = ([], [])
        data = RunLengthDeflate.compressed(
          PNGImageData.upFiltered(bitmap, columns: columns, rows: rows, isOpaque: isOpaque))
      }
    }
  }
}
