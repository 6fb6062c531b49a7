import CZlib
import TestSupport
import Testing

@testable import TextRaster

/// The run-length deflate stream that fast PNGs use, inflated by zlib.
@Suite struct RunLengthDeflateTests {
  /// zlib's `uncompress` of a stream expected to hold `count` bytes.
  private func inflated(_ stream: [UInt8], count: Int) -> (code: Int32, bytes: [UInt8]) {
    var length = uLong(count)
    var output = [UInt8](repeating: 0xAA, count: max(1, count))
    let code = output.withUnsafeMutableBufferPointer { target in
      stream.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
      }
    }
    return (code, Array(output.prefix(Int(length))))
  }

  @Test(
    "runs of every length around the codes' bounds inflate to the same bytes",
    arguments: [0, 1, 2, 3, 4, 5, 10, 11, 130, 257, 258, 259, 260, 261, 262, 516, 517, 100_000])
  func runs(length: Int) {
    // A run between two other bytes, of zeros and of another value.
    for value: UInt8 in [0, 7, 255] {
      let bytes = [1] + [UInt8](repeating: value, count: length) + [2, 2]
      let (code, result) = inflated(RunLengthDeflate.compressed(bytes), count: bytes.count)
      #expect(code == Z_OK)
      #expect(result == bytes, "a run of \(length) × \(value)")
    }
  }

  @Test("no bytes, and bytes without runs, inflate to themselves")
  func edges() {
    #expect(inflated(RunLengthDeflate.compressed([]), count: 0).code == Z_OK)
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let (code, result) = inflated(RunLengthDeflate.compressed(noise), count: noise.count)
    #expect(code == Z_OK && result == noise)
  }

  @Test(
    "the checksum, kept a run at a time, is zlib's Adler-32 of the bytes",
    arguments: [1, 2, 3, 4])
  func checksum(seed: UInt64) {
    // Runs from one byte to past the sums' reduction (2^16) and piece (2^20) lengths, of
    // every value, between literals: the closed form of a run against zlib's byte by byte.
    var generator = SeededRandomNumberGenerator(seed: seed)
    var bytes: [UInt8] = []
    while bytes.count < 3_000_000 {
      let length = [1, 2, 9, 300, 65_535, 65_537, 1_048_577][
        Int.random(in: 0..<7, using: &generator)]
      let value = seed == 4 ? 255 : UInt8.random(in: 0...255, using: &generator)
      bytes += [UInt8](repeating: value, count: length)
      bytes += (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
    }
    let stream = RunLengthDeflate.compressed(bytes)
    let expected = bytes.withUnsafeBufferPointer {
      UInt32(truncatingIfNeeded: adler32(1, $0.baseAddress, uInt($0.count)))
    }
    let stored = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    #expect(stored == expected)
    let (code, result) = inflated(stream, count: bytes.count)
    #expect(code == Z_OK && result == bytes)
  }

  @Test("filtered rows of a background with a few marks: a fraction of the bytes")
  func background() {
    var bytes = [UInt8](repeating: 0, count: 200_000)
    for index in stride(from: 0, to: bytes.count, by: 1201) { bytes[index] = 2 }
    for index in stride(from: 5_000, to: 9_000, by: 3) { bytes[index] = UInt8(index % 251) }
    let stream = RunLengthDeflate.compressed(bytes)
    #expect(inflated(stream, count: bytes.count).bytes == bytes)
    #expect(stream.count < bytes.count / 20)
  }
}
