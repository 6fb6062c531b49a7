import Testing
import TextLayout
import TextReveal
import TextShaping

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

/// Components drawn with the real text stack and DejaVu Sans, at 2×, with the component at
/// (16, 16) on the canvas.
struct ComponentDrawing {
  let text: RealText
  let renderer: ComponentRenderer
  var glyphs: GlyphCache { renderer.glyphs }
  let origin = LayoutPoint(x: 16, y: 16)

  init() throws {
    text = try RealText()
    renderer = ComponentRenderer(shaper: text.stack.shaper, scale: .x2)
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

  func canvas(for layout: ExpandableTextLayout, theme: Theme) -> RasterCanvas {
    RasterCanvas(width: 332, height: layout.size.height + 32, scale: .x2, theme: theme)
  }

  /// The pixels wholly inside a rectangle in points (and inside the canvas), as (x, y).
  func pixels(in rect: LayoutRect, of canvas: RasterCanvas) -> [(x: Int, y: Int)] {
    let area = canvas.pixelRect(
      LayoutRect(
        x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height)
    )
    var result: [(Int, Int)] = []
    let rows =
      max(
        0, Int(area.minY.rounded(.up)))..<min(
        canvas.bitmap.height, max(0, Int(area.maxY.rounded(.down))))
    let columns =
      max(
        0, Int(area.minX.rounded(.up)))..<min(
        canvas.bitmap.width, max(0, Int(area.maxX.rounded(.down))))
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
    let layout = try drawing.model().layout(using: drawing.text.engine)
    let fade = try #require(layout.fade)
    #expect(fade.clearEdge == .right)
    var faded = drawing.canvas(for: layout, theme: .light)
    try drawing.renderer.draw(layout, at: drawing.origin, in: &faded, theme: .light)
    var plain = drawing.canvas(for: layout, theme: .light)
    try drawing.glyphs.draw(layout.text, at: drawing.origin, in: &plain)
    try keep(faded.bitmap, as: "component-fade")

    // Across the ramp, the share of the unfaded ink that is left drops from most to little.
    var shares: [Double] = []
    for third in 0..<3 {
      let slice = LayoutRect(
        x: fade.rect.minX + Double(third) * fade.rect.width / 3, y: fade.rect.minY,
        width: fade.rect.width / 3, height: fade.rect.height)
      let pixels = drawing.pixels(in: slice, of: faded)
      let before = pixels.map { ink(plain.bitmap[x: $0.x, y: $0.y]) }.reduce(0, +)
      let after = pixels.map { ink(faded.bitmap[x: $0.x, y: $0.y]) }.reduce(0, +)
      #expect(before > 5, "the last line has text under the ramp's third \(third)")
      shares.append(after / before)
    }
    #expect(
      shares[0] > 0.6 && shares[0] > shares[1] && shares[1] > shares[2] && shares[2] < 0.3,
      "\(shares)")

    // Past the ramp, on the last line, only the blue "more" is drawn: the text there is hidden.
    let button = try #require(layout.moreButton)
    let under = LayoutRect(
      x: fade.rect.maxX, y: fade.rect.minY, width: layout.size.width - fade.rect.maxX,
      height: fade.rect.height)
    let inked = drawing.pixels(in: under, of: faded).map { faded.bitmap[x: $0.x, y: $0.y] }
      .filter { ink($0) > 0.3 }
    #expect(inked.count > 20)
    #expect(inked.allSatisfy(isBluish), "gray ink under the button")
    #expect(button.frame.maxX <= layout.size.width + 0.5)

    // The lines above the last one are exactly as drawn without the fade.
    let above = LayoutRect(x: -16, y: -16, width: 332, height: fade.rect.minY + 16 - 1)
    for pixel in drawing.pixels(in: above, of: faded) {
      guard faded.bitmap[x: pixel.x, y: pixel.y] == plain.bitmap[x: pixel.x, y: pixel.y] else {
        Issue.record("pixel \(pixel) above the last line changed")
        return
      }
    }
  }

  @Test("\"more\" is drawn in the theme's accent color", arguments: [Theme.light, .dark])
  func moreInAccent(theme: Theme) throws {
    let drawing = try ComponentDrawing()
    for style in TruncationStyle.allCases {
      let layout = try drawing.model(theme: theme, style: style).layout(
        using: drawing.text.engine)
      let button = try #require(layout.moreButton)
      var canvas = drawing.canvas(for: layout, theme: theme)
      try drawing.renderer.draw(layout, at: drawing.origin, in: &canvas, theme: theme)
      let accent = (
        red: theme.accent.red * 255, green: theme.accent.green * 255, blue: theme.accent.blue * 255
      )
      // The most covered pixels of the label are the accent color itself.
      let closest = drawing.pixels(in: button.frame, of: canvas).map { pixel in
        let color = canvas.bitmap[x: pixel.x, y: pixel.y]
        return abs(Double(color.red) - accent.red) + abs(Double(color.green) - accent.green)
          + abs(Double(color.blue) - accent.blue)
      }.min()
      #expect(try #require(closest) < 12, "\(style), \(theme.name)")
    }
  }

