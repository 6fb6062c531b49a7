import Testing
import TextLayout
import TextReveal
import TextShaping

@testable import TextRaster

/// Expanding lists drawn with the real text stack and DejaVu Sans, at 2×, with the list at
/// (16, 16) on the canvas.
struct ListDrawing {
  let drawing: ComponentDrawing
  let list: ExpandingList<String>
  let chrome: ListChrome<String>

  static let red = TextColor(red: 0.85, green: 0.1, blue: 0.1)
  static let green = TextColor(red: 0.1, green: 0.6, blue: 0.2)
  static let orange = TextColor(red: 0.9, green: 0.5, blue: 0.0)

  /// Two cut rows ("long", twice the component text, and "hebrew") and two that fit ("short",
  /// "plain", whose avatar has no initials), and a chrome with avatars for every row.
  init(direction: InterfaceDirection = .leftToRight) throws {
    drawing = try ComponentDrawing()
    let style = drawing.text.style
    list = ExpandingList(
      rows: [
        ListRow(id: "long", text: StyledText(componentText + " " + componentText, style: style)),
        ListRow(id: "short", text: StyledText("See you at ten.", style: style)),
        ListRow(id: "hebrew", text: StyledText(hebrewText, style: style)),
        ListRow(id: "plain", text: StyledText("Thanks!", style: style)),
      ], environment: ComponentEnvironment(width: 360, direction: direction))
    var initialsStyle = TextStyle(fontFamily: style.fontFamily, size: 16, weight: .semibold)
    initialsStyle.color = TextColor(red: 1, green: 1, blue: 1)
    var avatars: [String: ListChrome<String>.Avatar] = [:]
    for (id, initials, color) in [
      ("long", "AL", Self.red), ("short", "TB", Self.green), ("hebrew", "נל", Self.orange),
      ("plain", "", Self.green),
    ] {
      let laidOut =
        initials.isEmpty
        ? nil
        : try drawing.text.engine.layout(
          StyledText(initials, style: initialsStyle),
          configuration: LayoutConfiguration(width: 160))
      avatars[id] = ListChrome.Avatar(color: color, initials: laidOut)
    }
    chrome = ListChrome(avatars: avatars)
  }

  var engine: TextLayoutEngine { drawing.text.engine }
  var origin: LayoutPoint { drawing.origin }

  func layout(expanded: Set<String> = []) throws -> ListLayout<String> {
    var expansion = ExpansionSet<String>()
    for id in expanded { expansion.expand(id) }
    var list = list
    list.expansion = expansion
    return try list.layout(using: engine)
  }

  func canvas(height: Double, theme: Theme = .light) -> RasterCanvas {
    RasterCanvas(width: list.environment.width + 32, height: height + 32, scale: .x2, theme: theme)
  }

  func image(of layout: ListLayout<String>, height: Double? = nil) throws -> RasterCanvas {
    var canvas = canvas(height: height ?? layout.size.height)
    try drawing.renderer.draw(layout, chrome: chrome, at: origin, in: &canvas, theme: .light)
    return canvas
  }

  func image(
    of animation: ListAnimation<String>, at time: Double, height: Double
  ) throws -> RasterCanvas {
    var canvas = canvas(height: height)
    try drawing.renderer.draw(
      animation, at: time, chrome: chrome, origin: origin, in: &canvas, theme: .light)
    return canvas
  }

  /// The pixel under a point of the list.
  func pixel(at point: LayoutPoint, of canvas: RasterCanvas) -> RGBAPixel {
    let pixel = canvas.pixelPoint(LayoutPoint(x: origin.x + point.x, y: origin.y + point.y))
    return canvas.bitmap[x: Int(pixel.x), y: Int(pixel.y)]
  }

  /// The pixels wholly inside a rectangle of the list.
  func pixels(in rect: LayoutRect, of canvas: RasterCanvas) -> [RGBAPixel] {
    drawing.pixels(in: rect, of: canvas).map { canvas.bitmap[x: $0.x, y: $0.y] }
  }
}

/// The color's pixel, opaque.
func pixel(_ color: TextColor) -> RGBAPixel {
  RGBAPixel(
    red: RGBABitmap.byte(color.red * 255), green: RGBABitmap.byte(color.green * 255),
    blue: RGBABitmap.byte(color.blue * 255), alpha: 255)
}

