import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@Suite struct ShapingTests {
  let shaper: HarfBuzzShaper
  let style = TextStyle(fontFamily: "Test Sans", size: 20)

  init() throws {
    shaper = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
  }

  func shape(_ text: String, isRightToLeft: Bool = false) -> ShapedText {
    shaper.shape(text[...], style: style, isRightToLeft: isRightToLeft)
  }

  @Test("Kerning: \"AV\" is narrower than \"A\" and \"V\" shaped apart")
  func kerning() {
    let pair = shape("AV").advance
    let apart = shape("A").advance + shape("V").advance
    #expect(pair < apart - 0.1)
  }

  @Test("Ligatures: DejaVu Sans joins \"fi\" into one glyph, one cluster")
  func ligature() throws {
    let shaped = shape("fi")
    let run = try #require(shaped.runs.first)
    #expect(shaped.runs.count == 1)
    #expect(run.glyphs.count == 1)
    #expect(shaped.clusters == [ShapedText.Cluster(range: 0..<2, advance: run.advance)])
  }

  @Test("Advances are fractional: unhinted font units scaled to the size")
  func fractionalAdvances() throws {
    let run = try #require(shape("a").runs.first)
    // DejaVu Sans "a" advances 1255 units of 2048.
    #expect(abs(run.advances[0] - 1255 * 20 / 2048) < 1e-9)
    #expect(run.size == 20)
    #expect(run.font == shaper.fontID(for: style))
  }

  @Test("Hebrew shapes right to left, glyphs in visual order, clusters in logical order")
  func hebrew() throws {
    let shaped = shape("שלום", isRightToLeft: true)
    let run = try #require(shaped.runs.first)
    #expect(shaped.runs.count == 1)
    #expect(run.isRightToLeft)
    #expect(run.glyphs.allSatisfy { $0 != 0 })
    // The first glyph on screen (leftmost) is the last letter.
    #expect(run.clusters == [6, 4, 2, 0])
    #expect(shaped.clusters.map(\.range) == [0..<2, 2..<4, 4..<6, 6..<8])
  }

  @Test("Arabic joins its letters right to left with real glyphs")
  func arabic() throws {
    let text = "مرحبا"
    let shaped = shape(text, isRightToLeft: true)
    let glyphs = shaped.runs.flatMap(\.glyphs)
    #expect(glyphs.allSatisfy { $0 != 0 })
    #expect(shaped.runs.allSatisfy { $0.isRightToLeft })
    let clusters = shaped.runs.flatMap(\.clusters)
    #expect(clusters == clusters.sorted(by: >))
    // Contextual forms: the initial meem differs from an isolated one.
    let isolated = try #require(shape("م", isRightToLeft: true).runs.first?.glyphs.first)
    let initial = try #require(shaped.runs.last?.glyphs.last)
    #expect(initial != isolated)
  }

  @Test("A combining mark stays in its base character's cluster")
  func combiningMark() {
    let shaped = shape("e\u{301}x")
    #expect(shaped.clusters.map(\.range) == [0..<3, 3..<4])
  }

  @Test("An empty piece has no runs and the primary font's metrics")
  func empty() {
    let shaped = shape("")
    #expect(shaped.runs.isEmpty && shaped.clusters.isEmpty)
    #expect(shaped.ascent == shaper.metrics(for: style).ascent)
  }

  @Test("Shaping a substring gives offsets relative to it")
  func substring() {
    let text = "hello world"
    let piece = text[text.firstIndex(of: "w")!...]
    let shaped = shaper.shape(piece, style: style, isRightToLeft: false)
    #expect(shaped.clusters.first?.range == 0..<1)
    #expect(shaped.clusters.last?.range == 4..<5)
  }

  @Test("A reused HarfBuzz buffer shapes as a new one, whatever it shaped before")
  func reusedBuffers() throws {
    // Each piece a miss, in alternating directions, scripts and faces: a buffer that kept the
    // last direction, script or language would shape the next one differently.
    let pieces: [(String, Bool)] = [
      ("مرحبا", true), ("office", false), ("שלום", true), ("สวัสดี", false), ("你好", false),
      ("AVATAR", false), ("Wave", true), ("لا إله", true), ("fi", false),
    ]
    // Faces are numbered per shaper, in the order they are loaded: compare them by file.
    func glyphs(_ shaper: HarfBuzzShaper, _ text: String, _ isRightToLeft: Bool) -> [String] {
      shaper.shape(text[...], style: style, isRightToLeft: isRightToLeft).runs.map { run in
        let path = shaper.fontFace(for: run.font)?.path ?? "?"
        return "\(path) \(run.glyphs) \(run.advances) \(run.offsets) \(run.clusters)"
      }
    }
    let reused = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
    for (text, isRightToLeft) in pieces {
      let fresh = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
      #expect(
        glyphs(reused, text, isRightToLeft) == glyphs(fresh, text, isRightToLeft), "\(text)")
    }
  }

  @Test("Cached and fresh results agree, also across threads")
  func cacheAndThreads() async throws {
    let texts = ["Hello", "world", "שלום", "你好", "สวัสดี", "office", "AV"]
    let shaper = self.shaper
    let style = self.style
    let fresh = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
    let expected = texts.map { fresh.shape($0[...], style: style, isRightToLeft: false) }
    let allMatch = await withTaskGroup(of: Bool.self) { group in
      for round in 0..<32 {
        group.addTask {
          texts.indices.allSatisfy { index in
            let position = (index + round) % texts.count
            return shaper.shape(texts[position][...], style: style, isRightToLeft: false)
              == expected[position]
          }
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(allMatch)
  }

  @Test(
    "Marks keep their offsets in a layout's storage, shaped and then from the cache",
    arguments: [
      // Latin and Cyrillic letters with marks that have no precomposed form (HarfBuzz cannot
      // compose them), vowelled Arabic.
      ("q\u{301}x\u{323}\u{301} n\u{30C}", false), ("ы\u{301}ж\u{304}", false),
      ("مَرْحَبًا", true),
    ])
  func storedOffsets(text: String, isRightToLeft: Bool) throws {
    let reference = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
      .shape(text[...], style: style, isRightToLeft: isRightToLeft)
    // The text places marks: a storage that dropped offsets could not pass.
    #expect(reference.runs.contains { $0.offsets.contains { $0.x != 0 || $0.y != 0 } })
    let storing = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
    // The first store shapes the piece (a miss) and caches it; the second copies the cached
    // glyphs and their offsets.
    for pass in ["shaped", "cached"] {
      var storage = GlyphStorage()
      var stored: [StoredPiece] = []
      storing.store(
        [0..<text.utf8.count], in: text, style: style, isRightToLeft: isRightToLeft,
        into: &storage, stored: &stored)
      let shaped = storage.shapedText(try #require(stored.first))
      #expect(shaped.runs.map(\.glyphs) == reference.runs.map(\.glyphs), "\(pass)")
      #expect(shaped.runs.map(\.advances) == reference.runs.map(\.advances), "\(pass)")
      #expect(shaped.runs.map(\.offsets) == reference.runs.map(\.offsets), "\(pass)")
      #expect(shaped.clusters == reference.clusters, "\(pass)")
    }
  }
}