  @Test("right to left, the button is on the left and the fade runs toward it")
  func rightToLeftMirrored() throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.model(hebrewText, direction: .rightToLeft).layout(
      using: drawing.text.engine)
    let fade = try #require(layout.fade)
    let button = try #require(layout.moreButton)
    #expect(fade.clearEdge == .left)
    #expect(button.frame.minX < 1 && fade.rect.minX >= button.frame.maxX - 1)
    var faded = drawing.canvas(for: layout, theme: .light)
    try drawing.renderer.draw(layout, at: drawing.origin, in: &faded, theme: .light)
    var plain = drawing.canvas(for: layout, theme: .light)
    try drawing.glyphs.draw(layout.text, at: drawing.origin, in: &plain)
    try keep(faded.bitmap, as: "component-fade-rtl")

    func share(_ slice: LayoutRect) -> Double {
      let pixels = drawing.pixels(in: slice, of: faded)
      let before = pixels.map { ink(plain.bitmap[x: $0.x, y: $0.y]) }.reduce(0, +)
      let after = pixels.map { ink(faded.bitmap[x: $0.x, y: $0.y]) }.reduce(0, +)
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
    ).map { faded.bitmap[x: $0.x, y: $0.y] }.filter { ink($0) > 0.3 }
    #expect(!inked.isEmpty && inked.allSatisfy(isBluish))
  }

  @Test("an animation frame shows the expanded text down to the clip and nothing below")
  func animationFrameIsClipped() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model()
    let expanded = try model.layout(using: drawing.text.engine, expanded: true)
    let animation = try model.toggleAnimation(using: drawing.text.engine)
    #expect(animation.toHeight == expanded.size.height)
    for time in [0, animation.duration / 2, animation.duration] {
      var canvas = drawing.canvas(for: expanded, theme: .dark)
      try drawing.renderer.draw(
        animation, at: time, expanded: expanded, origin: drawing.origin, in: &canvas,
        theme: .dark)
      let clip = animation.clip(at: time)
      // Dark theme: ink is brightness. Nothing lit below the clip; something lit just above it.
      let below = drawing.pixels(
        in: LayoutRect(x: -16, y: clip.maxY + 0.5, width: 332, height: expanded.size.height + 16),
        of: canvas)
      #expect(below.allSatisfy { canvas.bitmap[x: $0.x, y: $0.y].brightness < 0.01 }, "t=\(time)")
      let above = drawing.pixels(
        in: LayoutRect(x: 0, y: max(0, clip.maxY - 20), width: 300, height: 20), of: canvas)
      #expect(above.contains { canvas.bitmap[x: $0.x, y: $0.y].brightness > 0.5 }, "t=\(time)")
    }
  }

  @Test("an aligned text draws its frame and text frame borders in their colors")
  func alignedTextBorders() throws {
    let drawing = try ComponentDrawing()
    let aligned = try FullWidthText(
      text: StyledText("Short title", style: drawing.text.style),
      environment: ComponentEnvironment(width: 300), frameAlignment: .center
    ).layout(using: drawing.text.engine)
    #expect(aligned.textFrame.minX > 50)
    var canvas = RasterCanvas(
      width: 332, height: aligned.frame.height + 32, scale: .x2, theme: .light)
    try drawing.renderer.draw(
      aligned, at: drawing.origin, in: &canvas, theme: .light, frameBorders: .debug)
    try keep(canvas.bitmap, as: "component-aligned-frames")
    let midY = Int((drawing.origin.y + aligned.frame.midY) * 2)
    // The borders are 1 point (2 pixels) wide, inside the frames: sample their second pixel,
    // which they cover fully.
    let frameLeft = canvas.bitmap[x: Int(drawing.origin.x * 2) + 1, y: midY]
    let textLeft = canvas.bitmap[
      x: Int(((drawing.origin.x + aligned.textFrame.minX) * 2).rounded(.up)), y: midY]
    // Magenta: red and blue over green; green: green over red and blue.
    #expect(frameLeft.red > 150 && frameLeft.green < 100 && frameLeft.blue > 120, "\(frameLeft)")
    #expect(textLeft.green > 120 && textLeft.red < 100, "\(textLeft)")
    // Between the two borders, the background is untouched.
    let between = canvas.bitmap[x: Int((drawing.origin.x + 20) * 2), y: midY]
    #expect(between == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))
  }

  @Test("clearing outside a rectangle keeps only the pixels inside it")
  func clearOutside() {
    var canvas = RasterCanvas(width: 10, height: 10, scale: .x2, theme: .dark)
    canvas.clear(outside: LayoutRect(x: 2, y: 3, width: 4, height: 5))
    #expect(canvas.bitmap[x: 4, y: 6].alpha == 255)
    #expect(canvas.bitmap[x: 11, y: 15].alpha == 255)
    #expect(canvas.bitmap[x: 3, y: 6] == .clear)
    #expect(canvas.bitmap[x: 12, y: 6] == .clear)
    #expect(canvas.bitmap[x: 4, y: 5] == .clear)
    #expect(canvas.bitmap[x: 4, y: 16] == .clear)
  }
}
