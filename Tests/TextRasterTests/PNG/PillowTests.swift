import Foundation
import Testing
@_spi(Backend) import TextLayout

@testable import TextRaster

/// Pillow, an independent decoder, reads the files the same way the test's own reader does.
@Suite(.enabled(if: PillowDecoder.isAvailable, "needs python3-pil (scripts/bootstrap)"))
struct PillowTests {
  /// Writes each bitmap's straight RGBA bytes to a file for Python to compare with.
  func writeExpected(_ bitmaps: [RGBABitmap], in directory: String) throws -> [String] {
    try bitmaps.enumerated().map { index, bitmap in
      let path = directory + "/frame\(index).rgba"
      try Data(bitmap.straightAlphaBytes()).write(to: URL(fileURLWithPath: path))
      return path
    }
  }

  @Test("Pillow decodes a PNG to the bitmap's pixels")
  func png() throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bitmap = samplePicture()
    try PNGEncoder.write(bitmap, to: directory + "/still.png")
    let result = try PillowDecoder.compare(
      directory + "/still.png", expected: try writeExpected([bitmap], in: directory))
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "PNG 13 7 1\nequal 0\n")
  }

  @Test("Pillow decodes an indexed-colour PNG, with translucent entries, to the bitmap's pixels")
  func indexedPNG() throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bitmap = samplePicture()
    let bytes = try PNGEncoder.encode(bitmap, compression: .fast)
    #expect(bytes[25] == 3, "colour type 3, indexed")
    try Data(bytes).write(to: URL(fileURLWithPath: directory + "/indexed.png"))
    let result = try PillowDecoder.compare(
      directory + "/indexed.png", expected: try writeExpected([bitmap], in: directory))
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "PNG 13 7 1\nequal 0\n")
  }

  @Test("Pillow decodes an APNG to every frame, with the delays")
  func apng() throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let frames = [samplePicture(), samplePicture(shift: 2), samplePicture(shift: 4)]
    var animation = AnimatedPNG()
    for frame in frames { animation.append(frame, delay: .milliseconds(250)) }
    try animation.write(to: directory + "/moving.png")
    let result = try PillowDecoder.compare(
      directory + "/moving.png", expected: try writeExpected(frames, in: directory))
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "PNG 13 7 3\nequal 250\nequal 250\nequal 250\n")
  }

  @Test("Pillow composes changed rectangles and lengthened delays to the frames shown")
  func apngDeltas() throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = samplePicture()
    let b = samplePicture(shift: 3)
    var writer = AnimatedPNGWriter(compression: .fast)
    for (bitmap, delay) in [(a, 100), (b, 50), (b, 50), (a, 30)] {
      try writer.append(bitmap, delay: .milliseconds(delay))
    }
    try writer.write(to: directory + "/deltas.png")
    let result = try PillowDecoder.compare(
      directory + "/deltas.png", expected: try writeExpected([a, b, a], in: directory))
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "PNG 13 7 3\nequal 100\nequal 100\nequal 30\n")
  }
}
