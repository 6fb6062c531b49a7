import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

@testable import TextRaster

@Suite struct SpoilerDrawingTests {
  static func text(_ drawing: ComponentDrawing) -> StyledText {
    var text = StyledText("The answer is ", style: drawing.text.style)
    var hidden = drawing.text.style
    hidden.isSpoiler = true
    text.append("forty two, obviously", style: hidden)
    text.append(" and nothing else.", style: drawing.text.style)
    return text
  }

  static func component(_ drawing: ComponentDrawing, theme: Theme = .light, seed: UInt64 = 1)
    -> SpoilerText
  {
    SpoilerText(
      text: text(drawing), environment: ComponentEnvironment(width: 300, theme: theme),
      seed: seed)
  }

  static func hidden(_ list: DisplayList<SpoilerText.Action>) -> [LayoutRect] {
    list.hitRegions.filter { if case .tapSpoiler = $0.action { true } else { false } }
      .map { LayoutRect($0.rect) }
  }

  @Test("hidden glyphs produce no ink: under the dust only dust is drawn")
  func hiddenGlyphsNoInk() throws {
    let drawing = try ComponentDrawing()
    var component = Self.component(drawing)
    let list = try component.displayList(using: drawing.text.engine)
    // The display list without its dust, to see what lies under it.
    var bare = list
    bare.items = bare.items.filter { if case .dust = $0 { false } else { true } }
    let image = try drawing.image(bare)
    let rects = Self.hidden(list)
    let hiddenInk =
      rects.flatMap { drawing.pixels(in: $0, of: image) }.map { ink(image[x: $0.x, y: $0.y]) }
      .max() ?? 0
    #expect(hiddenInk < 1e-9)
    component.spoilers = SpoilerState(isRevealed: true)
    let revealed = try drawing.image(try component.displayList(using: drawing.text.engine))
    let shownInk =
      rects.flatMap { drawing.pixels(in: $0, of: revealed) }
      .map { ink(revealed[x: $0.x, y: $0.y]) }.max() ?? 0
    #expect(shownInk > 0.5)
  }

  @Test("the dust is drawn in the run's color, and the same seed and time give the same frame")
  func dustFrames() throws {
    let drawing = try ComponentDrawing()
    let component = Self.component(drawing, theme: .dark, seed: 4)
    let engine = drawing.text.engine
    let a = try drawing.image(try component.displayList(using: engine, at: 1.25))
    let b = try drawing.image(try component.displayList(using: engine, at: 1.25))
    let c = try drawing.image(try component.displayList(using: engine, at: 1.5))
    #expect(a == b)
    #expect(a != c)
    // Dark theme: white text color, so the dust lights pixels inside the spoiler rectangles.
    let rects = Self.hidden(try component.displayList(using: engine))
    let lit = rects.flatMap { drawing.pixels(in: $0, of: a) }
      .filter { a[x: $0.x, y: $0.y].brightness > 0.3 }.count
    #expect(lit > 20)
    // And nowhere else: the dust stays on the hidden words.
    var bare = try component.displayList(using: engine, at: 1.25)
    bare.items = bare.items.filter { if case .dust = $0 { false } else { true } }
    let withoutDust = try drawing.image(bare)
    for y in 0..<a.height {
      for x in 0..<a.width where a[x: x, y: y] != withoutDust[x: x, y: y] {
        // The pixel's center, and half a pixel around it for anti-aliasing.
        let point = LayoutPoint(x: (Double(x) + 0.5) / 2 - 16, y: (Double(y) + 0.5) / 2 - 16)
        let near = LayoutRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let inside = rects.contains {
          near.maxX > $0.minX && near.minX < $0.maxX && near.maxY > $0.minY && near.minY < $0.maxY
        }
        guard inside else {
          Issue.record("dust at \(point), outside the hidden words")
          return
        }
      }
    }
  }

  @Test("a reveal shows the hidden text inside the circle only")
  func revealCircle() throws {
    let drawing = try ComponentDrawing()
    let engine = drawing.text.engine
    var component = Self.component(drawing, seed: 2)
    let still = component
    let list = try component.displayList(using: engine)
    let first = Self.hidden(list)[0]
    let tap = CGPoint(x: first.minX + 2, y: first.midY)
    component.perform(try #require(component.hitTest(tap, in: list)), at: 0)
    guard case .revealing(_, let final, _, let duration) = component.spoilers.phase else {
      Issue.record("the tap reveals")
      return
    }
    let time = duration * 0.5
    let radius = final * 0.25
    let frame = try drawing.image(try component.displayList(using: engine, at: time))
    let hidden = try drawing.image(try still.displayList(using: engine, at: time))
    var inside = 0
    var outsideDifferences = 0
    for rect in Self.hidden(list) {
      for pixel in drawing.pixels(in: rect, of: frame) {
        // The pixel's center in layout points.
        let point = LayoutPoint(
          x: (Double(pixel.x) + 0.5) / 2 - 16, y: (Double(pixel.y) + 0.5) / 2 - 16)
        let distance = hypot(point.x - tap.x, point.y - tap.y)
        let differs = frame[x: pixel.x, y: pixel.y] != hidden[x: pixel.x, y: pixel.y]
        if distance < radius - 1 && differs { inside += 1 }
        // Beyond the circle (and the dust pushed out of it), the frame is the hidden one.
        if distance > radius + 12 + 2 && differs { outsideDifferences += 1 }
      }
    }
    #expect(inside > 20, "the text shows inside the circle")
    #expect(outsideDifferences == 0, "nothing changes outside it")
  }

  @Test("a tiny grain is faint and small; a dot a pixel and a half wide is a solid circle")
  func dots() {
    var canvas = RasterCanvas(width: 10, height: 10, scale: .x1)
    let black = TextColor(red: 0, green: 0, blue: 0)
    canvas.fillDot(at: LayoutPoint(x: 2.5, y: 2.5), diameter: 0.5, color: black)
    // A quarter-pixel-radius dot on a pixel's center covers π/16 of it, in that one pixel.
    let alpha = Double(canvas.bitmap[x: 2, y: 2].alpha) / 255
    #expect(abs(alpha - Double.pi / 16) < 0.01)
    #expect(canvas.bitmap[x: 3, y: 2].alpha == 0 && canvas.bitmap[x: 2, y: 3].alpha == 0)
    // Between four pixels, its ink is shared among them.
    canvas.fillDot(at: LayoutPoint(x: 7, y: 7), diameter: 0.5, color: black)
    let shared = (6...7).flatMap { x in (6...7).map { y in canvas.bitmap[x: x, y: y].alpha } }
    #expect(shared.allSatisfy { $0 > 0 && $0 < 20 })
    var large = RasterCanvas(width: 10, height: 10, scale: .x1)
    large.fillDot(at: LayoutPoint(x: 5, y: 5), diameter: 4, color: black)
    #expect(large.bitmap[x: 5, y: 5].alpha == 255)
  }
}
