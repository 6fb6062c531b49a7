import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

/// A text with spoilers: `parts` alternate plain and hidden, starting plain.
func spoilerText(_ parts: [String], size: Double = 17) -> StyledText {
  var text = StyledText("", style: TextStyle(size: size))
  for (index, part) in parts.enumerated() {
    text.append(part, style: TextStyle(size: size, isSpoiler: index % 2 == 1))
  }
  return text
}

@Suite struct SpoilerTextTests {
  static let message = spoilerText([
    "The film ends when ", "the butler turns out to be the twin brother", " of the detective, and ",
    "nobody survives", ".",
  ])

  static func layout(_ text: StyledText = message, width: Double = 300) throws -> LaidOutText {
    try engine.layout(text, configuration: LayoutConfiguration(width: width))
  }

  static func component(
    _ text: StyledText = message, width: Double = 300, mode: SpoilerState.Mode = .revealOnly,
    reducesMotion: Bool = false
  ) -> SpoilerText {
    SpoilerText(
      text: text,
      environment: ComponentEnvironment(width: width, reducesMotion: reducesMotion), mode: mode,
      seed: 42)
  }

  static func spoilerRegions(_ list: DisplayList<SpoilerText.Action>) -> [CGRect] {
    list.hitRegions.filter { if case .tapSpoiler = $0.action { true } else { false } }.map(\.rect)
  }

