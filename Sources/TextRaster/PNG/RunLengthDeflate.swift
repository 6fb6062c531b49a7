import CZlib

/// A zlib stream made in one pass: runs of a repeated byte as matches at distance 1, every
/// other byte as a literal, all in one block of the fixed Huffman codes.
///
/// Filtered image rows are mostly runs (the background: zeros after the Up filter, one palette
/// index without a filter), and zlib's level 1 spends most of its time on them: 0.76 ms for
/// 515 KB of zeros, byte by byte. Here a run is found eight bytes at a time and costs a few
/// codes, so a step of the playground's width slider encodes several times faster; the stream
/// is larger than zlib's (no matches but runs, no codes fitted to the data), about 1.5 times
/// for text on a background.
enum RunLengthDeflate {
  /// The zlib stream of some bytes: header, one fixed-code deflate block, Adler-32.
  static func compressed(_ bytes: [UInt8]) -> [UInt8] {
    var writer = BitWriter(capacity: bytes.count / 4 + 64)
    // CMF 0x78 (deflate, 32 KB window), FLG 0x01 (no dictionary, a multiple of 31).
    writer.output += [0x78, 0x01]
    // The last block (1), fixed codes (01).
    writer.put(0b011, count: 3)
    bytes.withUnsafeBufferPointer { bytes in
      let count = bytes.count
      let raw = UnsafeRawPointer(bytes.baseAddress)
      var index = 0
      while index < count {
        let value = bytes[index]
        var end = index + 1
        if let raw {
          // The run's length, eight bytes at a time.
          let pattern = UInt64(value) &* 0x0101_0101_0101_0101
          while end + 8 <= count, raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) == pattern
          {
            end += 8
          }
        }
        while end < count, bytes[end] == value { end += 1 }
        writer.literal(value)
        var left = end - index - 1
        while left >= 3 {
          let length = min(258, left)
          writer.match(length: length)
          left -= length
        }
        for _ in 0..<left { writer.literal(value) }
        index = end
      }
    }
    // The end of the block, then the Adler-32 of the bytes on a byte boundary.
    writer.put(0, count: 7)
    writer.flush()
    let checksum = bytes.withUnsafeBufferPointer {
      UInt32(truncatingIfNeeded: adler32(1, $0.baseAddress, uInt($0.count)))
    }
    writer.output += [
      UInt8(checksum >> 24), UInt8((checksum >> 16) & 0xFF), UInt8((checksum >> 8) & 0xFF),
      UInt8(checksum & 0xFF),
    ]
    return writer.output
  }

  /// Bits into bytes, least significant first, as deflate stores them.
  private struct BitWriter {
    var output: [UInt8] = []
    private var bits: UInt64 = 0
    private var count = 0

    init(capacity: Int) {
      output.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `value` (at most 32), first bit first.
    @inline(__always)
    mutating func put(_ value: UInt32, count added: Int) {
      bits |= UInt64(value) << UInt64(count)
      count += added
      while count >= 8 {
        output.append(UInt8(truncatingIfNeeded: bits))
        bits >>= 8
        count -= 8
      }
    }

    /// A literal byte's fixed code.
    @inline(__always)
    mutating func literal(_ value: UInt8) {
      let code = RunLengthDeflate.literalCodes[Int(value)]
      put(UInt32(code.bits), count: Int(code.count))
    }

    /// A match of 3 to 258 bytes at distance 1: the length's code and extra bits, then
    /// distance code 0 (five zero bits).
    @inline(__always)
    mutating func match(length: Int) {
      let code = RunLengthDeflate.lengthCodes[length - 3]
      put(code.bits, count: Int(code.count))
      put(0, count: 5)
    }

    /// Writes the bits left, the last byte padded with zeros.
    mutating func flush() {
      if count > 0 { output.append(UInt8(truncatingIfNeeded: bits)) }
      bits = 0
      count = 0
    }
  }

  /// A fixed Huffman code reversed into the order deflate writes its bits, and its length.
  private static func fixedCode(_ symbol: Int) -> (bits: UInt32, count: UInt32) {
    let (code, count): (Int, Int) =
      switch symbol {
      case 0...143: (0x30 + symbol, 8)
      case 144...255: (0x190 + symbol - 144, 9)
      case 256...279: (symbol - 256, 7)
      default: (0xC0 + symbol - 280, 8)
      }
    var reversed: UInt32 = 0
    for bit in 0..<count where code & (1 << (count - 1 - bit)) != 0 {
      reversed |= 1 << UInt32(bit)
    }
    return (reversed, UInt32(count))
  }

  /// The codes of the 256 literals.
  private static let literalCodes: [(bits: UInt16, count: UInt8)] = (0..<256).map {
    let code = fixedCode($0)
    return (UInt16(code.bits), UInt8(code.count))
  }

  /// The code of each length from 3 to 258 with its extra bits after it, as one run of bits.
  private static let lengthCodes: [(bits: UInt32, count: UInt32)] = (3...258).map { length in
    // The first length of each code 257...285, and its extra bits.
    let bases = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
      131, 163, 195, 227, 258,
    ]
    let extras = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    let index = bases.lastIndex { $0 <= length }!
    let code = fixedCode(257 + index)
    return (
      code.bits | UInt32(length - bases[index]) << code.count, code.count + UInt32(extras[index])
    )
  }
}
