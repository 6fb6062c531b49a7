@_spi(Backend) import TextLayout

extension ShapeCache {
  /// A hash of a piece's bytes and key, the same for equal inputs within one process.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, key: Key) -> UInt64 {
    hash(of: 0..<bytes.count, in: bytes, keyHash: keyHash(key))
  }

  /// The part of a hash that depends on the key alone (``hash(of:in:keyHash:)`` mixes in the
  /// bytes): the pieces of a batch mostly share one key, which is then mixed once.
  static func keyHash(_ key: Key) -> UInt64 {
    var hash = mix(seed, UInt64(truncatingIfNeeded: key.primary) << 1 | (key.isRightToLeft ? 1 : 0))
    hash = mix(hash, key.size.bitPattern)
    hash = mix(hash, UInt64(truncatingIfNeeded: key.before) << 32 | UInt64(key.beforeScript))
    return mix(hash, UInt64(truncatingIfNeeded: key.after) << 32 | UInt64(key.afterScript))
  }

  /// A hash of a measure's tail, for ``ValueIndex``: every field by its bits, as the tail
  /// is compared.
  static func tailHash(_ tail: MeasureTail) -> UInt64 {
    var hash = mix(seed, tail.ascent.bitPattern)
    hash = mix(hash, tail.descent.bitPattern)
    hash = mix(hash, tail.lineGap.bitPattern)
    hash = mix(
      hash, UInt64(truncatingIfNeeded: tail.uncoveredCharacterCount) << 1 | (tail.hasEdges ? 1 : 0))
    hash = mix(hash, tail.edgeScale.bitPattern)
    hash = mix(
      hash,
      UInt64(UInt32(bitPattern: tail.plan)) << 32 | UInt64(UInt32(bitPattern: tail.lastAlonePlan)))
    return finalized(mix(hash, UInt64(UInt32(bitPattern: tail.lastAloneUnits))))
  }

  /// A hash of a run's style, for ``ValueIndex``: every field by its bits, as the style is
  /// compared.
  static func styleHash(_ style: Glyphs.Style) -> UInt64 {
    var hash = mix(
      seed, UInt64(truncatingIfNeeded: style.font.rawValue) << 1 | (style.isRightToLeft ? 1 : 0))
    hash = mix(hash, style.size.bitPattern)
    return finalized(mix(hash, style.scale.bitPattern))
  }

  /// The hash of the bytes at `range` of `text` with a key's ``keyHash(_:)``: the same as
  /// ``hash(_:key:)`` of those bytes alone.
  ///
  /// The bytes are mixed eight at a time; the last one to seven are read as one word too, from
  /// the bytes around them in `text` (masked off), when `text` holds eight bytes there: a word
  /// of six letters then costs one load instead of a loop over its bytes.
  static func hash(
    of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, keyHash: UInt64
  ) -> UInt64 {
    var hash = keyHash ^ UInt64(range.count) &* 0x9E37_79B9_7F4A_7C15
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      var offset = range.lowerBound
      let end = range.upperBound
      while offset + 8 <= end {
        hash = mix(
          hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      let rest = end - offset
      if rest > 0 {
        // The rest's bytes in the word's low bytes, the first lowest, the others zero.
        var last: UInt64 = 0
        if offset + 8 <= text.count {
          let word = UInt64(
            littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          last = word & (UInt64.max >> UInt64(64 - 8 * rest))
        } else if end >= 8 {
          let word = UInt64(
            littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
          last = word >> UInt64(64 - 8 * rest)
        } else {
          var shift: UInt64 = 0
          while offset < end {
            last |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
          }
        }
        hash = mix(hash, last)
      }
    }
    return finalized(hash)
  }

  /// The finalizer of MurmurHash3: every input bit reaches the low bits the tables use.
  @inline(__always)
  private static func finalized(_ value: UInt64) -> UInt64 {
    var hash = value
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return hash
  }

  /// Varies from process to process, so texts cannot be chosen to collide.
  private static let seed = UInt64.random(in: .min ... .max)

  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    let product = (hash ^ value).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    return product.high ^ product.low
  }
}
