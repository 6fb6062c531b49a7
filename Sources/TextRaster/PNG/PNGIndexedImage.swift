/// A rectangle of a bitmap as an indexed-colour PNG image, when it has at most 256 colours.
///
/// Text on one background usually has far fewer: the background, the text colours and the
/// edge shades between them. One byte a pixel instead of four gives deflate a quarter of the
/// bytes, and the colours are made straight-alpha once per palette entry instead of once per
/// pixel. The decoded pixels are those of the RGBA image, byte for byte: each entry is the
/// straight-alpha colour ``RGBABitmap/straightAlphaBytes()`` gives its pixels.
struct PNGIndexedImage {
  /// The palette's entries as PLTE holds them: red, green, blue.
  private(set) var palette: [UInt8] = []
  /// The entries' alphas as tRNS holds them, up to the last entry that is not opaque; empty
  /// when every entry is.
  private(set) var alphas: [UInt8] = []
  /// The image's rows, each its filter byte (None) then one palette index a pixel.
  let rows: [UInt8]

  /// The most entries a palette holds.
  static let capacity = 256

  /// Indexes a rectangle of a bitmap; `nil` when it has more than ``capacity`` colours (the
  /// scan stops at the first colour too many).
  ///
  /// - Parameters:
  ///   - bitmap: The image.
  ///   - columns: The rectangle's columns, inside the bitmap.
  ///   - rows: The rectangle's rows, inside the bitmap.
  init?(_ bitmap: RGBABitmap, columns: Range<Int>, rows: Range<Int>) {
    let rowLength = columns.count + 1
    let count = rowLength * rows.count
    // Premultiplied pixels as little-endian words, in an open-addressed table of four
    // times the palette's size; a slot holds its entry's index + 1, 0 when empty.
    var keys = [UInt32](repeating: 0, count: Self.tableSize)
    var slots = [UInt16](repeating: 0, count: Self.tableSize)
    var colors: [UInt32] = []
    colors.reserveCapacity(Self.capacity)
    var isIndexed = true
    let indexed = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
      bitmap.bytes.withUnsafeBytes { source in
        keys.withUnsafeMutableBufferPointer { keys in
          slots.withUnsafeMutableBufferPointer { slots in
            var last: UInt32 = 0
            var lastIndex: UInt8 = 0
            var hasLast = false
            // Every 16th row first, then the rows between them, halving the gaps: a bitmap
            // of too many colours (a fade on its last line, say) is found out after a few
            // rows wherever its colours are, not after most of the scan.
            let order = [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15].lazy.flatMap {
              stride(from: $0, to: rows.count, by: 16)
            }
            scan: for index in order {
              let row = rows.lowerBound + index
              var target = index * rowLength
              output[target] = 0
              target += 1
              let start = (row * bitmap.width + columns.lowerBound) * 4
              for offset in stride(from: start, to: start + columns.count * 4, by: 4) {
                let pixel = UInt32(
                  littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if !hasLast || pixel != last {
                  var slot = Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) >> Self.shift)
                  while true {
                    let entry = slots[slot]
                    if entry == 0 {
                      guard colors.count < Self.capacity else {
                        isIndexed = false
                        break scan
                      }
                      colors.append(pixel)
                      keys[slot] = pixel
                      slots[slot] = UInt16(colors.count)
                      lastIndex = UInt8(colors.count - 1)
                      break
                    }
                    if keys[slot] == pixel {
                      lastIndex = UInt8(entry - 1)
                      break
                    }
                    slot = (slot + 1) & (Self.tableSize - 1)
                  }
                  last = pixel
                  hasLast = true
                }
                output[target] = lastIndex
                target += 1
              }
            }
          }
        }
      }
      initialized = isIndexed ? count : 0
    }
    guard isIndexed else { return nil }
    self.rows = indexed
    palette.reserveCapacity(colors.count * 3)
    var alphas: [UInt8] = []
    alphas.reserveCapacity(colors.count)
    for color in colors {
      let alpha = Int(color >> 24)
      for shift in [0, 8, 16] as [UInt32] {
        let component = Int((color >> shift) & 0xFF)
        // Clear and opaque pixels unchanged, as in the RGBA image.
        palette.append(
          alpha == 0 || alpha == 255
            ? UInt8(component) : RGBABitmap.straightComponent(component, alpha: alpha))
      }
      alphas.append(UInt8(alpha))
    }
    if let lastTranslucent = alphas.lastIndex(where: { $0 != 255 }) {
      self.alphas = Array(alphas[...lastTranslucent])
    }
  }

  /// The hash table's slots: four for each palette entry, a power of two.
  private static let tableSize = 1024
  /// The shift that keeps a hash's top bits, as many as index ``tableSize`` slots.
  private static let shift: UInt32 = 22
}
