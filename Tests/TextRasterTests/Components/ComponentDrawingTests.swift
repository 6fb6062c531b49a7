import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

@testable import TextRaster

/// A description long enough to be cut at three lines in 300 points.
let componentText = """
  Keep a short note for every day, tag the people and places that mattered, and read the whole \
  week back on Sunday in a minute or two.
  """

let hebrewText = """
  היומן הזה עוזר לך לכתוב משפט אחד בכל ערב ולראות את השבוע שלך במבט אחד, והרשומות שלך נשארות \
  בטלפון שלך.
  """

/// Components drawn with the real text stack and DejaVu Sans, at 2×, with 16 points of padding,
/// so that the component's origin is at (16, 16) on the image.
struct ComponentDrawing {
  let text: RealText
  let renderer: ComponentRenderer
  var glyphs: GlyphCache { renderer.glyphs }
  let origin = LayoutPoint(x: 16, y: 16)

  init() throws {
    text = try RealText()
    renderer = ComponentRenderer(stack: text.stack, scale: .x2)
  }

  func model(
    _ string: String = componentText, theme: Theme = .light,
    style: TruncationStyle = .fade, direction: InterfaceDirection = .leftToRight
  ) -> ExpandableTextModel {
    ExpandableTextModel(
      text: StyledText(string, style: text.style),
      environment: ComponentEnvironment(width: 300, theme: theme, direction: direction),
      truncationStyle: style)
  }

  /// A display list drawn with the component at (16, 16).
  func image<Action>(_ list: DisplayList<Action>) throws -> RGBABitmap {
    try renderer.image(of: list, padding: 16)
  }

  /// A laid-out text alone, on a component of a size, with no fade and no button.
  func plain(_ layout: LaidOutText, size: CGSize, theme: Theme = .light) throws -> RGBABitmap {
    try image(
      DisplayList<Never>(
        size: size, background: theme.background,
        items: [
          .text(
            TextItem(
              layout: layout, origin: .zero, color: theme.primaryText, accentColor: theme.accent))
        ]))
  }

  /// The pixels wholly inside a rectangle in points (and inside the image), as (x, y).
  func pixels(in rect: LayoutRect, of bitmap: RGBABitmap) -> [(x: Int, y: Int)] {
    let area = LayoutRect(
      x: (origin.x + rect.minX) * 2, y: (origin.y + rect.minY) * 2, width: rect.width * 2,
      height: rect.height * 2)
    var result: [(Int, Int)] = []
    let rows =
      max(
        0, Int(area.minY.rounded(.up)))..<min(bitmap.height, max(0, Int(area.maxY.rounded(.down))))
    let columns =
      max(0, Int(area.minX.rounded(.up)))..<min(bitmap.width, max(0, Int(area.maxX.rounded(.down))))
    for y in rows {
      for x in columns {
        result.append((x, y))
      }
    }
    return result
  }
}

/// How much ink a pixel carries on a white background: 0 for white, 1 for black.
func ink(_ pixel: RGBAPixel) -> Double { 1 - pixel.brightness }

/// Whether a pixel is tinted toward the accent blue rather than gray.
func isBluish(_ pixel: RGBAPixel) -> Bool { Int(pixel.blue) - Int(pixel.red) > 40 }

@Suite struct ComponentDrawingTests {
  @Test("the fade's ink falls toward the button on the last line and only there")
  func fadeFallsTowardButton() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model()
    let layout = try model.layout(using: drawing.text.engine, expanded: false)
    let fade = try #require(layout.fade)
    #expect(fade.clearEdge == .right)
    let faded = try drawing.image(try model.displayList(using: drawing.text.engine))
    let plain = try drawing.plain(layout.text, size: layout.size.cgSize)
    try keep(faded, as: "component-fade")

