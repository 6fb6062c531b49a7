import CZlib

/// Builds a PNG file: the signature, then chunks with their lengths and CRCs.
struct PNGChunkWriter {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The file so far.
  private(set) var bytes: [UInt8]

  /// Starts a file with `signature` (empty for chunks that another file will hold).
  init(signature: [UInt8] = PNGChunkWriter.signature) {
    bytes = signature
  }

  /// Appends bytes that are already chunks.
  mutating func append(raw chunks: [UInt8]) {
    bytes += chunks
  }

  /// Appends a chunk: its length, its four-letter type, its data and the CRC-32 of type and data.
  mutating func append(_ type: String, _ data: [UInt8]) {
    let typeBytes = Array(type.utf8)
    precondition(typeBytes.count == 4, "A PNG chunk type has four letters")
    precondition(data.count <= Int(Int32.max), "A PNG chunk holds at most 2³¹ − 1 bytes")
    let start = bytes.count
    bytes.reserveCapacity(start + 12 + data.count)
    bytes += Self.bigEndian(UInt32(data.count))
    bytes += typeBytes
    bytes += data
    bytes += checksum(of: start)
  }

  /// Overwrites bytes of a chunk's data already written, and its CRC.
  ///
  /// - Parameters:
  ///   - start: Where the chunk starts in ``bytes`` (its length field).
  ///   - dataOffset: Where the new bytes go in the chunk's data.
  ///   - replacement: The new bytes; they stay inside the data.
  mutating func update(chunkAt start: Int, dataOffset: Int, with replacement: [UInt8]) {
    let length =
      Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8
      | Int(bytes[start + 3])
    precondition(dataOffset >= 0 && dataOffset + replacement.count <= length)
    let target = start + 8 + dataOffset
    bytes.replaceSubrange(target..<(target + replacement.count), with: replacement)
    let crc = start + 8 + length
    bytes.replaceSubrange(crc..<(crc + 4), with: checksum(of: start))
  }

  /// The CRC-32 of the type and data of the chunk that starts at an offset, as PNG stores it.
  private func checksum(of start: Int) -> [UInt8] {
    let length =
      Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8
      | Int(bytes[start + 3])
    let checksum = bytes.withUnsafeBufferPointer { buffer in
      crc32(0, buffer.baseAddress! + start + 4, uInt(4 + length))
    }
    return Self.bigEndian(UInt32(truncatingIfNeeded: checksum))
  }

  /// The IHDR chunk's data for 8 bits a sample without interlacing.
  ///
  /// - Parameter colorType: 6 (RGBA, the default), 2 (RGB) or 3 (palette indices).
  static func header(width: Int, height: Int, colorType: UInt8 = 6) -> [UInt8] {
    // Bit depth 8, the colour type, deflate compression, adaptive filtering, no interlace.
    bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0]
  }

  /// A 32-bit unsigned integer as PNG stores it, most significant byte first.
  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  /// A 16-bit unsigned integer, most significant byte first.
  static func bigEndian(_ value: UInt16) -> [UInt8] {
    [UInt8(value >> 8), UInt8(value & 0xFF)]
  }
}
