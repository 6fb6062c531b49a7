import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct UTF8DecodingTests {
  @Test("every scalar decodes to itself, forward and backward, with its length")
  func everyScalar() {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var scalars: [Unicode.Scalar] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      starts.append(bytes.count)
      scalars.append(scalar)
      bytes.append(contentsOf: String(Character(scalar)).utf8)
    }
    starts.append(bytes.count)
    var failures = 0
    bytes.withUnsafeBufferPointer { buffer in
      for index in scalars.indices {
        let start = starts[index]
        let end = starts[index + 1]
        let forward = UTF8Decoding.scalar(at: start, in: buffer)
        let backward = UTF8Decoding.scalar(endingAt: end, in: buffer)
        if forward.scalar != scalars[index] || forward.length != end - start
          || UTF8Decoding.length(ofLead: buffer[start]) != end - start
          || backward.scalar != scalars[index] || backward.start != start
        {
          failures += 1
        }
      }
    }
    #expect(scalars.count == 0x110000 - 0x800)
    #expect(failures == 0)
  }
}
