import CZlib
import Foundation

/// A small PNG and APNG decoder for the tests: 8-bit RGBA, RGB or indexed colour (PLTE and
/// tRNS), no interlacing, which is all the encoders write. It checks the signature and every chunk's CRC with its own CRC-32, so it does
/// not trust the encoder's use of zlib's `crc32`.
struct PNGReader {
  struct Chunk {
    var type: String
    var data: [UInt8]
    var storedCRC: UInt32
  }

  /// One fcTL record and the frame's decoded pixels.
  struct FrameControl {
    var sequence: UInt32
    var width: Int
    var height: Int
    var x: Int
    var y: Int
    var delayNumerator: UInt16
    var delayDenominator: UInt16
    var disposeOperation: UInt8
    var blendOperation: UInt8
  }

  enum Failure: Error, CustomStringConvertible {
    case badSignature
    case truncated
    case badCRC(String)
    case unsupported(String)
    case inflate(Int32)

    var description: String {
      switch self {
      case .badSignature: "not a PNG signature"
      case .truncated: "the file ends inside a chunk"
      case .badCRC(let type): "the \(type) chunk's CRC does not match"
      case .unsupported(let what): "unsupported: \(what)"
      case .inflate(let code): "uncompress failed with \(code)"
      }
    }
  }

  let chunks: [Chunk]
  let width: Int
  let height: Int
  /// An indexed image's palette, each entry straight RGBA; `nil` for an RGBA or RGB image.
  let palette: [[UInt8]]?
  /// The bytes of a pixel in the image data: 4 (RGBA), 3 (RGB) or 1 (a palette index).
  let bytesPerPixel: Int

