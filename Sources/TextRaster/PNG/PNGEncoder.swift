/// Encodes a bitmap as a PNG image and writes PNG files.
///
/// Images are 8-bit RGBA with straight alpha (the bitmap's premultiplied pixels are converted),
/// not interlaced, each row with the filter that suits it, compressed with zlib; with
/// ``PNGCompression/fast``, a bitmap of at most 256 colours is an 8-bit indexed-colour image
/// of the same pixels instead.
///
/// ```swift
/// try PNGEncoder.write(canvas.bitmap, to: "gallery/expandable-collapsed@2x.png")
/// ```
public enum PNGEncoder {
  /// The bytes of a PNG file showing a bitmap.
  ///
  /// - Parameters:
  ///   - bitmap: The image.
  ///   - compression: Smaller files (the default) or faster encoding.
  /// - Returns: The file's bytes: signature, IHDR, IDAT and IEND.
  /// - Throws: ``TextRasterError/zlib(function:code:)`` when compression fails.
  public static func encode(
    _ bitmap: RGBABitmap, compression: PNGCompression = .small
  ) throws(TextRasterError) -> [UInt8] {
    try encode(
      bitmap, columns: 0..<bitmap.width, rows: 0..<bitmap.height, compression: compression)
  }

  /// Writes a bitmap to a PNG file, atomically.
  ///
  /// The file is written under a temporary name in the same directory and renamed into place,
  /// so the path holds either its previous contents or the whole new image, never part of it;
  /// a file replaced keeps its permissions, and its owner and group when the process may give
  /// them. A device, FIFO or socket at the path is written to, never replaced, and `-` is
  /// standard output.
  ///
  /// - Parameters:
  ///   - bitmap: The image.
  ///   - path: The file to create or replace; its directory must exist. `-` for standard
  ///     output.
  /// - Throws: ``TextRasterError/cannotWrite(path:function:code:)`` naming `path` when the file
  ///   cannot be written, or ``TextRasterError/zlib(function:code:)``.
  public static func write(_ bitmap: RGBABitmap, to path: String) throws(TextRasterError) {
    try AtomicFile.write(encode(bitmap), to: path)
  }
}
