import Foundation
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@_spi(FrontEnd) @testable import TextReveal

/// One real text stack for the suite: DejaVu Sans through FreeType, HarfBuzz and ICU.
// A machine without DejaVu Sans cannot run these tests: the message names the font.
let stack = try! TextStack()
let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)

/// An app description long enough to be cut at three lines in 320 points.
let appDescription = """
  Plan your week, track every habit and see your progress at a glance. Widgets show today's \
  goals on your home screen, reminders arrive when they help, and your data stays on your \
  device unless you choose to sync it.
  """

/// The middle of a rectangle.
func center(_ rect: CGRect) -> CGPoint { CGPoint(x: rect.midX, y: rect.midY) }

/// The rectangle of a display list's first hit region whose action passes a test.
func region<Action>(
  _ list: DisplayList<Action>, where matches: (Action) -> Bool
) -> CGRect? {
  list.hitRegions.first { matches($0.action) }?.rect
}

/// The text items of display items, groups included, in drawing order.
func textItems(_ items: [DisplayItem]) -> [TextItem] {
  items.flatMap { item -> [TextItem] in
    switch item {
    case .text(let text): [text]
    case .group(let group): textItems(group.items)
    case .shape, .dust: []
    }
  }
}

/// The dust grains of display items, groups included.
func grains(_ items: [DisplayItem]) -> [DustGrain] {
  items.flatMap { item -> [DustGrain] in
    switch item {
    case .dust(let dust): dust.grains
    case .group(let group): grains(group.items)
    case .text, .shape: []
    }
  }
}