  init(_ bytes: [UInt8]) throws {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Failure.badSignature
    }
    var chunks: [Chunk] = []
    var position = 8
    while position < bytes.count {
      guard position + 12 <= bytes.count else { throw Failure.truncated }
      let length = Int(Self.uint32(bytes, at: position))
      guard position + 12 + length <= bytes.count else { throw Failure.truncated }
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      let data = Array(bytes[(position + 8)..<(position + 8 + length)])
      let stored = Self.uint32(bytes, at: position + 8 + length)
      guard Self.crc32(Array(bytes[(position + 4)..<(position + 8 + length)])) == stored else {
        throw Failure.badCRC(type)
      }
      chunks.append(Chunk(type: type, data: data, storedCRC: stored))
      position += 12 + length
    }
    guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else {
      throw Failure.unsupported("no IHDR first")
    }
    guard header.data[8] == 8, [2, 3, 6].contains(header.data[9]), header.data[12] == 0 else {
      throw Failure.unsupported("not 8-bit RGBA, RGB or indexed colour without interlacing")
    }
    bytesPerPixel = [2: 3, 3: 1, 6: 4][header.data[9]]!
    if header.data[9] == 3 {
      guard let plte = chunks.first(where: { $0.type == "PLTE" }), plte.data.count % 3 == 0,
        (3...768).contains(plte.data.count)
      else { throw Failure.unsupported("an indexed image without a valid PLTE") }
      let alphas = chunks.first { $0.type == "tRNS" }?.data ?? []
      guard alphas.count <= plte.data.count / 3 else {
        throw Failure.unsupported("tRNS longer than PLTE")
      }
      palette = (0..<(plte.data.count / 3)).map { entry in
        Array(plte.data[(entry * 3)..<(entry * 3 + 3)])
          + [entry < alphas.count ? alphas[entry] : 255]
      }
    } else {
      palette = nil
    }
    self.chunks = chunks
    self.width = Int(Self.uint32(header.data, at: 0))
    self.height = Int(Self.uint32(header.data, at: 4))
  }

  /// The chunk types in file order.
  var chunkTypes: [String] { chunks.map(\.type) }

  /// The default image (from the IDAT chunks), straight-alpha RGBA.
  func image() throws -> [UInt8] {
    let data = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    if bytesPerPixel == 3 {
      let rgb = try Self.decode(data, width: width, height: height, bytesPerPixel: 3)
      var pixels: [UInt8] = []
      pixels.reserveCapacity(width * height * 4)
      for start in stride(from: 0, to: rgb.count, by: 3) {
        pixels += rgb[start..<(start + 3)]
        pixels.append(255)
      }
      return pixels
    }
    guard let palette else { return try Self.decode(data, width: width, height: height) }
    let indices = try Self.decode(data, width: width, height: height, bytesPerPixel: 1)
    var pixels: [UInt8] = []
    pixels.reserveCapacity(indices.count * 4)
    for index in indices {
      guard Int(index) < palette.count else {
        throw Failure.unsupported("index \(index) past a palette of \(palette.count)")
      }
      pixels += palette[Int(index)]
    }
    return pixels
  }

  /// The default image's filtered rows, inflated: each row's filter type byte, then its bytes.
  func inflatedImageData() throws -> [UInt8] {
    let data = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    var length = uLong(height * (width * bytesPerPixel + 1))
    var filtered = [UInt8](repeating: 0, count: Int(length))
    let code = filtered.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
      }
    }
    guard code == Z_OK else { throw Failure.inflate(code) }
    return filtered
  }

  /// acTL: the number of frames and plays.
  var animationControl: (frames: UInt32, plays: UInt32)? {
    chunks.first { $0.type == "acTL" }.map {
      (Self.uint32($0.data, at: 0), Self.uint32($0.data, at: 4))
    }
  }

  /// The fcTL records in order.
  var frameControls: [FrameControl] {
    chunks.filter { $0.type == "fcTL" }.map { chunk in
      let data = chunk.data
      return FrameControl(
        sequence: Self.uint32(data, at: 0), width: Int(Self.uint32(data, at: 4)),
        height: Int(Self.uint32(data, at: 8)), x: Int(Self.uint32(data, at: 12)),
        y: Int(Self.uint32(data, at: 16)), delayNumerator: UInt16(data[20]) << 8 | UInt16(data[21]),
        delayDenominator: UInt16(data[22]) << 8 | UInt16(data[23]), disposeOperation: data[24],
        blendOperation: data[25])
    }
  }

  /// The sequence numbers of fcTL and fdAT chunks, in file order.
  var sequenceNumbers: [UInt32] {
    chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { Self.uint32($0.data, at: 0) }
  }

  /// Every frame of an APNG, fully composed, straight-alpha RGBA. Handles what the encoder
  /// writes: dispose none, blend source.
  func frames() throws -> [[UInt8]] {
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var result: [[UInt8]] = []
    var control: FrameControl?
    var data: [UInt8] = []
    func finish() throws {
      guard let control else { return }
      guard control.disposeOperation == 0, control.blendOperation == 0 else {
        throw Failure.unsupported("dispose or blend operations other than 0")
      }
      let region = try Self.decode(data, width: control.width, height: control.height)
      for row in 0..<control.height {
        for column in 0..<(control.width * 4) {
          canvas[((control.y + row) * width + control.x) * 4 + column] =
            region[row * control.width * 4 + column]
        }
      }
      result.append(canvas)
    }
    let controls = frameControls
    var controlIndex = 0
    for chunk in chunks {
      switch chunk.type {
      case "fcTL":
        try finish()
        control = controls[controlIndex]
        controlIndex += 1
        data = []
      case "IDAT": data += chunk.data
      case "fdAT": data += chunk.data.dropFirst(4)
      default: break
      }
    }
    try finish()
    return result
  }

  /// Every frame of an APNG, fully composed, with how long it shows in milliseconds (from its
  /// fcTL's delay fraction): what a viewer shows, frame by frame.
  func timeline() throws -> [(pixels: [UInt8], milliseconds: Int)] {
    let controls = frameControls
    let frames = try frames()
    guard frames.count == controls.count else { throw Failure.unsupported("fcTL without data") }
    return zip(frames, controls).map { frame, control in
      let denominator = control.delayDenominator == 0 ? 100 : Int(control.delayDenominator)
      return (frame, Int(control.delayNumerator) * 1000 / denominator)
    }
  }

  // MARK: - Decoding

  static func decode(
    _ compressed: [UInt8], width: Int, height: Int, bytesPerPixel: Int = 4
  ) throws -> [UInt8] {
    let step = bytesPerPixel
    let rowLength = width * step
    var length = uLong(height * (rowLength + 1))
    var filtered = [UInt8](repeating: 0, count: Int(length))
    let code = filtered.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
      }
    }
    guard code == Z_OK else { throw Failure.inflate(code) }
    guard Int(length) == filtered.count else { throw Failure.truncated }
    var pixels = [UInt8](repeating: 0, count: height * rowLength)
    for row in 0..<height {
      let filter = filtered[row * (rowLength + 1)]
      for index in 0..<rowLength {
        let raw = Int(filtered[row * (rowLength + 1) + 1 + index])
        let left = index >= step ? Int(pixels[row * rowLength + index - step]) : 0
        let up = row > 0 ? Int(pixels[(row - 1) * rowLength + index]) : 0
        let upLeft =
          row > 0 && index >= step ? Int(pixels[(row - 1) * rowLength + index - step]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4:
          let estimate = left + up - upLeft
          let (toLeft, toUp, toUpLeft) =
            (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predictor =
            toLeft <= toUp && toLeft <= toUpLeft ? left : (toUp <= toUpLeft ? up : upLeft)
        default: throw Failure.unsupported("filter \(filter)")
        }
        pixels[row * rowLength + index] = UInt8((raw + predictor) & 0xFF)
      }
    }
    return pixels
  }

  static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  /// CRC-32 as the PNG specification's sample code computes it.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