  @Test("regions cover each hidden word per line, with the spaces between them clear")
  func regions() throws {
    let layout = try Self.layout()
    let regions = SpoilerRegion.regions(in: layout)
    #expect(regions.count == 2)
    let first = regions[0]
    // "the butler turns out to be the twin brother": nine words, and it wraps at 300 points.
    #expect(first.hitRects.count == 9)
    #expect(Set(first.hitRects.map(\.minY)).count == 2, "the spoiler wraps onto a second line")
    // No rectangle covers a space: each is exactly a word's rectangle.
    for rect in first.hitRects {
      let offset = try #require(
        layout.characterOffset(at: LayoutPoint(x: rect.midX, y: rect.midY)))
      #expect(!layout.text.slice(offset..<(offset + 1)).first!.isWhitespace)
    }
    for (a, b) in zip(first.hitRects, first.hitRects.dropFirst()) where a.minY == b.minY {
      #expect(b.minX > a.maxX, "a gap between words on one line")
    }
  }

  @Test("the dust of two hidden lines leaves a clear band between them")
  func noSlab() throws {
    let layout = try Self.layout()
    let region = try #require(SpoilerRegion.regions(in: layout).first)
    let lines = Dictionary(grouping: region.dustRects, by: \.minY).keys.sorted()
    #expect(lines.count == 2)
    let upper = region.dustRects.filter { $0.minY == lines[0] }.map(\.maxY).max()!
    let lower = region.dustRects.filter { $0.minY == lines[1] }.map(\.minY).min()!
    #expect(lower - upper >= 2, "a gap of \(lower - upper) points between the two bands")
    // Each band lies inside its word's line rectangle, and covers most of the letters.
    for (dust, hit) in zip(region.dustRects, region.hitRects) {
      #expect(dust.minX == hit.minX && dust.maxX == hit.maxX)
      #expect(dust.minY >= hit.minY && dust.maxY <= hit.maxY)
      #expect(dust.height >= 0.8 * 17)
    }
  }

  @Test("every grain lies wholly inside a hidden word's band, and is fine")
  func grainsInside() throws {
    let layout = try Self.layout()
    let regions = SpoilerRegion.regions(in: layout)
    let field = ParticleField(regions: regions.map(\.dustRects), seed: 42)
    var grains: [ParticleField.Grain] = []
    for time in stride(from: 0.0, through: 3, by: 0.137) {
      grains.removeAll()
      field.grains(at: time, into: &grains)
      #expect(!grains.isEmpty)
      for grain in grains {
        let radius = grain.size / 2
        #expect(
          regions[grain.region].dustRects.contains {
            grain.x - radius >= $0.minX - 1e-9 && grain.x + radius <= $0.maxX + 1e-9
              && grain.y - radius >= $0.minY - 1e-9 && grain.y + radius <= $0.maxY + 1e-9
          }, "t=\(time)")
        #expect(grain.opacity >= 0 && grain.opacity <= 1)
        #expect(ParticleField.sizes.contains(grain.size) && grain.size <= 1.2)
      }
    }
    #expect(ParticleField.bounce(3.5, within: 2, 4) == 3.5)
    #expect(ParticleField.bounce(4.5, within: 2, 4) == 3.5)
    #expect(ParticleField.bounce(1.5, within: 2, 4) == 2.5)
  }

  @Test("the live count stays within 15% of the density", arguments: [200.0, 320, 480])
  func liveCount(width: Double) throws {
    let regions = SpoilerRegion.regions(in: try Self.layout(width: width))
    let field = ParticleField(regions: regions.map(\.dustRects), seed: 3)
    let area = regions.flatMap(\.dustRects).reduce(0) { $0 + $1.width * $1.height }
    var grains: [ParticleField.Grain] = []
    for time in [1.0, 1.5, 2.25, 7.9, 100.3] {
      grains.removeAll()
      field.grains(at: time, into: &grains)
      let expected = area * ParticleField.density
      #expect(abs(Double(grains.count) - expected) <= 0.15 * expected, "t=\(time)")
    }
  }

  @Test("many spoilers cost linear time and memory: the grains buffer grows geometrically")
  func manySpoilers() throws {
    let rects = (0..<5000).map {
      [LayoutRect(x: Double($0 % 50) * 6, y: Double($0 / 50) * 20, width: 4, height: 12)]
    }
    let field = ParticleField(regions: rects, seed: 1)
    var grains: [ParticleField.Grain] = []
    field.grains(at: 1, into: &grains)
    let expected = 5000 * 48 * ParticleField.density
    #expect(abs(Double(grains.count) - expected) < 0.2 * expected)
    // Capacity grows by doubling, not by exactly what each region adds.
    #expect(grains.capacity < 4 * grains.count)
  }

  @Test("the same seed and time give the same dust; one big step equals many small ones")
  func determinism() throws {
    let a = Self.component()
    var c = Self.component()
    c.spoilers.seed = 10
    let first = grains(try a.displayList(using: engine, at: 2.5).items)
    #expect(first == grains(try a.displayList(using: engine, at: 2.5).items))
    #expect(first != grains(try c.displayList(using: engine, at: 2.5).items))
    for step in 0...20 { _ = try a.displayList(using: engine, at: Double(step) * 0.1) }
    #expect(first == grains(try a.displayList(using: engine, at: 2.5).items))
  }

  @Test("a tap outside the hidden words does nothing; one inside reveals every spoiler")
  func tapReveals() throws {
    var model = Self.component()
    let list = try model.displayList(using: engine, at: 0)
    #expect(list.animation == .continuous)
    let layout = try Self.layout()
    // On a spoiler's line but in the plain text before it.
    let plain = try #require(layout.rects(for: 0..<3).first)
    #expect(model.hitTest(CGPoint(x: plain.midX, y: plain.midY), in: list) == nil)
    // Between two hidden words: the space is not a spoiler rectangle.
    let words = Self.spoilerRegions(list)
    let gap = CGPoint(x: (words[0].maxX + words[1].minX) / 2, y: words[0].midY)
    #expect(model.hitTest(gap, in: list) == nil)
    let inside = center(words[1])
    let action = try #require(model.hitTest(inside, in: list))
    model.perform(action, at: 1)
    guard case .revealing(let tap, _, _, let duration) = model.spoilers.phase(at: 1) else {
      Issue.record("the tap starts a reveal")
      return
    }
    #expect(tap == inside)
    #expect(model.spoilers.phase(at: 1 + duration) == .revealed)
    let end = try model.displayList(using: engine, at: 1 + duration)
    #expect(grains(end.items).isEmpty && end.animation == .still)
    #expect(end.hitRegions.isEmpty, "revealed spoilers answer no tap in reveal-only mode")
    // Reveal-only: a second tap does nothing.
    model.perform(action, at: 5)
    #expect(model.spoilers.isRevealed(at: 6))
  }

  @Test("while revealing, the hidden text shows inside a growing circle that ends covering all")
  func circleGrows() throws {
    var model = Self.component()
    let list = try model.displayList(using: engine, at: 0)
    let words = Self.spoilerRegions(list)
    let tap = center(words[0])
    model.perform(try #require(model.hitTest(tap, in: list)), at: 0)
    guard case .revealing(_, let final, _, let duration) = model.spoilers.phase else { return }
    var last = -1.0
    for step in 1..<40 {
      let frame = try model.displayList(using: engine, at: duration * Double(step) / 40)
      let circles = frame.items.compactMap { item -> (CGPoint, Double)? in
        if case .group(let group) = item, case .circle(let center, let radius) = group.mask {
          return (center, radius)
        }
        return nil
      }
      let circle = try #require(circles.first)
      #expect(circle.0 == tap)
      #expect(circle.1 >= last)
      last = circle.1
    }
    #expect(abs(last - final) < final * 0.06)
    for rect in words {
      for corner in [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY)] {
        #expect(hypot(corner.x - tap.x, corner.y - tap.y) <= final + 1e-9)
      }
    }
  }

  @Test("a tap near an edge spreads faster than one at the centre: 0.55 − 0.2·f seconds")
  func duration() throws {
    let area = CGRect(x: 10, y: 20, width: 200, height: 60)
    func duration(_ point: CGPoint) -> Double {
      var state = SpoilerState()
      state.tap(SpoilerTap(point: point, area: area), at: 0, reducesMotion: false)
      guard case .revealing(_, _, _, let duration) = state.phase else { return .nan }
      return duration
    }
    #expect(abs(duration(CGPoint(x: area.midX, y: area.midY)) - 0.55) < 1e-9)
    #expect(abs(duration(CGPoint(x: area.minX, y: area.minY)) - 0.35) < 1e-9)
    #expect(duration(CGPoint(x: area.maxX, y: area.midY)) < 0.55)
  }

  @Test("toggle mode hides again, the dust fading back in over 0.4 s")
  func toggle() throws {
    var model = Self.component(mode: .toggle)
    let list = try model.displayList(using: engine, at: 0)
    let point = center(Self.spoilerRegions(list)[1])
    model.perform(try #require(model.hitTest(point, in: list)), at: 0)
    let revealed = try model.displayList(using: engine, at: 2)
    #expect(!Self.spoilerRegions(revealed).isEmpty, "revealed spoilers answer in toggle mode")
    model.perform(try #require(model.hitTest(point, in: revealed)), at: 2)
    let fading = grains(try model.displayList(using: engine, at: 2.2).items)
    let full = grains(try model.displayList(using: engine, at: 3).items)
    #expect(!fading.isEmpty && !full.isEmpty)
    #expect(fading.map(\.opacity).reduce(0, +) < full.map(\.opacity).reduce(0, +))
    #expect(model.spoilers.phase(at: 2.41) == .hidden)
    model.spoilers.setRevealed(true, area: CGRect(x: 0, y: 0, width: 100, height: 20), at: 3)
    #expect(model.spoilers.isRevealed(at: 3.01))
  }

  @Test("a spoiler cut by a line limit is covered only where it shows")
  func cutByLimit() throws {
    var model = Self.component(width: 200)
    model.lineLimit = .lines(2)
    let list = try model.displayList(using: engine)
    for rect in Self.spoilerRegions(list) { #expect(rect.maxY <= list.size.height + 1e-9) }
    for grain in grains(list.items) { #expect(grain.center.y <= list.size.height) }
  }

  @Test("right-to-left spoilers sit over the right words")
  func rightToLeft() throws {
    let text = spoilerText(["הסוף של הסרט: ", "הרוצח הוא הגנן", " ולא אף אחד אחר."])
    let layout = try Self.layout(text, width: 300)
    let region = try #require(SpoilerRegion.regions(in: layout).first)
    let covered = layout.rects(for: region.range)
    for rect in region.hitRects {
      #expect(covered.contains { $0.minX <= rect.minX + 1e-9 && $0.maxX >= rect.maxX - 1e-9 })
      let offset = try #require(
        layout.characterOffset(at: LayoutPoint(x: rect.midX, y: rect.midY)))
      #expect(region.range.contains(offset))
    }
  }

  @Test("reduced motion: static dots and a cross-fade instead of the circle")
  func reducedMotion() throws {
    var model = Self.component(reducesMotion: true)
    let list = try model.displayList(using: engine, at: 0.3)
    #expect(list.animation == .still)
    #expect(grains(list.items) == grains(try model.displayList(using: engine, at: 4.7).items))
    model.perform(
      try #require(model.hitTest(center(Self.spoilerRegions(list)[0]), in: list)), at: 0)
    let middle = try model.displayList(using: engine, at: SpoilerState.crossFadeDuration / 2)
    let faded = middle.items.compactMap { item -> Double? in
      if case .group(let group) = item, group.mask == nil { return group.opacity }
      return nil
    }
    #expect(faded.count == 1 && faded[0] > 0 && faded[0] < 1)
  }

  @Test("accessibility reads \"spoiler\" until revealed")
  func accessibility() throws {
    var model = Self.component()
    let list = try model.displayList(using: engine, at: 0)
    let label = try #require(list.accessibility.first).label
    #expect(label == "The film ends when spoiler of the detective, and spoiler.")
    model.perform(
      try #require(model.hitTest(center(Self.spoilerRegions(list)[0]), in: list)), at: 0)
    #expect(
      try #require(try model.displayList(using: engine, at: 1).accessibility.first)
        .label.contains("butler"))
  }

  @Test("dust inside the spreading circle is pushed outward and fades")
  func dustPushedOut() throws {
    var model = Self.component()
    let list = try model.displayList(using: engine, at: 0)
    let tap = center(Self.spoilerRegions(list)[2])
    model.perform(try #require(model.hitTest(tap, in: list)), at: 0)
    guard case .revealing(_, let final, _, let duration) = model.spoilers.phase else { return }
    let time = duration * 0.8
    let radius = final * 0.64
    var still = Self.component()
    still.spoilers = SpoilerState()
    let before = grains(try still.displayList(using: engine, at: time).items)
    let after = grains(try model.displayList(using: engine, at: time).items)
    func distance(_ point: CGPoint) -> Double { hypot(point.x - tap.x, point.y - tap.y) }
    let inside = before.filter { distance($0.center) < radius * 0.9 }
    #expect(!inside.isEmpty)
    // Pushed out and faded: inside the circle, what is left is fainter and farther.
    let near = after.filter { distance($0.center) < radius * 0.9 }
    #expect(near.map(\.opacity).reduce(0, +) < inside.map(\.opacity).reduce(0, +))
  }
}
