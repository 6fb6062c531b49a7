@_spi(Backend) import TextLayout

extension RGBABitmap {
  /// Composites another bitmap over this one, source-over, with its top-left pixel at a column
  /// and row of this one; what falls outside is clipped.
  ///
  /// - Parameters:
  ///   - other: The bitmap to draw, for example a layer that was masked.
  ///   - x: The column of this bitmap where `other`'s left column goes.
  ///   - y: The row of this bitmap where `other`'s top row goes.
  package mutating func draw(_ other: RGBABitmap, atX x: Int = 0, y: Int = 0) {
    guard
      let (columns, rows) = Self.overlap(
        x: x, y: y, width: other.width, height: other.height, in: self)
    else { return }
    let otherWidth = other.width
    let width = width
    // Pointers, not array subscripts: a layer covers the whole canvas, and most of its pixels
    // are transparent.
    other.bytes.withUnsafeBufferPointer { sourceBytes in
      bytes.withUnsafeMutableBufferPointer { targetBytes in
        for row in rows {
          for column in columns {
            let source = ((row - y) * otherWidth + (column - x)) * 4
            let alpha = Int(sourceBytes[source + 3])
            guard alpha > 0 else { continue }
            let target = (row * width + column) * 4
            let remaining = 255 - alpha
            for component in 0..<4 {
              // Premultiplied source-over in integers: s + d × (255 − αs) / 255, rounded.
              let blended =
                Int(sourceBytes[source + component])
                + (Int(targetBytes[target + component]) * remaining + 127) / 255
              targetBytes[target + component] = UInt8(min(255, blended))
            }
          }
        }
      }
    }
  }

  /// Composites a color through an 8-bit coverage mask, such as a glyph's anti-aliased bitmap.
  ///
  /// - Parameters:
  ///   - color: The color.
  ///   - mask: Coverage values, 0 (none) to 255 (full), `maskWidth` per row.
  ///   - maskWidth: The mask's width in pixels.
  ///   - x: The column where the mask's left column goes.
  ///   - y: The row where the mask's top row goes.
  mutating func draw(
    _ color: TextColor, throughMask mask: [UInt8], maskWidth: Int, atX x: Int, y: Int
  ) {
    guard maskWidth > 0 else { return }
    let maskHeight = mask.count / maskWidth
    let source = PremultipliedColor(color)
    guard source.alpha > 0,
      let (columns, rows) = Self.overlap(x: x, y: y, width: maskWidth, height: maskHeight, in: self)
    else { return }
    let width = width
    mask.withUnsafeBufferPointer { mask in
      bytes.withUnsafeMutableBufferPointer { target in
        for row in rows {
          for column in columns {
            let coverage = mask[(row - y) * maskWidth + (column - x)]
            guard coverage > 0 else { continue }
            Self.blend(
              at: (row * width + column) * 4, in: target, source,
              coverage: Double(coverage) / 255)
          }
        }
      }
    }
  }

  /// Composites premultiplied RGBA pixels, such as a colour glyph's, source-over, faded by an
  /// opacity (the text colour's alpha, so that fades and reveals apply to emoji too).
  ///
  /// - Parameters:
  ///   - pixels: Premultiplied RGBA bytes, `pixelsWidth` pixels per row.
  ///   - pixelsWidth: The width in pixels.
  ///   - x: The column where the left column goes.
  ///   - y: The row where the top row goes.
  ///   - opacity: From 0 (nothing drawn) to 1.
  mutating func draw(
    premultiplied pixels: [UInt8], width pixelsWidth: Int, atX x: Int, y: Int, opacity: Double
  ) {
    guard pixelsWidth > 0, opacity > 0 else { return }
    let pixelsHeight = pixels.count / (pixelsWidth * 4)
    guard
      let (columns, rows) = Self.overlap(
        x: x, y: y, width: pixelsWidth, height: pixelsHeight, in: self)
    else { return }
    let factor = min(opacity, 1)
    for row in rows {
      for column in columns {
        let source = ((row - y) * pixelsWidth + (column - x)) * 4
        guard pixels[source + 3] > 0 else { continue }
        let alpha = Double(pixels[source + 3]) * factor
        let remaining = 1 - alpha / 255
        let target = (row * width + column) * 4
        for component in 0..<4 {
          bytes[target + component] = Self.byte(
            Double(pixels[source + component]) * factor
              + Double(bytes[target + component]) * remaining)
        }
      }
    }
  }

  /// The columns and rows of `bitmap` that a rectangle of pixels placed at `(x, y)` covers, or
  /// `nil` when it lies entirely outside.
  private static func overlap(
    x: Int, y: Int, width: Int, height: Int, in bitmap: RGBABitmap
  ) -> (columns: Range<Int>, rows: Range<Int>)? {
    let minX = max(0, x)
    let maxX = min(bitmap.width, x + width)
    let minY = max(0, y)
    let maxY = min(bitmap.height, y + height)
    guard minX < maxX, minY < maxY else { return nil }
    return (minX..<maxX, minY..<maxY)
  }
}
