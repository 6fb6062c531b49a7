import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

@testable import TextRaster

/// The shortcuts that make an animation frame cheap draw what the long way draws: lines off the
/// canvas are skipped, a clip that leaves no whole pixel out is drawn without a layer, and a
/// glyph's mask is blended in integers.
@Suite struct FrameDrawingTests {
  /// A text of many lines in several scripts, accents above and below included.
  static let longText = Array(
    repeating: paragraph + " Ünïcödé ÅÇÊ ẞ ǅ ŷ̈ ﬁ, Ελληνικά, Кириллица, עברית ومرحبا.", count: 4
  ).joined(separator: " ")

  /// How many bytes differ between two byte arrays of one length (all of them when the lengths
  /// differ): a count, so that a failure does not print megabytes.
  static func differingBytes(_ first: [UInt8], _ second: [UInt8]) -> Int {
    guard first.count == second.count else { return max(first.count, second.count) }
    return zip(first, second).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
  }

  /// The largest difference between two bitmaps' bytes; `nil` when their sizes differ.
  static func largestDifference(_ first: RGBABitmap, _ second: RGBABitmap) -> Int? {
    guard first.width == second.width, first.height == second.height else { return nil }
    return zip(first.bytes, second.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// A text on a canvas that shows only a band of it: the lines off the canvas are skipped.
  @Test(
    "a band of a long text is that part of the whole drawing, lines off the canvas skipped",
    arguments: [(RasterScale.x1, 0.0), (.x2, 37.25), (.x3, 101.5)])
  func band(scale: RasterScale, top: Double) throws {
    let text = try RealText()
    let layout = try text.layout(Self.longText, LayoutConfiguration(width: 280))
    #expect(layout.lines.count > 12)
    let renderer = ComponentRenderer(stack: text.stack, scale: scale)
    var whole = RasterCanvas(width: 280, height: layout.layoutSize.height, scale: scale)
    try renderer.glyphs.draw(layout, at: LayoutPoint(x: 0, y: 0), in: &whole)
    // Whole pixels, so that the band's pixels are the same pixels of the whole drawing.
    let pixelTop = Int(top * scale.factor)
    var band = RasterCanvas(width: 280, height: 60, scale: scale)
    try renderer.glyphs.draw(
      layout, at: LayoutPoint(x: 0, y: -Double(pixelTop) / scale.factor), in: &band)
    let rows = band.bitmap.height
    let expected = Array(
      whole.bitmap.bytes[(pixelTop * whole.bitmap.width * 4)...].prefix(
        rows * band.bitmap.width * 4))
    #expect(Self.differingBytes(band.bitmap.bytes, expected) == 0)
    #expect(band.bitmap.bytes.contains { $0 != 0 })
  }

  @Test("marks stacked above a line's box are drawn on a canvas that ends where the line starts")
  func inkOutsideTheLine() throws {
    let text = try RealText()
    // Capitals with three marks stacked on them reach above their line's ascent.
    let stacked = Array(repeating: "Ŷ\u{308}\u{308}\u{308} word Ö\u{308}\u{308}", count: 30)
      .joined(separator: " ")
    let layout = try text.layout(stacked, LayoutConfiguration(width: 200))
    #expect(layout.lines.count > 6)
    let renderer = ComponentRenderer(stack: text.stack, scale: .x2)
    var whole = RasterCanvas(width: 200, height: layout.layoutSize.height + 20, scale: .x2)
    try renderer.glyphs.draw(layout, at: LayoutPoint(x: 0, y: 20), in: &whole)
    // The canvas ends exactly where the fourth line's box starts.
    let bottom = Int(((20 + layout.lines[3].top) * 2).rounded(.down))
    var band = RasterCanvas(width: 200, height: Double(bottom) / 2, scale: .x2)
    try renderer.glyphs.draw(layout, at: LayoutPoint(x: 0, y: 20), in: &band)
    let expected = Array(whole.bitmap.bytes.prefix(band.bitmap.bytes.count))
    #expect(Self.differingBytes(band.bitmap.bytes, expected) == 0)
    // And the marks do reach above the first line's box, into the margin above it.
    let firstTop = Int(((20 + layout.lines[0].top) * 2).rounded(.down))
    #expect(whole.bitmap.bytes.prefix(firstTop * whole.bitmap.width * 4).contains { $0 != 0 })
  }

  @Test(
    "a clip that leaves no whole pixel out draws what a layer draws",
    arguments: [0.0, 0.3, 0.5, 0.75])
  func clipWithoutLayer(fraction: Double) throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.text.layout(Self.longText, LayoutConfiguration(width: 240))
    // The frame of an expansion under way: the text clipped to a height that is no whole
    // number of pixels, on a canvas as tall as the height rounded up.
    let height = 100 + fraction
    let text = DisplayItem.text(
      TextItem(
        layout: layout, origin: CGPoint(x: 0, y: 0), color: Theme.light.primaryText,
        accentColor: Theme.light.accent))
    func list(_ group: GroupItem) -> DisplayList<Never> {
      DisplayList(
        size: CGSize(width: 240, height: height), background: Theme.light.background,
        items: [.group(group)])
    }
    let clip = CGRect(x: 0, y: 0, width: 240, height: height)
    let direct = try drawing.renderer.image(of: list(GroupItem(items: [text], clip: clip)))
    // A circle mask around everything takes the layer's way and masks nothing.
    let layered = try drawing.renderer.image(
      of: list(
        GroupItem(items: [text], clip: clip, mask: .circle(center: .zero, radius: 10_000))))
    let difference = try #require(Self.largestDifference(direct, layered))
    // Blending straight on the background, or on a clear layer composited after, rounds
    // differently by at most a unit.
    #expect(difference <= 1)
    // On a transparent background, as the GTK widget draws.
    var clear = list(GroupItem(items: [text], clip: clip))
    clear.background = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
    var clearLayered = list(
      GroupItem(items: [text], clip: clip, mask: .circle(center: .zero, radius: 10_000)))
    clearLayered.background = clear.background
    let transparent = try #require(
      Self.largestDifference(
        try drawing.renderer.image(of: clear), try drawing.renderer.image(of: clearLayered)))
    #expect(transparent <= 1)
    // The last row, partly inside the clip, is drawn by the part it covers: fainter than the
    // same row with the clip a pixel lower.
    if fraction > 0 {
      let lastRow = direct.height - 1
      let fuller = try drawing.renderer.image(
        of: list(
          GroupItem(
            items: [text], clip: CGRect(x: 0, y: 0, width: 240, height: height + 0.5))))
      let ink = { (bitmap: RGBABitmap) in
        (0..<bitmap.width).reduce(0) { $0 + 255 - Int(bitmap[x: $1, y: lastRow].red) }
      }
      #expect(ink(direct) <= ink(fuller))
    }
  }

