import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

@testable import TextRaster

/// The APNG writer stores each frame after the first as the rectangle that changed, and a frame
/// equal to the one before as a longer delay of that one. These tests decode the file as a
/// viewer does (dispose none, blend source, each region pasted at its offset over the frame
/// before) and compare what shows at every moment with the bitmaps given.
@Suite struct AnimatedPNGDeltaTests {
  /// Checks that a decoded timeline shows each input frame during its whole delay: the frame a
  /// viewer shows at an input frame's start equals that input frame, and the file's duration is
  /// the sum of the delays. A frame shown for no time is not checked.
  static func expectShows(
    _ timeline: [(pixels: [UInt8], milliseconds: Int)], _ frames: [(RGBABitmap, Int)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      timeline.map(\.milliseconds).reduce(0, +) == frames.map(\.1).reduce(0, +),
      "the file's duration", sourceLocation: sourceLocation)
    var start = 0
    for (index, (bitmap, delay)) in frames.enumerated() {
      defer { start += delay }
      guard delay > 0 else { continue }
      // The stored frame shown at `start`: the last one that starts at or before it and lasts.
      var shownStart = 0
      var shown: [UInt8]?
      for frame in timeline {
        if shownStart <= start && start < shownStart + frame.milliseconds { shown = frame.pixels }
        shownStart += frame.milliseconds
      }
      // The input frame lasts its whole delay: the stored frame lasts at least as long.
      var endStart = 0
      var shownAtEnd: [UInt8]?
      for frame in timeline {
        let end = start + delay - 1
        if endStart <= end && end < endStart + frame.milliseconds { shownAtEnd = frame.pixels }
        endStart += frame.milliseconds
      }
      #expect(
        shown == bitmap.straightAlphaBytes() && shownAtEnd == shown,
        "input frame \(index) at \(start) ms", sourceLocation: sourceLocation)
    }
  }

  @Test("a frame equal to the one before lengthens that one's delay instead of being stored")
  func identicalFramesMerge() throws {
    let a = samplePicture()
    let b = samplePicture(shift: 3)
    let input = [(a, 100), (a, 50), (b, 40), (b, 40), (b, 10), (a, 30)]
    var writer = AnimatedPNGWriter(loopCount: 1)
    for (bitmap, delay) in input { try writer.append(bitmap, delay: .milliseconds(delay)) }
    #expect(writer.frameCount == 6)
    let reader = try PNGReader(writer.encode())
    #expect(reader.animationControl?.frames == 3)
    #expect(
      reader.chunkTypes == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
    #expect(reader.sequenceNumbers == [0, 1, 2, 3, 4])
    let timeline = try reader.timeline()
    #expect(timeline.map(\.milliseconds) == [150, 90, 30])
    #expect(
      timeline.map(\.pixels)
        == [a.straightAlphaBytes(), b.straightAlphaBytes(), a.straightAlphaBytes()])
    Self.expectShows(timeline, input)
  }

  @Test("an animation of one frame repeated is one frame lasting the whole time")
  func stillAnimation() throws {
    let frame = samplePicture()
    let animation = AnimatedPNG(
      frames: [
        .init(bitmap: frame, delay: .seconds(1)), .init(bitmap: frame, delay: .seconds(100)),
      ])
    let reader = try PNGReader(try animation.encode())
    #expect(reader.animationControl?.frames == 1)
    #expect(reader.chunkTypes == ["IHDR", "acTL", "fcTL", "IDAT", "IEND"])
    // 101 s does not fit in milliseconds (65.535 s at most): hundredths of a second.
    #expect(reader.frameControls[0].delayNumerator == 10_100)
    #expect(reader.frameControls[0].delayDenominator == 100)
    #expect(try reader.frames() == [frame.straightAlphaBytes()])
  }

  @Test("a changed rectangle is stored at its offset with its size, and only it")
  func changedRectangle() throws {
    let background = TextColor(red: 1, green: 1, blue: 1)
    let first = RGBABitmap(width: 40, height: 30, color: background)
    var second = first
    second.fill(rect: LayoutRect(x: 10, y: 5, width: 7, height: 4), color: red)
    var third = second
    // A pixel made clear: transparency replaces what was there (blend source).
    third[x: 39, y: 29] = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)
    var writer = AnimatedPNGWriter(compression: .fast)
    for bitmap in [first, second, third] { try writer.append(bitmap, delay: .milliseconds(20)) }
    let reader = try PNGReader(writer.encode())
    let controls = reader.frameControls
    #expect(controls.map(\.x) == [0, 10, 39])
    #expect(controls.map(\.y) == [0, 5, 29])
    #expect(controls.map(\.width) == [40, 7, 1])
    #expect(controls.map(\.height) == [30, 4, 1])
    #expect(controls.allSatisfy { $0.disposeOperation == 0 && $0.blendOperation == 0 })
    #expect(try reader.frames() == [first, second, third].map { $0.straightAlphaBytes() })
  }

  @Test(
    "a seeded random animation shows each frame for its delay, as a viewer composes it",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomAnimation(seed: UInt64) throws {
    var random = SeededRandomNumberGenerator(seed: seed)
    let width = Int.random(in: 1...37, using: &random)
    let height = Int.random(in: 1...23, using: &random)
    var bitmap = RGBABitmap(
      width: width, height: height,
      color: TextColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.5))
    var input: [(RGBABitmap, Int)] = []
    for _ in 0..<30 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        break  // The same frame again.
      case 1:
        // One pixel cleared or set to a translucent color.
        let x = Int.random(in: 0..<width, using: &random)
        let y = Int.random(in: 0..<height, using: &random)
        let alpha = UInt8.random(in: 0...255, using: &random)
        bitmap[x: x, y: y] = RGBAPixel(
          red: UInt8.random(in: 0...alpha, using: &random),
          green: UInt8.random(in: 0...alpha, using: &random),
          blue: UInt8.random(in: 0...alpha, using: &random), alpha: alpha)
      default:
        let x = Double.random(in: -5...Double(width), using: &random)
        let y = Double.random(in: -5...Double(height), using: &random)
        bitmap.fill(
          rect: LayoutRect(
            x: x, y: y, width: Double.random(in: 0.5...12, using: &random),
            height: Double.random(in: 0.5...9, using: &random)),
          color: TextColor(
            red: Double.random(in: 0...1, using: &random),
            green: Double.random(in: 0...1, using: &random),
            blue: Double.random(in: 0...1, using: &random),
            alpha: Double.random(in: 0.1...1, using: &random)))
      }
      input.append((bitmap, Int.random(in: 0...120, using: &random)))
    }
    for compression in [PNGCompression.small, .fast] {
      var writer = AnimatedPNGWriter(compression: compression)
      for (bitmap, delay) in input { try writer.append(bitmap, delay: .milliseconds(delay)) }
      let reader = try PNGReader(writer.encode())
      let timeline = try reader.timeline()
      Self.expectShows(timeline, input)
      // No stored frame repeats the one before, and each stored region lies in the image.
      #expect(zip(timeline, timeline.dropFirst()).allSatisfy { $0.pixels != $1.pixels })
      #expect(
        reader.frameControls.allSatisfy {
          $0.width > 0 && $0.height > 0 && $0.x + $0.width <= width && $0.y + $0.height <= height
        })
      let sequence = reader.sequenceNumbers
      #expect(sequence == Array(0..<UInt32(sequence.count)))
    }
  }

  @Test("an expanding text drawn by the renderer decodes to the frames drawn one by one")
  func renderedAnimation() throws {
    let drawing = try ComponentDrawing()
    var model = drawing.model()
    let engine = drawing.text.engine
    model.perform(.expand, at: 0)
    // The expansion, then the end held for three more frames, as a recording that runs on.
    let times = stride(from: 0.0, through: 0.5, by: 1.0 / 30).map { $0 }
    let frames = try times.map { time in
      AnimationFrame(
        list: try model.displayList(using: engine, at: time, visibleRect: nil),
        delay: .milliseconds(33))
    }
    let writer = try drawing.renderer.animation(frames, padding: 16, compression: .fast)
    let reader = try PNGReader(writer.encode())
    // Each frame drawn alone, at the size of the largest (the expanded end).
    let largest = CGSize(
      width: frames.map(\.list.size.width).max() ?? 0,
      height: frames.map(\.list.size.height).max() ?? 0)
    #expect(frames.first!.list.size.height < largest.height)
    let drawn = try frames.map { frame in
      var list = frame.list
      list.size = largest
      return (try drawing.image(list), 33)
    }
    let timeline = try reader.timeline()
    Self.expectShows(timeline, drawn)
    // The held end is one stored frame, and some frame after the first is a part of the image.
    #expect(timeline.count < frames.count)
    #expect(timeline.last?.milliseconds ?? 0 > 33)
    #expect(reader.frameControls.dropFirst().contains { $0.height < reader.height })
  }
}
