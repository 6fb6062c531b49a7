import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

@testable import TextRaster

/// Expanding lists drawn with the real text stack and DejaVu Sans, at 2×, with the list at
/// (16, 16) on the image.
struct ListDrawing {
  let drawing: ComponentDrawing
  let list: ExpandingList<String>

  static let red = TextColor(red: 0.85, green: 0.1, blue: 0.1)
  static let green = TextColor(red: 0.1, green: 0.6, blue: 0.2)
  static let orange = TextColor(red: 0.9, green: 0.5, blue: 0.0)

  /// Two cut rows ("long", twice the component text, and "hebrew") and two that fit ("short",
  /// "plain", whose avatar has no initials), each with an avatar.
  init(direction: InterfaceDirection = .leftToRight) throws {
    drawing = try ComponentDrawing()
    let style = drawing.text.style
    list = ExpandingList(
      rows: [
        ListRow(
          id: "long", text: StyledText(componentText + " " + componentText, style: style),
          avatar: .init(initials: "AL", color: Self.red)),
        ListRow(
          id: "short", text: StyledText("See you at ten.", style: style),
          avatar: .init(initials: "TB", color: Self.green)),
        ListRow(
          id: "hebrew", text: StyledText(hebrewText, style: style),
          avatar: .init(initials: "נל", color: Self.orange)),
        ListRow(
          id: "plain", text: StyledText("Thanks!", style: style),
          avatar: .init(initials: "", color: Self.green)),
      ], environment: ComponentEnvironment(width: 360, direction: direction))
  }

  var engine: TextLayoutEngine { drawing.text.engine }
  var origin: LayoutPoint { drawing.origin }

  func list(expanded: Set<String> = []) -> ExpandingList<String> {
    var list = list
    for id in expanded { list.expansion.expand(id) }
    return list
  }

  func geometry(expanded: Set<String> = []) throws -> ListGeometry {
    try list(expanded: expanded).geometry(using: engine)
  }

  func image(expanded: Set<String> = []) throws -> RGBABitmap {
    try drawing.image(try list(expanded: expanded).displayList(using: engine))
  }

  /// The pixel under a point of the list.
  func pixel(at point: LayoutPoint, of image: RGBABitmap) -> RGBAPixel {
    image[x: Int((origin.x + point.x) * 2), y: Int((origin.y + point.y) * 2)]
  }

  /// The pixels wholly inside a rectangle of the list.
  func pixels(in rect: LayoutRect, of image: RGBABitmap) -> [RGBAPixel] {
    drawing.pixels(in: rect, of: image).map { image[x: $0.x, y: $0.y] }
  }

