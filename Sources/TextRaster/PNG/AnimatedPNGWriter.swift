/// An animated PNG (APNG) encoded as its frames arrive: only the compressed file so far and the
/// last frame's pixels are kept, so an animation of any length needs the memory of one frame
/// and of its compressed output, not of every frame (a list of bitmaps would keep every frame).
///
/// The component renderer's animations are written with it:
///
/// ```swift
/// var writer = AnimatedPNGWriter()
/// for step in 0..<30 {
///   try writer.append(render(step).bitmap, delay: .milliseconds(33))
/// }
/// try writer.write(to: "gallery/spoiler-reveal@2x.png")
/// ```
public struct AnimatedPNGWriter: Sendable {
  /// How many times the animation plays; 0 means forever.
  public var loopCount: Int
  /// Smaller files or faster encoding.
  public var compression: PNGCompression
  /// How many frames were appended (a frame equal to the one before is appended but not
  /// stored: the frame before shows longer).
  public private(set) var frameCount = 0
  /// The frames' size in pixels, set by the first frame.
  public private(set) var size: (width: Int, height: Int)?
  /// The fcTL, IDAT and fdAT chunks of the frames so far (acTL, which counts the frames,
  /// is written before them when the file is made).
  private var frames = PNGChunkWriter(signature: [])
  /// How many frames the file holds.
  private var storedFrames = 0
  /// Where the last stored frame's fcTL chunk starts in `frames`.
  private var lastControl = 0
  /// How long the last stored frame shows: its own delay and those of the equal frames after it.
  private var lastDelay: Duration = .zero
  /// The last frame's premultiplied pixels, which the next frame is compared with.
  private var previous: [UInt8] = []
  /// The fcTL and fdAT chunks' shared sequence number.
  private var sequence: UInt32 = 0

  /// Creates an empty animation.
  ///
  /// - Parameters:
  ///   - loopCount: How many times to play, 0 (forever) by default.
  ///   - compression: Smaller files (the default) or faster encoding.
  public init(loopCount: Int = 0, compression: PNGCompression = .small) {
    precondition(loopCount >= 0, "A loop count is 0 (forever) or positive")
    self.loopCount = loopCount
    self.compression = compression
  }

  /// Compresses a frame and adds it at the end.
  ///
  /// After the first frame, a frame stores only the rectangle of pixels that changed since the
  /// frame before (`dispose_op` none, `blend_op` source); a frame equal to the one before is
  /// not stored, the frame before shows for both delays.
  ///
  /// - Parameters:
  ///   - bitmap: The frame's image, of the first frame's size.
  ///   - delay: How long the frame is shown, at millisecond precision (delays above 65.535
  ///     seconds are stored in hundredths of a second, up to 655.35 seconds); not negative.
  /// - Throws: ``TextRasterError/frameSizeMismatch(frame:width:height:firstWidth:firstHeight:)``
  ///   for a frame of another size,
  ///   ``TextRasterError/zlib(function:code:)`` when compression fails; the animation is then
  ///   as it was.
  public mutating func append(_ bitmap: RGBABitmap, delay: Duration) throws(TextRasterError) {
    precondition(delay >= .zero, "A frame's delay cannot be negative")
    if let size, size != (bitmap.width, bitmap.height) {
      throw .frameSizeMismatch(
        frame: frameCount, width: bitmap.width, height: bitmap.height, firstWidth: size.width,
        firstHeight: size.height)
    }
    let region: (columns: Range<Int>, rows: Range<Int>)
    if frameCount == 0 {
      region = (0..<bitmap.width, 0..<bitmap.height)
    } else if let changed = AnimatedPNG.changedRegion(
      from: previous, to: bitmap.bytes, width: bitmap.width)
    {
      region = changed
    } else {
      // Nothing changed: the frame before shows longer (premultiplied pixels that are equal
      // convert to equal straight-alpha pixels, so equal bytes are equal images).
      lastDelay += delay
      frames.update(chunkAt: lastControl, dataOffset: 20, with: Self.delayBytes(lastDelay))
      frameCount += 1
      return
    }
    // Only the region is converted to straight alpha, filtered and deflated.
    let data = try PNGImageData.compressed(
      bitmap.straightAlphaBytes(columns: region.columns, rows: region.rows),
      stride: region.columns.count, columns: 0..<region.columns.count,
      rows: 0..<region.rows.count, compression: compression)
    var control = PNGChunkWriter.bigEndian(sequence)
    control += PNGChunkWriter.bigEndian(UInt32(region.columns.count))
    control += PNGChunkWriter.bigEndian(UInt32(region.rows.count))
    control += PNGChunkWriter.bigEndian(UInt32(region.columns.lowerBound))
    control += PNGChunkWriter.bigEndian(UInt32(region.rows.lowerBound))
    control += Self.delayBytes(delay)
    // dispose_op 0 (none): the next frame starts from this one; blend_op 0 (source): the
    // region replaces what was there, transparency included.
    control += [0, 0]
    lastControl = frames.bytes.count
    lastDelay = delay
    frames.append("fcTL", control)
    sequence += 1
    if frameCount == 0 {
      frames.append("IDAT", data)
      size = (bitmap.width, bitmap.height)
    } else {
      frames.append("fdAT", PNGChunkWriter.bigEndian(sequence) + data)
      sequence += 1
    }
    previous = bitmap.bytes
    storedFrames += 1
    frameCount += 1
  }

  /// A delay as fcTL stores it: numerator and denominator of seconds, two bytes each.
  private static func delayBytes(_ delay: Duration) -> [UInt8] {
    let (numerator, denominator) = AnimatedPNG.delayFraction(delay)
    return PNGChunkWriter.bigEndian(numerator) + PNGChunkWriter.bigEndian(denominator)
  }

  /// The bytes of the APNG file: IHDR, acTL (the stored frames' count and the loop count), the
  /// frames, IEND.
  ///
  /// - Throws: ``TextRasterError/emptyAnimation`` when there are no frames.
  public func encode() throws(TextRasterError) -> [UInt8] {
    guard let size else { throw .emptyAnimation }
    var file = PNGChunkWriter()
    file.append("IHDR", PNGChunkWriter.header(width: size.width, height: size.height))
    file.append(
      "acTL",
      PNGChunkWriter.bigEndian(UInt32(storedFrames))
        + PNGChunkWriter.bigEndian(UInt32(clamping: loopCount)))
    file.append(raw: frames.bytes)
    file.append("IEND", [])
    return file.bytes
  }

  /// Writes the APNG file atomically (see ``PNGEncoder/write(_:to:)``).
  ///
  /// - Parameter path: The file to create or replace; its directory must exist. `-` for
  ///   standard output.
  /// - Throws: ``TextRasterError/cannotWrite(path:function:code:)`` naming `path`, or the errors
  ///   of ``encode()``.
  public func write(to path: String) throws(TextRasterError) {
    try AtomicFile.write(encode(), to: path)
  }
}
