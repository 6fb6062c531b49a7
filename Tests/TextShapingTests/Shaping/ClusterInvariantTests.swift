import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@Suite struct ClusterInvariantTests {
  static let texts = [
    "Hello, world!", "office affine", "AVATAR", "e\u{301}te\u{301}", "שלום עולם", "مرحبا بالعالم",
    "你好，世界", "こんにちは世界", "สวัสดีครับ", "Hi 你好 שלום", "👍🏽 ok", "x\u{200D}y", "\t",
  ]

  @Test(
    "Clusters cover the piece in logical order at character boundaries; advances add up",
    arguments: texts, [false, true])
  func coverage(text: String, isRightToLeft: Bool) throws {
    let shaper = try HarfBuzzShaper(fonts: ["Test Sans": TestFonts.dejaVuSans])
    let shaped = shaper.shape(
      text[...], style: TextStyle(fontFamily: "Test Sans", size: 13), isRightToLeft: isRightToLeft)

    var characterStarts: Set<Int> = []
    var offset = 0
    for character in text {
      characterStarts.insert(offset)
      offset += character.utf8.count
    }
    var expectedStart = 0
    for cluster in shaped.clusters {
      #expect(cluster.range.lowerBound == expectedStart)
      #expect(!cluster.range.isEmpty)
      #expect(characterStarts.contains(cluster.range.lowerBound))
      expectedStart = cluster.range.upperBound
    }
    #expect(expectedStart == text.utf8.count)

    let clusterSum = shaped.clusters.reduce(0) { $0 + $1.advance }
    #expect(abs(clusterSum - shaped.advance) < 1e-9)
    #expect(shaped.runs.allSatisfy { $0.isRightToLeft == isRightToLeft })
    for run in shaped.runs {
      let ordered = isRightToLeft ? run.clusters.reversed() : run.clusters
      #expect(Array(ordered) == ordered.sorted(), "glyphs of a run are in visual order")
    }
  }
}