    // Across the ramp, the share of the unfaded ink that is left drops from most to little.
    var shares: [Double] = []
    for third in 0..<3 {
      let slice = LayoutRect(
        x: fade.rect.minX + Double(third) * fade.rect.width / 3, y: fade.rect.minY,
        width: fade.rect.width / 3, height: fade.rect.height)
      let pixels = drawing.pixels(in: slice, of: faded)
      let before = pixels.map { ink(plain[x: $0.x, y: $0.y]) }.reduce(0, +)
      let after = pixels.map { ink(faded[x: $0.x, y: $0.y]) }.reduce(0, +)
      #expect(before > 5, "the last line has text under the ramp's third \(third)")
      shares.append(after / before)
    }
    #expect(
      shares[0] > 0.6 && shares[0] > shares[1] && shares[1] > shares[2] && shares[2] < 0.3,
      "\(shares)")

    // Past the ramp, on the last line, only the blue "more" is drawn: the text there is hidden,
    // and between the ramp and the label there is a clear gap.
    let label = try #require(layout.moreLabel)
    let under = LayoutRect(
      x: fade.rect.maxX, y: fade.rect.minY, width: layout.size.width - fade.rect.maxX,
      height: fade.rect.height)
    let inked = drawing.pixels(in: under, of: faded).map { faded[x: $0.x, y: $0.y] }
      .filter { ink($0) > 0.3 }
    #expect(inked.count > 20)
    #expect(inked.allSatisfy(isBluish), "gray ink under the button")
    let gap = LayoutRect(
      x: fade.rect.maxX + 0.5, y: fade.rect.minY, width: label.frame.minX - fade.rect.maxX - 1,
      height: fade.rect.height)
    #expect(gap.width > 3)
    #expect(
      drawing.pixels(in: gap, of: faded).allSatisfy { ink(faded[x: $0.x, y: $0.y]) < 0.05 },
      "the gap before \"more\" is clear")
    #expect(label.frame.maxX <= layout.size.width + 0.5)

    // The lines above the last one are exactly as drawn without the fade.
    let above = LayoutRect(x: -16, y: -16, width: 332, height: fade.rect.minY + 16 - 1)
    for pixel in drawing.pixels(in: above, of: faded) {
      guard faded[x: pixel.x, y: pixel.y] == plain[x: pixel.x, y: pixel.y] else {
        Issue.record("pixel \(pixel) above the last line changed")
        return
      }
    }
  }

  @Test("\"more\" is drawn in the theme's accent color", arguments: [Theme.light, .dark])
  func moreInAccent(theme: Theme) throws {
    let drawing = try ComponentDrawing()
    for style in TruncationStyle.allCases {
      let model = drawing.model(theme: theme, style: style)
      let layout = try model.layout(using: drawing.text.engine, expanded: false)
      let button = try #require(layout.button)
      let image = try drawing.image(try model.displayList(using: drawing.text.engine))
      let accent = (
        red: theme.accent.red * 255, green: theme.accent.green * 255, blue: theme.accent.blue * 255
      )
      // The most covered pixels of the label are the accent color itself.
      let closest = drawing.pixels(in: button, of: image).map { pixel in
        let color = image[x: pixel.x, y: pixel.y]
        return abs(Double(color.red) - accent.red) + abs(Double(color.green) - accent.green)
          + abs(Double(color.blue) - accent.blue)
      }.min()
      #expect(try #require(closest) < 12, "\(style), \(theme.name)")
    }
  }

  @Test("right to left, the button is on the left and the fade runs toward it")
  func rightToLeftMirrored() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model(hebrewText, direction: .rightToLeft)
    let layout = try model.layout(using: drawing.text.engine, expanded: false)
    let fade = try #require(layout.fade)
    let button = try #require(layout.button)
    #expect(fade.clearEdge == .left)
    #expect(button.minX < 1 && fade.rect.minX >= button.maxX - 1)
    let faded = try drawing.image(try model.displayList(using: drawing.text.engine))
    let plain = try drawing.plain(layout.text, size: layout.size.cgSize)
    try keep(faded, as: "component-fade-rtl")

    func share(_ slice: LayoutRect) -> Double {
      let pixels = drawing.pixels(in: slice, of: faded)
      let before = pixels.map { ink(plain[x: $0.x, y: $0.y]) }.reduce(0, +)
      let after = pixels.map { ink(faded[x: $0.x, y: $0.y]) }.reduce(0, +)
      return before > 0 ? after / before : 1
    }
    let half = fade.rect.width / 2
    let left = share(
      LayoutRect(x: fade.rect.minX, y: fade.rect.minY, width: half, height: fade.rect.height))
    let right = share(
      LayoutRect(x: fade.rect.minX + half, y: fade.rect.minY, width: half, height: fade.rect.height)
    )
    #expect(left < right, "the clear end is on the left: \(left) vs \(right)")
    let inked = drawing.pixels(
      in: LayoutRect(x: 0, y: fade.rect.minY, width: fade.rect.minX, height: fade.rect.height),
      of: faded
    ).map { faded[x: $0.x, y: $0.y] }.filter { ink($0) > 0.3 }
    #expect(!inked.isEmpty && inked.allSatisfy(isBluish))
  }

  @Test("an animation frame shows the expanded text down to the clip and nothing below")
  func animationFrameIsClipped() throws {
    let drawing = try ComponentDrawing()
    var model = drawing.model(theme: .dark)
    let expanded = try model.layout(using: drawing.text.engine, expanded: true)
    model.perform(.expand, at: 0)
    for time in [0.01, model.animationDuration / 2, model.animationDuration - 0.01] {
      let list = try model.displayList(using: drawing.text.engine, at: time)
      #expect(list.size.height < expanded.size.height)
      let image = try drawing.image(list)
      let clip = Double(list.size.height)
      // Dark theme: ink is brightness. Nothing lit below the clip; something lit just above it.
      let below = drawing.pixels(
        in: LayoutRect(x: -16, y: clip + 0.5, width: 332, height: 16), of: image)
      #expect(below.allSatisfy { image[x: $0.x, y: $0.y].brightness < 0.01 }, "t=\(time)")
      let above = drawing.pixels(
        in: LayoutRect(x: 0, y: max(0, clip - 20), width: 300, height: 20), of: image)
      #expect(above.contains { image[x: $0.x, y: $0.y].brightness > 0.5 }, "t=\(time)")
    }
  }

  @Test("outlined frames: the full frame and the text's own frame in their colors")
  func alignedTextBorders() throws {
    let drawing = try ComponentDrawing()
    let text = FullWidthText(
      text: StyledText("Short title", style: drawing.text.style),
      environment: ComponentEnvironment(width: 300), frameAlignment: .center)
    let aligned = try text.layout(using: drawing.text.engine)
    #expect(aligned.textFrame.minX > 50)
    let image = try drawing.image(
      try text.displayList(using: drawing.text.engine).outliningFrames())
    try keep(image, as: "component-aligned-frames")
    let midY = Int((drawing.origin.y + aligned.frame.midY) * 2)
    // The borders are 1 point (2 pixels) wide, inside the frames: sample their second pixel,
    // which they cover fully.
    let frameLeft = image[x: Int(drawing.origin.x * 2) + 1, y: midY]
    let textLeft = image[
      x: Int(((drawing.origin.x + aligned.textFrame.minX) * 2).rounded(.up)), y: midY]
    // Magenta: red and blue over green; green: green over red and blue.
    #expect(frameLeft.red > 150 && frameLeft.green < 100 && frameLeft.blue > 120, "\(frameLeft)")
    #expect(textLeft.green > 120 && textLeft.red < 100, "\(textLeft)")
    // Between the two borders, the background is untouched.
    let between = image[x: Int((drawing.origin.x + 20) * 2), y: midY]
    #expect(between == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))
  }

  @Test("clearing outside a rectangle keeps only the pixels inside it")
  func clearOutside() {
    var canvas = RasterCanvas(
      width: 10, height: 10, scale: .x2, background: Theme.dark.background)
    canvas.clear(outside: LayoutRect(x: 2, y: 3, width: 4, height: 5))
    #expect(canvas.bitmap[x: 4, y: 6].alpha == 255)
    #expect(canvas.bitmap[x: 11, y: 15].alpha == 255)
    #expect(canvas.bitmap[x: 3, y: 6] == .clear)
    #expect(canvas.bitmap[x: 12, y: 6] == .clear)
    #expect(canvas.bitmap[x: 4, y: 5] == .clear)
    #expect(canvas.bitmap[x: 4, y: 16] == .clear)
  }
}
