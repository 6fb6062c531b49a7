import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// A layout's glyphs are its own: they stay what they were placed as after the shaper's
/// cache, which they were stored from, starts over and fills with other text, and while
/// other threads lay out meanwhile.
@Suite struct PlacedGlyphLifetimeTests {
  static let text = StyledText(
    "The quick brown fox jumps over the lazy dog. Быстрая лиса, 快速的狐狸跳过懒狗。 Κάποτε ήταν "
      + "ένας ταχύς σκύλος, and the end of a line that the token cuts after a word",
    style: TextStyle(size: 17))
  static let configuration = LayoutConfiguration(
    width: 240, lineLimit: .lines(3), truncationToken: TruncationToken())

  /// Other text, enough words to make a cache of eight entries start over many times.
  static let others = (0..<40).map { index in
    StyledText(
      "Other words number \(index), Другие слова \(index), 他の言葉 \(index) and more of them",
      style: TextStyle(size: 15, weight: index.isMultiple(of: 2) ? .bold : .regular))
  }

  /// Every run's glyphs and clusters, with its line and its place.
  static func glyphs(of layout: LaidOutText) -> [String] {
    layout.lines.flatMap { line in
      line.runs.map { run in
        "\(line.range) \(run.range) \(run.x) \(run.width) \(run.glyphRuns) \(run.clusters)"
      }
    }
  }

  @Test(
    "a layout's glyphs stay what they were after its shaper's cache started over with other text")
  func glyphsOutliveTheCache() throws {
    let shaper = HarfBuzzShaper()
    // A cache of eight entries starts over while one text is laid out.
    shaper.state.withLock { $0.shapes = ShapeCache(limit: 8) }
    let engine = TextLayoutEngine(shaper: shaper, analyzer: ICUAnalyzer())
    let layout = try engine.layout(Self.text, configuration: Self.configuration)
    let placed = Self.glyphs(of: layout)
    #expect(layout.isTruncated)
    for other in Self.others {
      _ = try engine.layout(other, configuration: LayoutConfiguration(width: 200))
    }
    #expect(Self.glyphs(of: layout) == placed)
    // And they are what a shaper that never started over places.
    let fresh = TextLayoutEngine(shaper: HarfBuzzShaper(), analyzer: ICUAnalyzer())
    let reference = try fresh.layout(Self.text, configuration: Self.configuration)
    #expect(Self.glyphs(of: layout) == Self.glyphs(of: reference))
    #expect(layout == reference)
  }

  @Test("layouts read on several threads while one shaper lays out other text keep their glyphs")
  func glyphsAcrossThreads() async throws {
    let shaper = HarfBuzzShaper()
    shaper.state.withLock { $0.shapes = ShapeCache(limit: 8) }
    let engine = TextLayoutEngine(shaper: shaper, analyzer: ICUAnalyzer())
    let layout = try engine.layout(Self.text, configuration: Self.configuration)
    let placed = Self.glyphs(of: layout)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<4 {
        group.addTask {
          var mismatches = 0
          for (index, other) in Self.others.enumerated() where index % 4 == task {
            _ = try? engine.layout(other, configuration: LayoutConfiguration(width: 180))
            if Self.glyphs(of: layout) != placed { mismatches += 1 }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
