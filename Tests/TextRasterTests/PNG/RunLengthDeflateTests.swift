import CZlib
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
