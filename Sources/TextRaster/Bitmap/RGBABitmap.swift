@_spi(Backend) import TextLayout

/// A rectangle of pixels with red, green, blue and alpha, 8 bits each, premultiplied by alpha.
///
/// Pixels are stored row by row from the top, four bytes per pixel in the order red, green,
/// blue, alpha, with the color components premultiplied by alpha. Premultiplied storage makes
/// source-over compositing one multiply-add per component and lets a mask fade a pixel by
/// scaling all four bytes alike; the PNG encoders convert to PNG's straight alpha.
///
/// Colors are sRGB `TextColor` values with straight alpha and are blended in sRGB, as most
/// user interface toolkits do. Every drawing operation composites source-over and is
/// anti-aliased by coverage: a pixel that a shape covers partly gets that fraction of the color.
/// Coordinates are in pixels, with the origin at the top-left corner of the top-left pixel, so
/// the pixel `(x, y)` spans `x..<x+1` and `y..<y+1`. The renderer draws in points and multiplies by its scale.
///
/// ```swift
/// var bitmap = RGBABitmap(width: 64, height: 32, color: TextColor(red: 1, green: 1, blue: 1))
/// bitmap.fill(rect: LayoutRect(x: 4.5, y: 4, width: 20, height: 10), color: TextColor(red: 0, green: 0, blue: 1))
/// print(bitmap[x: 10, y: 8])  // RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255)
/// ```
public struct RGBABitmap: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The most pixels on a side of a bitmap (PNG's and most viewers' practical limit).
  public static let maximumSide = 65_535
  /// The most pixels of a bitmap: 64 Mi pixels, 256 MiB.
  public static let maximumPixels = 1 << 26
  /// The most bytes the frames of one animation may take together: 2 GiB.
  public static let maximumAnimationBytes = 1 << 31

  /// The pixels' bytes: rows from the top, RGBA, premultiplied by alpha.
  public internal(set) var bytes: [UInt8]

  /// Creates a bitmap filled with one color.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, at least 1.
  ///   - height: The height in pixels, at least 1.
  ///   - color: The color of every pixel, transparent by default.
  public init(
    width: Int, height: Int, color: TextColor = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
  ) {
    precondition(
      width > 0 && height > 0, "A bitmap is at least 1 × 1 pixels, got \(width) × \(height)")
    precondition(
      width <= Self.maximumSide && height <= Self.maximumSide
        && width * height <= Self.maximumPixels,
      "A bitmap is at most \(Self.maximumSide) pixels on a side and \(Self.maximumPixels) in all,"
        + " got \(width) × \(height)")
    self.width = width
    self.height = height
    let source = PremultipliedColor(color)
    let pixel = [source.red, source.green, source.blue, source.alpha].map(Self.byte)
    var bytes = [UInt8](repeating: pixel[0], count: width * height * 4)
    if pixel.contains(where: { $0 != pixel[0] }) {
      for index in stride(from: 0, to: bytes.count, by: 4) {
        bytes[index + 1] = pixel[1]
        bytes[index + 2] = pixel[2]
        bytes[index + 3] = pixel[3]
      }
    }
    self.bytes = bytes
  }

  /// The pixel at a column and row.
  ///
  /// - Precondition: The pixel lies inside the bitmap.
  public subscript(x x: Int, y y: Int) -> RGBAPixel {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel (\(x), \(y)) is outside")
      let index = (y * width + x) * 4
      return RGBAPixel(
        red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2], alpha: bytes[index + 3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel (\(x), \(y)) is outside")
      let index = (y * width + x) * 4
      bytes[index] = newValue.red
      bytes[index + 1] = newValue.green
      bytes[index + 2] = newValue.blue
      bytes[index + 3] = newValue.alpha
    }
  }

  /// The whole bitmap as a rectangle in pixels.
  package var bounds: LayoutRect {
    LayoutRect(x: 0, y: 0, width: Double(width), height: Double(height))
  }

  /// The pixels with straight (not premultiplied) alpha, as PNG stores them.
  ///
  /// - Returns: Rows from the top, RGBA, 4 bytes per pixel.
  public func straightAlphaBytes() -> [UInt8] {
    straightAlphaBytes(columns: 0..<width, rows: 0..<height)
  }

  /// A rectangle of the pixels with straight alpha.
  ///
  /// - Parameters:
  ///   - columns: The rectangle's columns, inside the bitmap.
  ///   - rows: The rectangle's rows, inside the bitmap.
  /// - Returns: The rectangle's rows from the top, RGBA, 4 bytes per pixel.
  package func straightAlphaBytes(columns: Range<Int>, rows: Range<Int>) -> [UInt8] {
    precondition(
      columns.lowerBound >= 0 && columns.upperBound <= width && rows.lowerBound >= 0
        && rows.upperBound <= height, "The rectangle lies inside the bitmap")
    let rowLength = columns.count * 4
    let count = rowLength * rows.count
    return [UInt8](unsafeUninitializedCapacity: count) { result, initialized in
      bytes.withUnsafeBufferPointer { source in
        for (index, row) in rows.enumerated() {
          let start = (row * width + columns.lowerBound) * 4
          let target = index * rowLength
          // Rows are copied whole; only translucent pixels change.
          _ = UnsafeMutableBufferPointer(rebasing: result[target..<(target + rowLength)])
            .initialize(from: source[start..<(start + rowLength)])
          for pixel in stride(from: target, to: target + rowLength, by: 4) {
            let alpha = Int(result[pixel + 3])
            guard alpha != 0 && alpha != 255 else { continue }
            for component in pixel..<(pixel + 3) {
              result[component] = Self.straightComponent(Int(result[component]), alpha: alpha)
            }
          }
        }
      }
      initialized = count
    }
  }

  /// A premultiplied color component of a translucent pixel made straight: divided by the
  /// pixel's alpha, rounded to nearest, at most 255.
  ///
  /// Every PNG writer converts with this, so that an indexed, RGB or RGBA image of a bitmap
  /// decodes to the same pixels. Clear and opaque pixels keep their bytes, which callers copy
  /// without asking (for alpha 255 the result would be the component itself).
  ///
  /// - Precondition: `alpha` is from 1 through 254.
  @inline(__always)
  static func straightComponent(_ component: Int, alpha: Int) -> UInt8 {
    UInt8(min(255, (component * 255 + alpha / 2) / alpha))
  }

  // MARK: - Compositing

  /// Composites a premultiplied color over the pixel at a byte index, scaled by `coverage`.
  @inline(__always)
  mutating func blend(at index: Int, _ source: PremultipliedColor, coverage: Double) {
    bytes.withUnsafeMutableBufferPointer {
      Self.blend(at: index, in: $0, source, coverage: coverage)
    }
  }

  /// ``blend(at:_:coverage:)`` on the bytes themselves, for loops over many pixels.
  @inline(__always)
  static func blend(
    at index: Int, in bytes: UnsafeMutableBufferPointer<UInt8>, _ source: PremultipliedColor,
    coverage: Double
  ) {
    let alpha = source.alpha * coverage
    guard alpha > 0 else { return }
    let remaining = 1 - alpha / 255
    bytes[index] = byte(source.red * coverage + Double(bytes[index]) * remaining)
    bytes[index + 1] = byte(source.green * coverage + Double(bytes[index + 1]) * remaining)
    bytes[index + 2] = byte(source.blue * coverage + Double(bytes[index + 2]) * remaining)
    bytes[index + 3] = byte(alpha + Double(bytes[index + 3]) * remaining)
  }

  /// Scales all four components of the pixel at a byte index, fading it toward clear.
  @inline(__always)
  mutating func scale(at index: Int, by factor: Double) {
    for component in index..<(index + 4) {
      bytes[component] = Self.byte(Double(bytes[component]) * factor)
    }
  }

  /// Composites a color over every pixel that meets `area`, with the coverage `coverage` gives
  /// for a pixel's top-left corner (0 leaves the pixel alone, 1 covers it fully).
  ///
  /// A pixel wholly inside `covered` is covered fully without asking `coverage`, and an
  /// opaque color is stored there directly: a shape's interior costs a store per pixel. The
  /// caller promises that `coverage` is 1 there.
  mutating func paint(
    _ color: TextColor, in area: LayoutRect, covered: LayoutRect? = nil,
    coverage: (_ x: Double, _ y: Double) -> Double
  ) {
    let source = PremultipliedColor(color)
    guard source.alpha > 0, let pixels = pixelRange(of: area) else { return }
    var full: (columns: Range<Int>, rows: Range<Int>) = (0..<0, 0..<0)
    if let covered {
      func inside(_ low: Double, _ high: Double, _ range: Range<Int>) -> Range<Int> {
        let lower = Double(range.lowerBound)
        let upper = Double(range.upperBound)
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let start = Int(min(upper, max(lower, low.rounded(.up))))
        let end = Int(min(upper, max(lower, high.rounded(.down))))
        return start..<max(start, end)
      }
      full = (
        inside(covered.minX, covered.maxX, pixels.columns),
        inside(covered.minY, covered.maxY, pixels.rows)
      )
    }
    let width = width
    let opaque = source.alpha == 255
    // An opaque color at full coverage replaces the pixel: blend's result without its sums.
    let pixel: (UInt8, UInt8, UInt8, UInt8) = (
      Self.byte(source.red), Self.byte(source.green), Self.byte(source.blue), 255
    )
    bytes.withUnsafeMutableBufferPointer { bytes in
      for y in pixels.rows {
        let rowIsFull = full.rows.contains(y) && !full.columns.isEmpty
        for x in pixels.columns {
          let index = (y * width + x) * 4
          if rowIsFull && full.columns.contains(x) {
            if opaque {
              (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3]) = pixel
            } else {
              Self.blend(at: index, in: bytes, source, coverage: 1)
            }
            continue
          }
          let amount = coverage(Double(x), Double(y))
          guard amount > 0 else { continue }
          Self.blend(at: index, in: bytes, source, coverage: min(amount, 1))
        }
      }
    }
  }

  /// The columns and rows of the pixels that meet a rectangle, clipped to the bitmap.
  func pixelRange(of area: LayoutRect) -> (columns: Range<Int>, rows: Range<Int>)? {
    guard area.width > 0, area.height > 0, area.minX.isFinite, area.minY.isFinite,
      area.maxX.isFinite, area.maxY.isFinite
    else { return nil }
    let minX = max(0, Int(area.minX.rounded(.down)))
    let maxX = min(width, Int(area.maxX.rounded(.up)))
    let minY = max(0, Int(area.minY.rounded(.down)))
    let maxY = min(height, Int(area.maxY.rounded(.up)))
    guard minX < maxX, minY < maxY else { return nil }
    return (minX..<maxX, minY..<maxY)
  }

  /// A component value rounded to the nearest byte, halves up, clamped to 0...255.
  ///
  /// Adding a half and truncating rounds a non-negative value as `rounded()` does, without
  /// the call to the C library's `round` that `rounded()` becomes on x86-64's baseline (no
  /// SSE4.1): this runs for every component of every pixel drawn.
  @inline(__always)
  static func byte(_ value: Double) -> UInt8 {
    UInt8(min(max(value, 0), 255) + 0.5)
  }
}
