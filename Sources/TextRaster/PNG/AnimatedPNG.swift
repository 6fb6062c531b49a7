#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An animation encoded as an animated PNG (APNG): frames of one size, each shown for a delay,
/// kept in memory until encoded (``AnimatedPNGWriter`` encodes them as they come).
///
/// Viewers that do not know APNG show the first frame. After the first frame, each frame stores
/// only the rectangle of pixels that changed since the frame before (`dispose_op` none,
/// `blend_op` source), which keeps animations of small changes small, and a frame equal to the
/// one before lengthens that one's delay instead of being stored.
///
/// ```swift
/// var animation = AnimatedPNG()
/// for step in 0..<30 {
///   animation.append(render(step).bitmap, delay: .milliseconds(33))
/// }
/// try animation.write(to: "gallery/spoiler-reveal@2x.png")
/// ```
package struct AnimatedPNG: Sendable, Hashable {
  /// The frames, in order.
  package var frames: [Frame]
  /// How many times the animation plays; 0 means forever.
  package var loopCount: Int

  /// Creates an animation.
  ///
  /// - Parameters:
  ///   - frames: The frames; all must have the same size.
  ///   - loopCount: How many times to play, 0 (forever) by default.
  package init(frames: [Frame] = [], loopCount: Int = 0) {
    precondition(loopCount >= 0, "A loop count is 0 (forever) or positive")
    self.frames = frames
    self.loopCount = loopCount
  }

  /// Adds a frame at the end.
  ///
  /// - Parameters:
  ///   - bitmap: The frame's image.
  ///   - delay: How long the frame is shown.
  package mutating func append(_ bitmap: RGBABitmap, delay: Duration) {
    frames.append(Frame(bitmap: bitmap, delay: delay))
  }

  /// One image of an animation and how long it is shown.
  package struct Frame: Sendable, Hashable {
    /// The image.
    package var bitmap: RGBABitmap
    /// How long the image is shown before the next frame, at millisecond precision (delays
    /// above 65.535 seconds are stored in hundredths of a second, up to 655.35 seconds).
    package var delay: Duration

    /// Creates a frame.
    package init(bitmap: RGBABitmap, delay: Duration) {
      precondition(delay >= .zero, "A frame's delay cannot be negative")
      self.bitmap = bitmap
      self.delay = delay
    }
  }

  // MARK: - Encoding

  /// The bytes of the APNG file.
  ///
  /// The file has IHDR, acTL (frame count and loop count), then for each frame an fcTL followed
  /// by the image data (IDAT for the first frame, fdAT for the others), then IEND. fcTL and fdAT
  /// chunks share one sequence counter starting at 0.
  ///
  /// - Returns: The file's bytes.
  /// - Throws: ``TextRasterError/emptyAnimation`` or a size mismatch when there are no frames or their
  ///   sizes differ, ``TextRasterError/zlib(function:code:)`` when compression fails.
  package func encode() throws(TextRasterError) -> [UInt8] {
    var writer = AnimatedPNGWriter(loopCount: loopCount)
    for frame in frames { try writer.append(frame.bitmap, delay: frame.delay) }
    return try writer.encode()
  }

  /// Writes the APNG file atomically (see ``PNGEncoder/write(_:to:)``).
  ///
  /// - Parameter path: The file to create or replace; its directory must exist. `-` for
  ///   standard output.
  /// - Throws: ``TextRasterError/cannotWrite(path:function:code:)`` naming `path`, or the errors
  ///   of ``encode()``.
  package func write(to path: String) throws(TextRasterError) {
    try AtomicFile.write(encode(), to: path)
  }

  /// The smallest rectangle holding every pixel that differs between two images of the same
  /// width, 4 bytes a pixel; `nil` when none does.
  static func changedRegion(
    from old: [UInt8], to new: [UInt8], width: Int
  ) -> (columns: Range<Int>, rows: Range<Int>)? {
    precondition(old.count == new.count, "The images compared have the same size")
    let height = new.count / (width * 4)
    var minX = width
    var maxX = -1
    var minY = height
    var maxY = -1
    old.withUnsafeBytes { old in
      new.withUnsafeBytes { new in
        let rowBytes = width * 4
        for y in 0..<height {
          let row = y * rowBytes
          // Most rows of an animation frame are as they were: one comparison each.
          guard memcmp(old.baseAddress! + row, new.baseAddress! + row, rowBytes) != 0 else {
            continue
          }
          let oldPixels = old.baseAddress!.advanced(by: row).assumingMemoryBound(to: UInt32.self)
          let newPixels = new.baseAddress!.advanced(by: row).assumingMemoryBound(to: UInt32.self)
          var first = 0
          while oldPixels[first] == newPixels[first] { first += 1 }
          var last = width - 1
          while oldPixels[last] == newPixels[last] { last -= 1 }
          minX = min(minX, first)
          maxX = max(maxX, last)
          minY = min(minY, y)
          maxY = y
        }
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX..<(maxX + 1), minY..<(maxY + 1))
  }

  /// A delay as fcTL's numerator and denominator of seconds.
  static func delayFraction(_ delay: Duration) -> (UInt16, UInt16) {
    let (seconds, attoseconds) = delay.components
    let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    if milliseconds <= 65_535 {
      return (UInt16(milliseconds.rounded()), 1000)
    }
    return (UInt16(min(65_535, (milliseconds / 10).rounded())), 100)
  }
}