  /// The accessory square of a row.
  func accessory(of row: ListGeometry.Row) -> LayoutRect {
    let metrics = list.metrics
    let x =
      list.environment.direction == .rightToLeft
      ? list.environment.width - metrics.padding - metrics.accessorySize : metrics.padding
    return LayoutRect(
      x: x, y: row.frame.minY + metrics.padding, width: metrics.accessorySize,
      height: metrics.accessorySize)
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
    let drawing = try ListDrawing()
    let list = drawing.list(expanded: ["long"])
    let geometry = try list.geometry(using: drawing.engine)
    let whole = try drawing.image(expanded: ["long"])
    // From inside the first row to inside the third: rows cut at both edges.
    let top = (geometry.rows[0].frame.midY).rounded()
    let height = (geometry.rows[2].frame.midY - top).rounded()
    let rect = CGRect(x: 0, y: top, width: 360, height: height)
    let band = try drawing.drawing.image(
      try list.displayList(using: drawing.engine, at: 0, visibleRect: rect).cropped(to: rect))
    let scale = 2
    let padding = 16 * scale
    #expect(band.width == whole.width)
    #expect(band.height == Int(height) * scale + 2 * padding)
    // The band is drawn through one more layer (its clip), so a channel may round once more.
    var largest = 0
    for y in padding..<(band.height - padding) {
      for x in 0..<band.width {
        let a = band[x: x, y: y]
        let b = whole[x: x, y: y + Int(top) * scale]
        largest = max(
          largest, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
      }
    }
    #expect(largest <= 2)
    // The padding stays the background, though rows run past the band's edges.
    for y in [0, padding - 1, band.height - padding, band.height - 1] {
      #expect((0..<band.width).allSatisfy { band[x: $0, y: y] == whitePixel }, "row \(y)")
    }
  }

  @Test("avatars are filled circles in their color with white initials centered in them")
  func avatars() throws {
    let drawing = try ListDrawing()
    let geometry = try drawing.geometry()
    let image = try drawing.image()
    try keep(image, as: "list-initial")
    for (row, listRow) in zip(geometry.rows, drawing.list.rows) {
      let frame = drawing.accessory(of: row)
      let avatar = try #require(listRow.avatar)
      let color = pixel(avatar.color)
      // Inside the circle above the initials, and at the center of the one without initials.
      #expect(drawing.pixel(at: LayoutPoint(x: frame.midX, y: frame.minY + 4), of: image) == color)
      if avatar.initials.isEmpty {
        #expect(drawing.pixel(at: LayoutPoint(x: frame.midX, y: frame.midY), of: image) == color)
      }
      // Outside the circle, in the avatar frame's corner: the background.
      #expect(
        drawing.pixel(at: LayoutPoint(x: frame.minX + 1, y: frame.minY + 1), of: image)
          == whitePixel)
      // The initials are white and sit around the center.
      let center = drawing.pixels(
        in: LayoutRect(x: frame.midX - 10, y: frame.midY - 8, width: 20, height: 16), of: image)
      let lit = center.filter { $0.brightness > 0.95 }.count
      #expect(avatar.initials.isEmpty ? lit == 0 : lit > 20, "\(listRow.id): \(lit)")
    }
  }

  @Test("\"Read more\" is drawn in the accent color on the rows that are cut and only there")
  func readMoreOnCutRows() throws {
    let drawing = try ListDrawing()
    for expanded in [Set<String>(), ["long"]] {
      let geometry = try drawing.geometry(expanded: expanded)
      #expect(geometry.rows.map(\.isTruncated) == [true, false, true, false])
      let image = try drawing.image(expanded: expanded)
      for (row, listRow) in zip(geometry.rows, drawing.list.rows) {
        let accent = drawing.pixels(in: row.frame, of: image).filter(isAccent).count
        #expect(row.isTruncated ? accent > 40 : accent == 0, "\(listRow.id): \(accent)")
      }
    }
  }

