import Foundation
import Testing
@_spi(Backend) import TextLayout

@testable import TextRaster

/// A small picture with opaque, translucent and clear pixels.
func samplePicture(width: Int = 13, height: Int = 7, shift: Double = 0) -> RGBABitmap {
  var bitmap = RGBABitmap(width: width, height: height)
  bitmap.fill(rect: LayoutRect(x: 1 + shift, y: 1, width: 6, height: 4), color: red)
  bitmap.fill(
    circleCenteredAt: LayoutPoint(x: 8, y: 4), radius: 3,
    color: TextColor(red: 0, green: 0.4, blue: 1, alpha: 0.6))
  return bitmap
}

@Suite struct PNGEncoderTests {
  @Test("a PNG has the signature, IHDR, IDAT and IEND, each with a valid CRC")
  func structure() throws {
    let bytes = try PNGEncoder.encode(samplePicture())
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let reader = try PNGReader(bytes)
    #expect(reader.chunkTypes == ["IHDR", "IDAT", "IEND"])
    #expect(reader.width == 13 && reader.height == 7)
  }

  @Test("decoding the PNG gives back the bitmap's pixels with straight alpha")
  func roundTrip() throws {
    let bitmap = samplePicture()
    let reader = try PNGReader(try PNGEncoder.encode(bitmap))
    #expect(try reader.image() == bitmap.straightAlphaBytes())
  }

  @Test("a large, varied image round-trips through every filter")
  func largeRoundTrip() throws {
    let bitmap = variedBitmap()
    let reader = try PNGReader(try PNGEncoder.encode(bitmap))
    #expect(try reader.image() == bitmap.straightAlphaBytes())
  }

  @Test("fast compression decodes to the same pixels, with the Up filter on every row")
  func fastCompression() throws {
    let bitmap = variedBitmap()
    let fast = try PNGEncoder.encode(bitmap, compression: .fast)
    let small = try PNGEncoder.encode(bitmap)
    #expect(try PNGReader(fast).image() == bitmap.straightAlphaBytes())
    #expect(fast != small)
    // The bitmap is opaque: RGB, every row filtered with Up (2).
    #expect(try PNGReader(fast).bytesPerPixel == 3)
    let filtered = try PNGReader(fast).inflatedImageData()
    let rowLength = 300 * 3 + 1
    #expect((0..<200).allSatisfy { filtered[$0 * rowLength] == 2 })
    var moved = bitmap
    moved.fill(
      circleCenteredAt: LayoutPoint(x: 150, y: 100), radius: 30,
      color: TextColor(red: 0, green: 0, blue: 1))
    var animation = AnimatedPNGWriter(compression: .fast)
    try animation.append(bitmap, delay: .milliseconds(40))
    try animation.append(moved, delay: .milliseconds(40))
    let reader = try PNGReader(animation.encode())
    #expect(try reader.image() == bitmap.straightAlphaBytes())
    #expect(reader.animationControl?.frames == 2)
  }

  @Test("an APNG with 3 frames has acTL 3, fcTL and fdAT in sequence, and the frames")
  func animation() throws {
    var animation = AnimatedPNG(loopCount: 2)
    let frames = [samplePicture(), samplePicture(shift: 2), samplePicture(shift: 4)]
    for (index, frame) in frames.enumerated() {
      animation.append(frame, delay: .milliseconds(100 * (index + 1)))
    }
    let reader = try PNGReader(try animation.encode())
    #expect(reader.animationControl?.frames == 3)
    #expect(reader.animationControl?.plays == 2)
    #expect(
      reader.chunkTypes == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
    #expect(reader.sequenceNumbers == [0, 1, 2, 3, 4])
    let controls = reader.frameControls
    #expect(controls.map(\.delayNumerator) == [100, 200, 300])
    #expect(controls.allSatisfy { $0.delayDenominator == 1000 })
    #expect(controls[0].width == 13 && controls[0].height == 7 && controls[0].x == 0)
    // Later frames store only the rectangle that changed.
    #expect(controls[1].width < 13)
    #expect(try reader.image() == frames[0].straightAlphaBytes())
    #expect(try reader.frames() == frames.map { $0.straightAlphaBytes() })
  }

