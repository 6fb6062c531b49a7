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
    // Row pointers, not array subscripts: a layer covers much of the canvas, and most of its
    // pixels are clear, skipped eight or two at a time (every alpha, the top byte of each half
    // of a little-endian word, zero).
    let clearPair: UInt64 = 0xFF00_0000_FF00_0000
    other.bytes.withUnsafeBytes { sourceBytes in
      bytes.withUnsafeMutableBytes { targetBytes in
        for row in rows {
          let source =
            sourceBytes.baseAddress! + ((row - y) * otherWidth + columns.lowerBound - x) * 4
          let target = targetBytes.baseAddress! + (row * width + columns.lowerBound) * 4
          let count = columns.count
          var index = 0
          while index < count {
            let offset = index &* 4
            // Eight clear pixels (a stretch of blank between lines or words) in one test.
            if index &+ 8 <= count {
              let word = {
                UInt64(
                  littleEndian: source.loadUnaligned(fromByteOffset: offset &+ $0, as: UInt64.self))
              }
              if (word(0) | word(8) | word(16) | word(24)) & clearPair == 0 {
                index &+= 8
                continue
              }
            }
            if index &+ 1 < count,
              UInt64(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                & clearPair == 0
            {
              index &+= 2
              continue
            }
            Self.composite(source + offset, over: target + offset)
            index &+= 1
          }
        }
      }
    }
  }

  /// One premultiplied pixel drawn over another: nothing when it is clear, itself when it is
  /// opaque, else source-over in integers.
  @inline(__always)
  private static func composite(
    _ source: UnsafeRawPointer, over target: UnsafeMutableRawPointer
  ) {
    let alpha = Int(source.load(fromByteOffset: 3, as: UInt8.self))
    guard alpha > 0 else { return }
    // Opaque covers: s + d × 0 is s.
    if alpha == 255 {
      target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
      return
    }
    let remaining = 255 - alpha
    for component in 0..<4 {
      // Premultiplied source-over in integers: s + d × (255 − αs) / 255, rounded.
      let blended =
        Int(source.load(fromByteOffset: component, as: UInt8.self))
        + (Int(target.load(fromByteOffset: component, as: UInt8.self)) * remaining + 127) / 255
      target.storeBytes(of: UInt8(min(255, blended)), toByteOffset: component, as: UInt8.self)
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
    draw(MaskColor(color), throughMask: mask, maskWidth: maskWidth, atX: x, y: y)
  }

  /// Composites a prepared color through an 8-bit coverage mask: what a text's glyphs do, one
  /// ``MaskColor`` made for all the glyphs of a color.
  mutating func draw(
    _ color: MaskColor, throughMask mask: [UInt8], maskWidth: Int, atX x: Int, y: Int
  ) {
    guard maskWidth > 0 else { return }
    let maskHeight = mask.count / maskWidth
    guard color.source.alpha > 0,
      let (columns, rows) = Self.overlap(x: x, y: y, width: maskWidth, height: maskHeight, in: self)
    else { return }
    guard color.isExact else {
      // A color whose premultiplied components are not whole bytes (a translucent color) is
      // blended in floating point, as every other drawing is.
      drawFloatingPoint(
        color.source, throughMask: mask, maskWidth: maskWidth, at: (x, y), columns, rows)
      return
    }
    let width = width
    // In integers (MaskColor.blend): the same as blend(at:in:_:coverage:) with a coverage of
    // m / 255, which costs a dozen floating-point operations a pixel. A glyph's mask is most
    // of what a frame of text draws, and most of its pixels land on transparent ones, which
    // take the color's table entry for their coverage.
    let (red, green, blue, alpha) = (color.red, color.green, color.blue, color.alpha)
    mask.withUnsafeBytes { mask in
      color.overClear.withUnsafeBufferPointer { overClear in
        bytes.withUnsafeMutableBytes { target in
          for row in rows {
            let maskRow = mask.baseAddress! + ((row - y) * maskWidth + columns.lowerBound - x)
            let targetRow = target.baseAddress! + (row * width + columns.lowerBound) * 4
            let count = columns.count
            var column = 0
            while column < count {
              // A glyph's mask is mostly zeros around its ink: eight at a time.
              if column &+ 8 <= count,
                maskRow.loadUnaligned(fromByteOffset: column, as: UInt64.self) == 0
              {
                column &+= 8
                continue
              }
              let coverage = Int(maskRow.load(fromByteOffset: column, as: UInt8.self))
              let pixel = targetRow + column &* 4
              column &+= 1
              guard coverage > 0 else { continue }
              let below = pixel.loadUnaligned(as: UInt32.self)
              // Over a transparent pixel (or under full coverage of an opaque color, which
              // hides what is below) the result is the table's.
              if below == 0 || coverage == 255 && alpha == 255 {
                pixel.storeBytes(of: overClear[coverage], as: UInt32.self)
                continue
              }
              func blended(_ component: Int, _ offset: Int) -> UInt8 {
                UInt8(
                  truncatingIfNeeded: MaskColor.blend(
                    component, coverage: coverage,
                    below: Int(pixel.load(fromByteOffset: offset, as: UInt8.self)), alpha: alpha))
              }
              pixel.storeBytes(of: blended(red, 0), toByteOffset: 0, as: UInt8.self)
              pixel.storeBytes(of: blended(green, 1), toByteOffset: 1, as: UInt8.self)
              pixel.storeBytes(of: blended(blue, 2), toByteOffset: 2, as: UInt8.self)
              pixel.storeBytes(of: blended(alpha, 3), toByteOffset: 3, as: UInt8.self)
            }
          }
        }
      }
    }
  }

  /// ``draw(_:throughMask:maskWidth:atX:y:)`` in floating point, for any color.
  private mutating func drawFloatingPoint(
    _ source: PremultipliedColor, throughMask mask: [UInt8], maskWidth: Int, at origin: (Int, Int),
    _ columns: Range<Int>, _ rows: Range<Int>
  ) {
    let width = width
    mask.withUnsafeBufferPointer { mask in
      bytes.withUnsafeMutableBufferPointer { target in
        for row in rows {
          for column in columns {
            let coverage = mask[(row - origin.1) * maskWidth + (column - origin.0)]
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
