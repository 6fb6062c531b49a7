import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@Suite struct FallbackTests {
  let shaper: HarfBuzzShaper
  let style = TextStyle(fontFamily: "Test Sans", size: 17)

  init() throws {
    shaper = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
  }

  static let samples: [(text: String, isRightToLeft: Bool, needsFallback: Bool)] = [
    ("你好", false, true),
    ("こんにちは", false, true),
    ("สวัสดี", false, true),
    ("مرحبا", true, false),
    ("שלום", true, false),
  ]

  @Test(
    "Scripts DejaVu Sans lacks come from another face, every glyph real",
    arguments: samples.indices)
  func fallback(sample: Int) throws {
    let (text, isRightToLeft, needsFallback) = Self.samples[sample]
    let shaped = shaper.shape(text[...], style: style, isRightToLeft: isRightToLeft)
    #expect(!shaped.runs.isEmpty)
    for run in shaped.runs {
      #expect(run.glyphs.allSatisfy { $0 != 0 }, "tofu in \(text)")
      let face = try #require(shaper.fontFace(for: run.font))
      if needsFallback {
        #expect(face.path != TestFonts.dejaVuSans, "\(text) shaped with DejaVu Sans")
      }
    }
  }

  @Test("Mixed text splits into runs by face, in logical order left to right")
  func mixed() throws {
    let shaped = shaper.shape("Hi 你好", style: style, isRightToLeft: false)
    let faces = try shaped.runs.map { try #require(shaper.fontFace(for: $0.font)).path }
    #expect(faces.count == 2)
    #expect(faces.first == TestFonts.dejaVuSans)
    #expect(faces.last != TestFonts.dejaVuSans)
    #expect(shaped.runs.flatMap(\.clusters) == [0, 1, 2, 3, 6])
    // The fallback face is taller than DejaVu Sans, and the piece reports the largest metrics.
    let fallbackAscent = try #require(shaper.fontFace(for: shaped.runs[1].font))
      .metrics(size: style.size).ascent
    #expect(shaped.ascent == max(fallbackAscent, shaper.metrics(for: style).ascent))
  }

  @Test("Right to left, the runs of a piece come in visual order")
  func rightToLeftRunOrder() throws {
    // Hebrew then an ideograph, shaped as one right-to-left piece: the ideograph's run is drawn
    // first (leftmost).
    let shaped = shaper.shape("שלום你", style: style, isRightToLeft: true)
    #expect(shaped.runs.count == 2)
    #expect(shaped.runs.first?.clusters == [8])
    #expect(shaped.runs.last?.clusters == [6, 4, 2, 0])
  }

  @Test("An emoji modifier sequence and a joiner sequence stay in one cluster each")
  func graphemeClusters() {
    let text = "👍🏽👩‍💻a"
    let shaped = shaper.shape(text[...], style: style, isRightToLeft: false)
    let thumbs = "👍🏽".utf8.count
    let coder = "👩‍💻".utf8.count
    #expect(
      shaped.clusters.map(\.range) == [
        0..<thumbs, thumbs..<(thumbs + coder), (thumbs + coder)..<(thumbs + coder + 1),
      ])
  }
}