  @Test("frames written as they come make the file of the same frames kept, and decode")
  func streamedAnimation() throws {
    let frames = [samplePicture(), samplePicture(shift: 3), samplePicture(shift: 3)]
    var writer = AnimatedPNGWriter(loopCount: 1)
    var kept = AnimatedPNG(loopCount: 1)
    for frame in frames {
      try writer.append(frame, delay: .milliseconds(40))
      kept.append(frame, delay: .milliseconds(40))
    }
    #expect(writer.frameCount == 3)
    #expect(writer.size?.width == 13 && writer.size?.height == 7)
    let bytes = try writer.encode()
    let keptBytes = try kept.encode()
    #expect(bytes == keptBytes)
    // The third frame repeats the second: the second shows twice as long instead.
    let timeline = try PNGReader(bytes).timeline()
    #expect(timeline.map(\.pixels) == frames.prefix(2).map { $0.straightAlphaBytes() })
    #expect(timeline.map(\.milliseconds) == [40, 80])
    // A frame of another size is refused when it comes, and the animation stays as it was.
    #expect {
      try writer.append(samplePicture(width: 5), delay: .zero)
    } throws: { error in
      "\(error)".contains("frame 3 is 5 × 7 pixels, frame 0 is 13 × 7")
    }
    #expect(writer.frameCount == 3)
    let again = try writer.encode()
    #expect(again == bytes)
  }

  @Test("an animation without frames, or with frames of different sizes, is an error")
  func invalidAnimation() {
    #expect(throws: TextRasterError.emptyAnimation) {
      try AnimatedPNG().encode()
    }
    var animation = AnimatedPNG()
    animation.append(samplePicture(), delay: .zero)
    animation.append(samplePicture(width: 5), delay: .zero)
    #expect {
      try animation.encode()
    } throws: { error in
      "\(error)".contains("frame 1 is 5 × 7 pixels, frame 0 is 13 × 7")
    }
  }

  // MARK: - Files

  @Test("writing replaces the file whole and leaves no temporary file behind")
  func atomicWrite() throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/picture.png"
    try PNGEncoder.write(RGBABitmap(width: 2, height: 2, color: red), to: path)
    try PNGEncoder.write(samplePicture(), to: path)
    #expect(try TestFiles.contents(of: directory) == ["picture.png"])
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(try PNGReader(bytes).image() == samplePicture().straightAlphaBytes())
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o644)
  }

  @Test(
    "an unwritable path throws an error naming it and leaves no file",
    arguments: ["missing-directory/picture.png", "picture.png/"])
  func unwritable(relativePath: String) throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/" + relativePath
    #expect {
      try PNGEncoder.write(samplePicture(), to: path)
    } throws: { error in
      guard case .cannotWrite(let failedPath, _, _) = error as? TextRasterError else {
        return false
      }
      return failedPath == path && "\(error)".contains(path)
    }
    #expect(try TestFiles.contents(of: directory) == [])
  }

  @Test("a path in /proc cannot be written and the error names it")
  func procPath() {
    let path = "/proc/textraster-test.png"
    #expect {
      try AnimatedPNG(frames: [.init(bitmap: samplePicture(), delay: .zero)]).write(to: path)
    } throws: { error in
      "\(error)".hasPrefix("Cannot write \(path): ")
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a directory that exists where the file should go is left alone")
  func directoryInTheWay() throws {
    let directory = try TestFiles.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/picture.png"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: TextRasterError.self) { try PNGEncoder.write(samplePicture(), to: path) }
    #expect(try TestFiles.contents(of: directory) == ["picture.png"])
  }
}

/// 300 × 200 pixels of overlapping translucent circles: every filter wins somewhere.
private func variedBitmap() -> RGBABitmap {
  var bitmap = RGBABitmap(width: 300, height: 200, color: white)
  for index in 0..<40 {
    let value = Double(index) / 40
    bitmap.fill(
      circleCenteredAt: LayoutPoint(x: Double(index * 7), y: Double(index * 5)), radius: 20,
      color: TextColor(red: value, green: 1 - value, blue: 0.5, alpha: 0.3 + value / 2))
  }
  return bitmap
}