  @Test("a clip that leaves whole pixels out still clips: nothing is drawn outside it")
  func clipLeavingPixelsOut() throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.text.layout(Self.longText, LayoutConfiguration(width: 240))
    let list = DisplayList<Never>(
      size: CGSize(width: 240, height: 200), background: Theme.light.background,
      items: [
        .group(
          GroupItem(
            items: [
              .text(
                TextItem(
                  layout: layout, origin: CGPoint(x: 0, y: 0), color: Theme.light.primaryText,
                  accentColor: Theme.light.accent))
            ], clip: CGRect(x: 20, y: 30, width: 100, height: 50)))
      ])
    let image = try drawing.renderer.image(of: list)
    let white = RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255)
    var inside = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x: x, y: y] != white {
        #expect(x >= 40 && x < 240 && y >= 60 && y < 160, "ink at (\(x), \(y))")
        inside += 1
      }
    }
    #expect(inside > 100)
  }

  @Test(
    "a glyph mask blended in integers gives the bytes the floating-point blend gives",
    arguments: [
      TextColor(red: 0, green: 0, blue: 0), TextColor(red: 1, green: 1, blue: 1),
      TextColor(red: 1, green: 0, blue: 0, alpha: 0.6),
      TextColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8),
      // Translucent, with whole-byte components (51): blended in integers, never covering.
      TextColor(red: 0, green: 0, blue: 0, alpha: 0.2),
      TextColor(red: 1, green: 1, blue: 1, alpha: 0.2),
    ])
  func integerMask(color: TextColor) {
    // Every coverage (the columns) over backgrounds of every opacity, dark, light and mixed
    // (the rows): premultiplied, so no component exceeds the alpha.
    let width = 256
    var backgrounds: [(UInt8, UInt8, UInt8, UInt8)] = []
    for alpha in stride(from: 0, through: 255, by: 3) {
      let a = UInt8(alpha)
      backgrounds += [(0, 0, 0, a), (a, a, a, a), (a / 3, a / 2, a, a)]
    }
    let mask = (0..<(width * backgrounds.count)).map { UInt8($0 % width) }
    var background = RGBABitmap(width: width, height: backgrounds.count)
    for (row, pixel) in backgrounds.enumerated() {
      for column in 0..<width {
        background[x: column, y: row] = RGBAPixel(
          red: pixel.0, green: pixel.1, blue: pixel.2, alpha: pixel.3)
      }
    }
    var integer = background
    integer.draw(color, throughMask: mask, maskWidth: width, atX: 0, y: 0)
    var reference = background
    let source = PremultipliedColor(color)
    for index in mask.indices where mask[index] > 0 {
      reference.blend(at: index * 4, source, coverage: Double(mask[index]) / 255)
    }
    #expect(Self.differingBytes(integer.bytes, reference.bytes) == 0)
  }

  @Test(
    "a glyph mask placed anywhere, clipped, with runs of zeros, blends each pixel it covers",
    arguments: 1...20 as ClosedRange<UInt64>)
  func placedMask(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let background = ShapeInteriorTests.background(&random)
    // A mask of runs of zero, full and partial coverage, as a glyph's edges and ink are.
    let (width, height) = (
      Int.random(in: 1...40, using: &random), Int.random(in: 1...30, using: &random)
    )
    let mask = ShapeInteriorTests.runs(width * height, &random)
    let color = [
      TextColor(red: 0, green: 0, blue: 0), TextColor(red: 0.2, green: 0.4, blue: 0.6),
      TextColor(red: 1, green: 0, blue: 0, alpha: 0.6),
    ][Int(seed % 3)]
    let (x, y) = (
      Int.random(in: -30...45, using: &random), Int.random(in: -25...38, using: &random)
    )
    var drawn = background
    drawn.draw(color, throughMask: mask, maskWidth: width, atX: x, y: y)
    var reference = background
    let source = PremultipliedColor(color)
    for row in 0..<height where (0..<background.height).contains(y + row) {
      for column in 0..<width where (0..<background.width).contains(x + column) {
        let coverage = mask[row * width + column]
        guard coverage > 0 else { continue }
        reference.blend(
          at: ((y + row) * background.width + x + column) * 4, source,
          coverage: Double(coverage) / 255)
      }
    }
    #expect(Self.differingBytes(drawn.bytes, reference.bytes) == 0)
  }

  /// A circle-masked group (a spoiler's reveal) drawn into a layer over only the circle's
  /// square is the same picture as the long way: a layer over the whole canvas, everything
  /// outside the circle cleared, composited.
  @Test(
    "a circle mask's layer covers only the circle's square and draws what the whole canvas's did",
    arguments: [RasterScale.x1, .x2, .x3])
  func circleLayer(scale: RasterScale) throws {
    let text = try RealText()
    let layout = try text.layout(Self.longText, LayoutConfiguration(width: 240))
    let renderer = ComponentRenderer(stack: text.stack, scale: scale)
    let size = CGSize(width: 240, height: min(160, layout.layoutSize.height))
    let ink = DisplayItem.text(
      TextItem(
        layout: layout, origin: CGPoint(x: 0, y: 0), color: Theme.light.primaryText,
        accentColor: Theme.light.accent))
    let dots = DisplayItem.dust(
      DustItem(
        grains: (0..<400).map { (index: Int) -> DustGrain in
          let x = Double(index * 37 % 240)
          let y = Double(index * 53 % 160)
          let diameter = 0.45 + Double(index % 8) * 0.1
          return DustGrain(
            center: CGPoint(x: x, y: y), diameter: diameter, opacity: 0.9, colorIndex: 0)
        }, colors: [Theme.light.accent]))
    let padding = 16.0
    // Tiny (a reveal's first frame), partly off the canvas, larger than the canvas, nothing.
    for (center, radius) in [
      (CGPoint(x: 120.3, y: 40.7), 3.2), (CGPoint(x: 2, y: 150), 45.5),
      (CGPoint(x: 100, y: 80), 400), (CGPoint(x: 60, y: 60), 0),
    ] {
      let list = DisplayList<Never>(
        size: size, background: Theme.light.background,
        items: [
          .group(GroupItem(items: [ink, dots], mask: .circle(center: center, radius: radius)))
        ]
      )
      let shortcut = try renderer.image(of: list, padding: padding)
      // The long way, by hand.
      let width = 240 + 2 * padding
      let height = Double(size.height) + 2 * padding
      var canvas = RasterCanvas(
        width: width, height: height, scale: scale, background: Theme.light.background)
      let background = canvas.bitmap
      var layer = RasterCanvas(
        width: width, height: height, scale: scale,
        background: TextColor(red: 0, green: 0, blue: 0, alpha: 0))
      try renderer.draw(
        DisplayList<Never>(size: size, background: Theme.light.background, items: [ink, dots]),
        at: LayoutPoint(x: padding, y: padding), in: &layer)
      layer.bitmap.clear(
        outsideCircleCenteredAt: layer.pixelPoint(
          LayoutPoint(x: padding + Double(center.x), y: padding + Double(center.y))),
        radius: radius * scale.factor)
      canvas.bitmap.draw(layer.bitmap, atX: 0, y: 0)
      let difference = try #require(Self.largestDifference(shortcut, canvas.bitmap))
      #expect(difference == 0, "radius \(radius) at \(scale)")
      // Something shows inside every circle but the empty one.
      #expect((shortcut.bytes != background.bytes) == (radius > 0), "radius \(radius)")
    }
  }

}
