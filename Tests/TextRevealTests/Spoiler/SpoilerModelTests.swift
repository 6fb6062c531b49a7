import Foundation
import Testing
import TextLayout

@testable import TextReveal

/// A text with spoilers: `parts` alternate plain and hidden, starting plain.
func spoilerText(_ parts: [String], size: Double = 17) -> StyledText {
  var text = StyledText("", style: TextStyle(size: size))
  for (index, part) in parts.enumerated() {
    text.append(part, style: TextStyle(size: size, isSpoiler: index % 2 == 1))
  }
  return text
}

@Suite struct SpoilerModelTests {
  static let message = spoilerText([
    "The film ends when ", "the butler turns out to be the twin brother", " of the detective, and ",
    "nobody survives", ".",
  ])

  static func layout(_ text: StyledText = message, width: Double = 300) throws -> LaidOutText {
    try engine.layout(text, configuration: LayoutConfiguration(width: width))
  }

  @Test("regions cover each hidden word per line, with the spaces between them clear")
  func regions() throws {
    let layout = try Self.layout()
    let model = SpoilerModel(layout: layout)
    #expect(model.regions.count == 2)
    let first = model.regions[0]
    // "the butler turns out to be the twin brother": nine words, and it wraps at 300 points.
    #expect(first.rects.count == 9)
    #expect(Set(first.rects.map(\.minY)).count == 2, "the spoiler wraps onto a second line")
    // No rectangle covers a space: each is exactly a word's rectangle.
    for rect in first.rects {
      let offset = try #require(layout.characterOffset(at: LayoutPoint(x: rect.midX, y: rect.midY)))
      #expect(!layout.text.slice(offset..<(offset + 1)).first!.isWhitespace)
    }
    for (a, b) in zip(first.rects, first.rects.dropFirst()) where a.minY == b.minY {
      #expect(b.minX > a.maxX, "a gap between words on one line")
    }
  }