/// The largest difference of a channel between two bitmaps of one size.
func largestDifference(_ first: RGBABitmap, _ second: RGBABitmap) -> Int {
  zip(first.bytes, second.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Whether a pixel is close to the light theme's accent blue.
func isAccent(_ pixel: RGBAPixel) -> Bool {
  let accent = Theme.light.accent
  return abs(Double(pixel.red) - accent.red * 255) + abs(Double(pixel.green) - accent.green * 255)
    + abs(Double(pixel.blue) - accent.blue * 255) < 24
}

let whitePixel = RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255)

@Suite struct ListDrawingTests {
  @Test("a band of the list is the whole list's image cut at the band, with padding around")
  func band() throws {
    let list = try ListDrawing()
    let layout = try list.layout(expanded: ["long"])
    let renderer = list.drawing.renderer
    let whole = try renderer.image(of: layout, chrome: list.chrome, theme: .light).bitmap
    // From inside the first row to inside the third: rows cut at both edges.
    let top = (layout.rows[0].frame.midY).rounded()
    let height = (layout.rows[2].frame.midY - top).rounded()
    let band = try renderer.image(
      of: layout, from: top, height: height, chrome: list.chrome, theme: .light
    ).bitmap
    let scale = 2
    let padding = 16 * scale
    #expect(band.width == whole.width)
    #expect(band.height == Int(height) * scale + 2 * padding)
    var differing = 0
    for y in padding..<(band.height - padding) {
      for x in 0..<band.width where band[x: x, y: y] != whole[x: x, y: y + Int(top) * scale] {
        differing += 1
      }
    }
    #expect(differing == 0)
    // The padding stays the background, though rows run past the band's edges.
    for y in [0, padding - 1, band.height - padding, band.height - 1] {
      #expect((0..<band.width).allSatisfy { band[x: $0, y: y] == whitePixel }, "row \(y)")
    }
  }

  @Test("avatars are filled circles in their color with white initials centered in them")
  func avatars() throws {
    let list = try ListDrawing()
    let layout = try list.layout()
    let canvas = try list.image(of: layout)
    try keep(canvas.bitmap, as: "list-initial")
    for row in layout.rows {
      let frame = row.accessoryFrame
      let avatar = try #require(list.chrome.avatars[row.id])
      let color = pixel(avatar.color)
      // Inside the circle above the initials, and at the center of the one without initials.
      #expect(list.pixel(at: LayoutPoint(x: frame.midX, y: frame.minY + 4), of: canvas) == color)
      if avatar.initials == nil {
        #expect(list.pixel(at: LayoutPoint(x: frame.midX, y: frame.midY), of: canvas) == color)
      }
      // Outside the circle, in the avatar frame's corner: the background.
      #expect(
        list.pixel(at: LayoutPoint(x: frame.minX + 1, y: frame.minY + 1), of: canvas) == whitePixel)
      // The initials are white and sit around the center.
      let center = list.pixels(
        in: LayoutRect(x: frame.midX - 10, y: frame.midY - 8, width: 20, height: 16), of: canvas)
      let lit = center.filter { $0.brightness > 0.95 }.count
      #expect(avatar.initials == nil ? lit == 0 : lit > 20, "\(row.id): \(lit)")
    }
  }

  @Test("\"Read more\" is drawn in the accent color on the rows that are cut and only there")
  func readMoreOnCutRows() throws {
    let list = try ListDrawing()
    for expanded in [Set<String>(), ["long"]] {
      let layout = try list.layout(expanded: expanded)
      #expect(layout.rows.map(\.isTruncated) == [true, false, true, false])
      let canvas = try list.image(of: layout)
      for row in layout.rows {
        let accent = list.pixels(in: row.frame, of: canvas).filter(isAccent).count
        #expect(row.isTruncated ? accent > 40 : accent == 0, "\(row.id): \(accent)")
        if let label = row.label {
          let inLabel = list.pixels(in: label.frame, of: canvas).filter(isAccent).count
          #expect(inLabel == accent, "\(row.id): all the accent ink is in the label")
        }
      }
    }
  }

  @Test("a separator runs under every row but the last, from the text's leading edge")
  func separators() throws {
    for direction in [InterfaceDirection.leftToRight, .rightToLeft] {
      let list = try ListDrawing(direction: direction)
      let layout = try list.layout()
      let canvas = try list.image(of: layout)
      for (index, row) in layout.rows.enumerated() {
        let line = LayoutRect(x: 0, y: row.frame.maxY - 0.5, width: row.frame.width, height: 0.5)
        let textSide = direction == .leftToRight ? row.frame.maxX - 10 : row.frame.minX + 10
        let avatarSide = row.accessoryFrame.midX
        let isLast = index == layout.rows.count - 1
        let under = list.pixel(at: LayoutPoint(x: textSide, y: line.midY), of: canvas)
        #expect(
          isLast ? under == whitePixel : under != whitePixel && under.brightness > 0.7, "\(index)")
        // Not under the avatar: the line is inset to the text, as in a table view.
        #expect(list.pixel(at: LayoutPoint(x: avatarSide, y: line.midY), of: canvas) == whitePixel)
      }
    }
  }

  @Test("an empty list draws nothing")
  func emptyList() throws {
    let list = try ListDrawing()
    let empty = try ExpandingList<String>(
      rows: [], environment: ComponentEnvironment(width: 360)
    ).layout(using: list.engine)
    let canvas = try list.image(of: empty, height: 10)
    #expect(canvas.bitmap == list.canvas(height: 10).bitmap)
  }

  @Test("an animation frame at the start is the old layout's drawing, at the end the new one's")
  func animationEnds() throws {
    let list = try ListDrawing()
    let before = try list.layout()
    let after = try list.layout(expanded: ["long"])
    let height = after.size.height
    for (from, to) in [(before, after), (after, before)] {
      let animation = ListAnimation(from: from, to: to, duration: 0.35)
      let start = try list.image(of: animation, at: 0, height: height)
      let end = try list.image(of: animation, at: animation.duration, height: height)
      #expect(largestDifference(start.bitmap, try list.image(of: from, height: height).bitmap) == 0)
      #expect(largestDifference(end.bitmap, try list.image(of: to, height: height).bitmap) == 0)
      // Halfway, the frame is neither.
      let middle = try list.image(of: animation, at: animation.duration / 2, height: height)
      #expect(middle.bitmap != start.bitmap && middle.bitmap != end.bitmap)
    }
  }

  @Test("an expanding row's text is clipped to its animated frame; the rows below slide")
  func expandingRowIsClipped() throws {
    let list = try ListDrawing()
    let before = try list.layout()
    let after = try list.layout(expanded: ["long"])
    let animation = ListAnimation(from: before, to: after, duration: 0.35)
    let expanded = try #require(after.row("long"))
    let expandedText = try #require(expanded.text)
    let textWidth = expandedText.configuration.width
    for fraction in [0.2, 0.4, 0.6] {
      let time = animation.duration * fraction
      let frames = animation.frames(at: time)
      let frame = frames[0].frame
      #expect(frame.height > before.rows[0].frame.height)
      #expect(frame.height < expanded.frame.height)
      // The rows below have slid down by the growth so far.
      #expect(abs(frames[1].frame.minY - frame.maxY) < 1e-9)
      let canvas = try list.image(of: animation, at: time, height: after.size.height)
      try keep(canvas.bitmap, as: "list-animation-\(Int(fraction * 100))")

      // Unclipped, the expanded text would run past the frame's bottom edge.
      let textBottom =
        frame.minY + (expanded.textOrigin.y - expanded.frame.minY) + expandedText.size.height
      #expect(textBottom > frame.maxY, "at \(fraction)")
      // Below the frame, down to the next row's avatar and text, only background.
      let gap = LayoutRect(
        x: expanded.textOrigin.x, y: frame.maxY + 0.5, width: textWidth,
        height: list.list.metrics.padding - 1)
      #expect(list.pixels(in: gap, of: canvas).allSatisfy { $0 == whitePixel }, "at \(fraction)")
      // Above the frame's bottom, the revealed text (fading in: faint early on).
      let revealed = LayoutRect(
        x: expanded.textOrigin.x, y: frame.maxY - 16, width: textWidth, height: 15)
      #expect(list.pixels(in: revealed, of: canvas).contains { $0.brightness < 0.95 })
    }
  }

  @Test("halfway through a toggle, the lines both states share are drawn as they are")
  func sharedLinesStaySolid() throws {
    let list = try ListDrawing()
    let before = try list.layout()
    let after = try list.layout(expanded: ["long"])
    let animation = ListAnimation(from: before, to: after, duration: 0.35)
    let row = before.rows[0]
    let text = try #require(row.text)
    let start = try list.image(of: before, height: after.size.height)
    let middle = try list.image(
      of: animation, at: animation.duration / 2, height: after.size.height)
    // The first row does not move; its three visible lines are in both states.
    let lines = LayoutRect(
      x: row.textOrigin.x, y: row.textOrigin.y, width: text.configuration.width,
      height: text.size.height)
    let first = list.pixels(in: lines, of: start)
    let second = list.pixels(in: lines, of: middle)
    #expect(first.contains { $0.brightness < 0.2 })
    #expect(first == second)
  }
}
