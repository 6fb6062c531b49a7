import Foundation
import Testing
import TextLayout
import TextReveal

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

  @Test("hidden glyphs produce no ink: under the dust only dust is drawn")
  func hiddenGlyphsNoInk() throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.text.engine.layout(
      Self.text(drawing), configuration: LayoutConfiguration(width: 300))
    var spoilers = SpoilerModel(layout: layout, seed: 1)
    // No dust at all, to see what lies under it: revealed text has ink, hidden text none.
    var canvas = RasterCanvas(
      width: 332, height: layout.size.height + 32, scale: .x2, theme: .light)
    try drawing.renderer.glyphs.draw(layout, at: drawing.origin, in: &canvas, spoilers: .hidden)
    let rects = spoilers.regions.flatMap(\.rects)
    let hiddenInk =
      rects.flatMap { drawing.pixels(in: $0, of: canvas) }
      .map { ink(canvas.bitmap[x: $0.x, y: $0.y]) }.max() ?? 0
    #expect(hiddenInk < 1e-9)
    spoilers.setRevealed(true, at: 0)
    let revealed = try drawing.renderer.image(of: layout, spoilers: spoilers, at: 5, theme: .light)
    let origin = drawing.renderer.origin
    let shownInk =
      rects.flatMap {
        drawing.pixels(
          in: $0.offsetBy(x: origin.x - drawing.origin.x, y: origin.y - drawing.origin.y),
          of: revealed)
      }.map { ink(revealed.bitmap[x: $0.x, y: $0.y]) }.max() ?? 0
    #expect(shownInk > 0.5)
  }

  @Test("the dust is drawn in the run's color, and the same seed and time give the same frame")
  func dustFrames() throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.text.engine.layout(
      Self.text(drawing), configuration: LayoutConfiguration(width: 300))
    let spoilers = SpoilerModel(layout: layout, seed: 4)
    let a = try drawing.renderer.image(of: layout, spoilers: spoilers, at: 1.25, theme: .dark)
    let b = try drawing.renderer.image(of: layout, spoilers: spoilers, at: 1.25, theme: .dark)
    let c = try drawing.renderer.image(of: layout, spoilers: spoilers, at: 1.5, theme: .dark)
    #expect(a.bitmap == b.bitmap)
    #expect(a.bitmap != c.bitmap)
    // Dark theme: white text color, so the dust lights pixels inside the spoiler rectangles.
    let rects = spoilers.regions.flatMap(\.rects)
    let lit = rects.flatMap { drawing.pixels(in: $0, of: a) }
      .filter { a.bitmap[x: $0.x, y: $0.y].brightness > 0.3 }.count
    #expect(lit > 20)
  }

  @Test("a reveal shows the hidden text inside the circle only")
  func revealCircle() throws {
    let drawing = try ComponentDrawing()
    let layout = try drawing.text.engine.layout(
      Self.text(drawing), configuration: LayoutConfiguration(width: 300))
    var spoilers = SpoilerModel(layout: layout, seed: 2)
    let first = spoilers.regions[0].rects[0]
    let tap = LayoutPoint(x: first.minX + 2, y: first.midY)
    spoilers.tap(at: tap, time: 0)
    let time = spoilers.revealDuration(from: tap) * 0.5
    let circle = try #require(spoilers.reveal(at: time).circle)
    let frame = try drawing.renderer.image(of: layout, spoilers: spoilers, at: time, theme: .light)
    let hidden = try drawing.renderer.image(
      of: layout, spoilers: SpoilerModel(layout: layout, seed: 2), at: time, theme: .light)
    let origin = drawing.renderer.origin
    var inside = 0
    var outsideDifferences = 0
    for rect in spoilers.regions.flatMap(\.rects) {
      for pixel in drawing.pixels(in: rect, of: frame) {
        // The pixel's center in layout points.
        let point = LayoutPoint(
          x: (Double(pixel.x) + 0.5) / 2 - origin.x, y: (Double(pixel.y) + 0.5) / 2 - origin.y)
        let distance = hypot(point.x - circle.center.x, point.y - circle.center.y)
        let differs = frame.bitmap[x: pixel.x, y: pixel.y] != hidden.bitmap[x: pixel.x, y: pixel.y]
        if distance < circle.radius - 1 && differs { inside += 1 }
        // Beyond the circle (and the dust pushed out of it), the frame is the hidden one.
        if distance > circle.radius + SpoilerModel.pushDistance + 2 && differs {
          outsideDifferences += 1
        }
      }
    }
    #expect(inside > 20, "the text shows inside the circle")
    #expect(outsideDifferences == 0, "nothing changes outside it")
  }
}

extension LayoutRect {
  fileprivate func offsetBy(x: Double, y: Double) -> LayoutRect {
    LayoutRect(x: minX + x, y: minY + y, width: width, height: height)
  }
}