  @Test("every particle starts inside a spoiler word rectangle, and stays in it")
  func particlesInside() throws {
    let model = SpoilerModel(layout: try Self.layout(), seed: 42)
    var particles: [SpoilerParticle] = []
    for time in stride(from: 0.0, through: 3, by: 0.137) {
      model.field.particles(at: time, into: &particles)
      #expect(!particles.isEmpty)
      for particle in particles {
        let rects = model.regions[particle.region].rects
        #expect(
          rects.contains {
            particle.position.x >= $0.minX - 1e-9 && particle.position.x <= $0.maxX + 1e-9
              && particle.position.y >= $0.minY - 1e-9 && particle.position.y <= $0.maxY + 1e-9
          }, "t=\(time)")
        #expect(particle.opacity >= 0 && particle.opacity <= 1)
        #expect(ParticleField.sizes.contains(particle.size))
      }
    }
    // At birth (age 0) a particle is at its starting point: check it through the emission.
    var random = ParticleField.Random(seed: 42, region: 0, index: 5)
    _ = random.unit()
    #expect(ParticleField.bounce(3.5, within: 2, 4) == 3.5)
    #expect(ParticleField.bounce(4.5, within: 2, 4) == 3.5)
    #expect(ParticleField.bounce(1.5, within: 2, 4) == 2.5)
  }

  @Test("the live count stays within 15% of 0.35 per square point", arguments: [200.0, 320, 480])
  func liveCount(width: Double) throws {
    let model = SpoilerModel(layout: try Self.layout(width: width), seed: 3)
    let area = model.regions.reduce(0) { $0 + $1.area }
    var particles: [SpoilerParticle] = []
    for time in [1.0, 1.5, 2.25, 7.9, 100.3] {
      model.field.particles(at: time, into: &particles)
      let expected = area * ParticleField.density
      #expect(abs(Double(particles.count) - expected) <= 0.15 * expected, "t=\(time)")
    }
  }

  @Test("the same seed and time give the same particles; one big step equals many small ones")
  func determinism() throws {
    let layout = try Self.layout()
    let a = SpoilerModel(layout: layout, seed: 9)
    let b = SpoilerModel(layout: layout, seed: 9)
    let c = SpoilerModel(layout: layout, seed: 10)
    var first: [SpoilerParticle] = []
    var second: [SpoilerParticle] = []
    a.field.particles(at: 2.5, into: &first)
    b.field.particles(at: 2.5, into: &second)
    #expect(first == second)
    c.field.particles(at: 2.5, into: &second)
    #expect(first != second)
    // Many small frames, then the same time reached in one jump: bit for bit the same.
    var stepped: [SpoilerParticle] = []
    for step in 0...250 { a.field.particles(at: Double(step) * 0.01, into: &stepped) }
    a.field.particles(at: 2.5, into: &first)
    #expect(stepped == first)
  }

  @Test("a tap outside the rectangles does nothing; one inside reveals every spoiler")
  func tapReveals() throws {
    let layout = try Self.layout()
    var model = SpoilerModel(layout: layout)
    // On a spoiler's line but in the plain text before it.
    let plain = try #require(layout.rects(for: 0..<3).first)
    let tapped1 = model.tap(at: LayoutPoint(x: plain.midX, y: plain.midY), time: 0)
    #expect(!tapped1)
    #expect(model.state == .hidden)
    // Between two hidden words: the space is not a spoiler rectangle.
    let words = model.regions[0].rects
    let gap = LayoutPoint(x: (words[0].maxX + words[1].minX) / 2, y: words[0].midY)
    let tapped2 = model.tap(at: gap, time: 0)
    #expect(!tapped2)
    let inside = LayoutPoint(x: words[1].midX, y: words[1].midY)
    let tapped3 = model.tap(at: inside, time: 1)
    #expect(tapped3)
    let duration = model.revealDuration(from: inside)
    #expect(model.isRevealed(at: 1 + duration))
    #expect(model.state(at: 1 + duration) == .revealed)
    // Both regions are revealed: every rectangle shows its text at the end.
    let end = model.reveal(at: 1 + duration)
    for rect in model.regions.flatMap(\.rects) {
      #expect(end.showsText(at: LayoutPoint(x: rect.midX, y: rect.midY)))
    }
    // Reveal-only: a second tap does nothing.
    let tapped4 = model.tap(at: inside, time: 5)
    #expect(!tapped4)
    #expect(model.isRevealed(at: 5))
  }

  @Test("the circle grows monotonically and ends covering every rectangle")
  func circleGrows() throws {
    var model = SpoilerModel(layout: try Self.layout())
    let tap = LayoutPoint(x: model.regions[0].rects[0].midX, y: model.regions[0].rects[0].midY)
    model.tap(at: tap, time: 0)
    let duration = model.revealDuration(from: tap)
    var last = -1.0
    for step in 0...40 {
      let time = duration * Double(step) / 40 - 1e-9
      guard let circle = model.reveal(at: max(0, time)).circle else { continue }
      #expect(circle.radius >= last)
      #expect(circle.center == tap)
      last = circle.radius
    }
    let final = model.finalRadius(from: tap)
    #expect(abs(last - final) < final * 0.06)
    for rect in model.regions.flatMap(\.rects) {
      for corner in [
        LayoutPoint(x: rect.minX, y: rect.minY), LayoutPoint(x: rect.maxX, y: rect.maxY),
      ] {
        #expect(hypot(corner.x - tap.x, corner.y - tap.y) <= final + 1e-9)
      }
    }
  }

  @Test("a tap near an edge spreads faster than one at the centre: 0.55 − 0.2·f seconds")
  func duration() throws {
    let model = SpoilerModel(layout: try Self.layout())
    let bounds = model.bounds
    let center = LayoutPoint(x: bounds.midX, y: bounds.midY)
    #expect(abs(model.revealDuration(from: center) - 0.55) < 1e-9)
    let corner = LayoutPoint(x: bounds.minX, y: bounds.minY)
    #expect(abs(model.revealDuration(from: corner) - 0.35) < 1e-9)
    let edge = LayoutPoint(x: bounds.maxX, y: bounds.midY)
    #expect(model.revealDuration(from: edge) < model.revealDuration(from: center))
  }

  @Test("toggle mode hides again, the dust fading back in over 0.4 s")
  func toggle() throws {
    var model = SpoilerModel(layout: try Self.layout(), mode: .toggle)
    let rect = model.regions[1].rects[0]
    let point = LayoutPoint(x: rect.midX, y: rect.midY)
    model.tap(at: point, time: 0)
    let tapped5 = model.tap(at: point, time: 2)
    #expect(tapped5)
    #expect(model.reveal(at: 2.2).dustOpacity > 0 && model.reveal(at: 2.2).dustOpacity < 1)
    #expect(model.state(at: 2.41) == .hidden)
    model.setRevealed(true, at: 3)
    #expect(model.isRevealed(at: 3.01))
  }

  @Test("a text change or a width change recomputes the rectangles, keeping the state")
  func relayout() throws {
    var model = SpoilerModel(layout: try Self.layout(width: 300))
    let before = model.regions
    model.update(layout: try Self.layout(width: 200))
    #expect(model.regions != before)
    model.update(layout: try Self.layout(spoilerText(["Just ", "one", " word."])))
    #expect(model.regions.count == 1 && model.regions[0].rects.count == 1)
  }

  @Test("a spoiler cut by a line limit is covered only where it shows")
  func cutByLimit() throws {
    let layout = try engine.layout(
      Self.message, configuration: LayoutConfiguration(width: 200, lineLimit: .lines(2)))
    let model = SpoilerModel(layout: layout)
    for rect in model.regions.flatMap(\.rects) {
      #expect(rect.maxY <= layout.size.height + 1e-9)
    }
    #expect(model.regions.allSatisfy { $0.range.lowerBound < layout.visibleEnd })
  }

  @Test("right-to-left spoilers sit over the right words")
  func rightToLeft() throws {
    let text = spoilerText(["הסוף של הסרט: ", "הרוצח הוא הגנן", " ולא אף אחד אחר."])
    let layout = try Self.layout(text, width: 300)
    let model = SpoilerModel(layout: layout)
    let region = try #require(model.regions.first)
    let covered = layout.rects(for: region.range)
    for rect in region.rects {
      #expect(covered.contains { $0.minX <= rect.minX + 1e-9 && $0.maxX >= rect.maxX - 1e-9 })
      let offset = try #require(layout.characterOffset(at: LayoutPoint(x: rect.midX, y: rect.midY)))
      #expect(region.range.contains(offset))
    }
  }

  @Test("reduced motion: static dots at about 0.25 per square point and a cross-fade")
  func reducedMotion() throws {
    var model = SpoilerModel(layout: try Self.layout(), reducesMotion: true)
    let area = model.regions.reduce(0) { $0 + $1.area }
    var a: [SpoilerParticle] = []
    var b: [SpoilerParticle] = []
    model.field.particles(at: 0.3, into: &a)
    model.field.particles(at: 4.7, into: &b)
    #expect(a == b, "the dots do not move")
    #expect(abs(Double(a.count) - area * 0.25) <= 0.05 * area * 0.25 + 2)
    let rect = model.regions[0].rects[0]
    model.tap(at: LayoutPoint(x: rect.midX, y: rect.midY), time: 0)
    let middle = model.reveal(at: SpoilerModel.crossFadeDuration / 2)
    #expect(middle.circle == nil)
    #expect(middle.textOpacity > 0 && middle.dustOpacity < 1)
  }

  @Test("accessibility reads \"spoiler\" until revealed, and hidden text cannot be copied")
  func accessibility() throws {
    var model = SpoilerModel(layout: try Self.layout())
    let label = model.accessibilityLabel(of: Self.message, at: 0)
    #expect(label == "The film ends when spoiler of the detective, and spoiler.")
    #expect(!label.contains("butler"))
    #expect(model.copyableText(of: Self.message, in: 0..<8, at: 0) == "The film")
    #expect(model.copyableText(of: Self.message, in: 0..<30, at: 0) == nil)
    let rect = model.regions[0].rects[0]
    model.tap(at: LayoutPoint(x: rect.midX, y: rect.midY), time: 0)
    #expect(model.accessibilityLabel(of: Self.message, at: 1).contains("butler"))
    #expect(model.copyableText(of: Self.message, in: 0..<30, at: 1) != nil)
  }

  @Test("dust inside the spreading circle is pushed outward and fades")
  func dustPushedOut() throws {
    var model = SpoilerModel(layout: try Self.layout(), seed: 5)
    let rect = model.regions[0].rects[2]
    let tap = LayoutPoint(x: rect.midX, y: rect.midY)
    model.tap(at: tap, time: 0)
    let time = model.revealDuration(from: tap) * 0.8
    var field: [SpoilerParticle] = []
    var drawn: [SpoilerParticle] = []
    model.field.particles(at: time, into: &field)
    model.dust(at: time, into: &drawn)
    let circle = try #require(model.reveal(at: time).circle)
    var pushed = 0
    for (before, after) in zip(field, drawn)
    where hypot(before.position.x - tap.x, before.position.y - tap.y) < circle.radius {
      #expect(after.opacity < before.opacity || before.opacity == 0)
      #expect(
        hypot(after.position.x - tap.x, after.position.y - tap.y)
          >= hypot(before.position.x - tap.x, before.position.y - tap.y))
      pushed += 1
    }
    #expect(pushed > 0)
  }
}

@Suite struct SpoilerRevealSetTests {
  @Test("revealed spoilers are kept per row identity")
  func perRow() {
    var set = SpoilerRevealSet<String>()
    set.reveal("a")
    #expect(set.isRevealed("a") && !set.isRevealed("b"))
    set.hide("a")
    #expect(!set.isRevealed("a"))
  }
}
