import CZlib

/// A zlib stream made in one pass: runs of a repeated byte as matches at distance 1, every
/// other byte as a literal, all in one block of the fixed Huffman codes, and the stream's
/// Adler-32 kept in the same pass (a run's in closed form, not byte by byte).
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
    // At most nine bits a byte (a literal; a run costs less), the header, the block's first
    // and last codes, the checksum, and room for the writer's last four-byte store.
    let capacity = bytes.count + bytes.count / 8 + 16
    return [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
      var writer = BitWriter(output.baseAddress!)
      // CMF 0x78 (deflate, 32 KB window), FLG 0x01 (no dictionary, a multiple of 31).
      writer.put(0x0178, count: 16)
      // The last block (1), fixed codes (01).
      writer.put(0b011, count: 3)
      var checksum = Adler32()
      bytes.withUnsafeBufferPointer { bytes in
        let count = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress)
        var index = 0
        while index < count {
          let value = bytes[index]
          // A byte unlike the next, as most of a line of text's bytes are: a literal, without
          // the run's search.
          if index &+ 1 < count, bytes[index &+ 1] != value {
            checksum.add(value)
            writer.literal(value)
            index &+= 1
            continue
          }
          var end = index + 1
          if let raw {
            // The run's length, 32 bytes at a time (a background row is one long run), then
            // eight at a time.
            let pattern = UInt64(value) &* 0x0101_0101_0101_0101
            while end &+ 32 <= count {
              let word = { raw.loadUnaligned(fromByteOffset: end &+ $0, as: UInt64.self) ^ pattern }
              guard word(0) | word(8) | word(16) | word(24) == 0 else { break }
              end &+= 32
            }
            while end + 8 <= count,
              raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) == pattern
            {
              end += 8
            }
          }
          while end < count, bytes[end] == value { end += 1 }
          checksum.add(value, repeated: end - index)
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
      let adler = checksum.value
      for shift in [24, 16, 8, 0] as [UInt32] {
        writer.put(UInt32(adler >> shift) & 0xFF, count: 8)
      }
      writer.flush()
      initialized = writer.written
    }
  }

  /// Adler-32 kept as the bytes go by, a run at a time: a run of `n` bytes `v` adds `n × v` to
  /// the sum of the bytes and `n × a + v × n(n+1)/2` to the sum of the sums, in closed form.
  private struct Adler32 {
    private var a: UInt64 = 1
    private var b: UInt64 = 0
    /// Bytes added since both sums were last reduced.
    private var pending = 0

    private static let modulus: UInt64 = 65521

    /// Adds one byte.
    @inline(__always)
    mutating func add(_ value: UInt8) {
      a &+= UInt64(value)
      b &+= a
      pending &+= 1
      reduceIfDue()
    }

    /// Adds `count` bytes of one value.
    @inline(__always)
    mutating func add(_ value: UInt8, repeated count: Int) {
      var left = count
      // Reduced at least every 2^16 bytes, a stays below 2^29 and b below 2^50 whatever
      // comes in pieces of up to 2^20 bytes.
      while left > 0 {
        let n = UInt64(min(left, 1 << 20))
        let v = UInt64(value)
        b &+= n &* a &+ v &* (n &* (n &+ 1) / 2)
        a &+= v &* n
        pending &+= Int(n)
        left -= Int(n)
        reduceIfDue()
      }
    }

    /// Reduces both sums once 2^16 bytes have come in since they last were.
    @inline(__always)
    private mutating func reduceIfDue() {
      guard pending >= 1 << 16 else { return }
      a %= Self.modulus
      b %= Self.modulus
      pending = 0
    }

    /// The checksum: the sum of the sums in the high 16 bits, the sum in the low.
    var value: UInt32 {
      UInt32(b % Self.modulus) << 16 | UInt32(a % Self.modulus)
    }
  }

  /// Bits into bytes, least significant first, as deflate stores them, written four bytes at
  /// a time into a buffer large enough for the whole stream.
  private struct BitWriter {
    private let output: UnsafeMutablePointer<UInt8>
    // The code tables, read once: a static's every read checks that it was made.
    private let literalCodes = RunLengthDeflate.literalCodes
    private let lengthCodes = RunLengthDeflate.lengthCodes
    private(set) var written = 0
    private var bits: UInt64 = 0
    private var count = 0

    init(_ output: UnsafeMutablePointer<UInt8>) {
      self.output = output
    }

    /// Appends the low `count` bits of `value` (at most 32), first bit first.
    @inline(__always)
    mutating func put(_ value: UInt32, count added: Int) {
      bits |= UInt64(value) << UInt64(count)
      count += added
      if count >= 32 {
        UnsafeMutableRawPointer(output + written).storeBytes(
          of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
        written += 4
        bits >>= 32
        count -= 32
      }
    }

    /// A literal byte's fixed code.
    @inline(__always)
    mutating func literal(_ value: UInt8) {
      let code = literalCodes[Int(value)]
      put(UInt32(code.bits), count: Int(code.count))
    }

    /// A match of 3 to 258 bytes at distance 1: the length's code and extra bits, then
    /// distance code 0 (five zero bits).
    @inline(__always)
    mutating func match(length: Int) {
      let code = lengthCodes[length - 3]
      put(code.bits, count: Int(code.count) + 5)
    }

    /// Writes the bits left, whole bytes, the last padded with zeros.
    mutating func flush() {
      while count > 0 {
        output[written] = UInt8(truncatingIfNeeded: bits)
        written += 1
        bits >>= 8
        count = max(0, count - 8)
      }
      bits = 0
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