  @Test("a separator runs under every row but the last, from the text's leading edge")
  func separators() throws {
    for direction in [InterfaceDirection.leftToRight, .rightToLeft] {
      let drawing = try ListDrawing(direction: direction)
      let geometry = try drawing.geometry()
      let image = try drawing.image()
      for (index, row) in geometry.rows.enumerated() {
        let line = LayoutRect(x: 0, y: row.frame.maxY - 0.5, width: row.frame.width, height: 0.5)
        let textSide = direction == .leftToRight ? row.frame.maxX - 10 : row.frame.minX + 10
        let avatarSide = drawing.accessory(of: row).midX
        let isLast = index == geometry.rows.count - 1
        let under = drawing.pixel(at: LayoutPoint(x: textSide, y: line.midY), of: image)
        #expect(
          isLast ? under == whitePixel : under != whitePixel && under.brightness > 0.7, "\(index)")
        // Not under the avatar: the line is inset to the text, as in a table view.
        #expect(
          drawing.pixel(at: LayoutPoint(x: avatarSide, y: line.midY), of: image) == whitePixel)
      }
    }
  }

  @Test("an empty list draws nothing but its background")
  func emptyList() throws {
    let drawing = try ListDrawing()
    let empty = try ExpandingList<String>(
      rows: [], environment: ComponentEnvironment(width: 360)
    ).displayList(using: drawing.engine)
    let image = try drawing.drawing.image(empty)
    #expect(image.height == 32 * 2 && image.width == (360 + 32) * 2)
    #expect((0..<image.width).allSatisfy { image[x: $0, y: 10] == whitePixel })
  }

  @Test("an animation frame at the start is the old state's drawing, at the end the new one's")
  func animationEnds() throws {
    let drawing = try ListDrawing()
    for (from, to) in [(Set<String>(), Set(["long"])), (["long"], [])] {
      var list = drawing.list(expanded: from)
      let start = try drawing.image(expanded: from)
      let end = try drawing.image(expanded: to)
      list.perform(.toggle("long"), at: 0)
      #expect(
        largestDifference(
          try drawing.drawing.image(try list.displayList(using: drawing.engine, at: 0)), start) == 0
      )
      #expect(
        largestDifference(
          try drawing.drawing.image(try list.displayList(using: drawing.engine, at: 1)), end) == 0)
      // Halfway, the frame is neither.
      let middle = try drawing.drawing.image(
        try list.displayList(using: drawing.engine, at: list.animationDuration / 2))
      #expect(middle != start && middle != end)
    }
  }

  @Test("an expanding row's text opens inside its frame, the label below it; the rows slide")
  func expandingRowIsClipped() throws {
    let drawing = try ListDrawing()
    let before = try drawing.geometry()
    let after = try drawing.geometry(expanded: ["long"])
    var list = drawing.list()
    list.perform(.toggle("long"), at: 0)
    let textX = list.metrics.padding + list.metrics.accessorySize + list.metrics.spacing
    for fraction in [0.2, 0.4, 0.6] {
      let time = list.animationDuration * fraction
      let frame = try list.displayList(using: drawing.engine, at: time)
      let rows = frame.accessibility.filter { $0.role == .row }.map(\.frame)
      #expect(Double(rows[0].height) > before.rows[0].frame.height)
      #expect(Double(rows[0].height) < after.rows[0].frame.height)
      // The rows below have slid down by the growth so far.
      #expect(abs(rows[1].minY - rows[0].maxY) < 1e-9)
      let image = try drawing.drawing.image(frame)
      try keep(image, as: "list-animation-\(Int(fraction * 100))")
      // Below the frame, down to the next row's avatar and text, only background.
      let gap = LayoutRect(
        x: textX, y: Double(rows[0].maxY) + 0.5, width: list.textWidth,
        height: list.metrics.padding - 1)
      #expect(drawing.pixels(in: gap, of: image).allSatisfy { $0 == whitePixel }, "at \(fraction)")
      // The labels' ink is all below the text's clip: "Read more" never covers a line.
      let labelTop = Double(rows[0].maxY) - list.metrics.padding - 20
      let text = LayoutRect(
        x: textX, y: Double(rows[0].minY), width: list.textWidth,
        height: labelTop - Double(rows[0].minY) - list.metrics.labelSpacing - 2)
      #expect(drawing.pixels(in: text, of: image).filter(isAccent).isEmpty, "at \(fraction)")
    }
  }

  @Test("halfway through a toggle, the lines both states share are drawn as they are")
  func sharedLinesStaySolid() throws {
    let drawing = try ListDrawing()
    let before = try drawing.geometry()
    var list = drawing.list()
    let start = try drawing.image()
    list.perform(.toggle("long"), at: 0)
    let middle = try drawing.drawing.image(
      try list.displayList(using: drawing.engine, at: list.animationDuration / 2))
    // The first row does not move; its three visible lines are in both states.
    let row = before.rows[0]
    let lines = LayoutRect(
      x: list.metrics.padding + list.metrics.accessorySize + list.metrics.spacing,
      y: row.frame.minY + list.metrics.padding, width: list.textWidth, height: row.textHeight)
    let first = drawing.pixels(in: lines, of: start)
    let second = drawing.pixels(in: lines, of: middle)
    #expect(first.contains { $0.brightness < 0.2 })
    #expect(first == second)
  }
}
