import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// A truncation token's leader or label is measured once for the process, by its face's file
/// (`TokenMeasures`), and every later shaper takes that measure: it must be what each shaper
/// measures the same string as, and what HarfBuzz alone measures it as.
@Suite struct TokenMeasureTests {
  /// Leaders and labels in the scripts the layout meets: Latin, fallback for what DejaVu
  /// Sans lacks, right to left, and CJK, whose Korean `locl` sends a space to HarfBuzz.
  static let tokens = [
    "…", " more", "… Read more", "...", "mehr", "еще", "περισσότερα", "עוד", "المزيد",
    "もっと見る", "더 보기", "展开", "… ✓",
  ]

  static let styles: [TextStyle] = [
    TextStyle(size: 17),
    TextStyle(size: 13.5, weight: .bold),
    TextStyle(size: 15, isItalic: true),
    TextStyle(fontFamily: "DejaVu Serif", size: 17),
    TextStyle(size: 17, language: "ja"),
    TextStyle(size: 16, language: "ko"),
    TextStyle(size: 17, language: "zh-Hans"),
    TextStyle(size: 17, language: "ar"),
  ]

  @Test(
    "a token a second shaper takes from the first is what each measures and HarfBuzz measures",
    arguments: [false, true])
  func sharedMeasureIsEveryShapersMeasure(isRightToLeft: Bool) {
    for style in Self.styles {
      for token in Self.tokens {
        let range = 0..<token.utf8.count
        // The first shaper measures it (or finds another test's measure); the second finds it.
        let first = HarfBuzzShaper(shapesDirectly: true).measureToken(
          range, in: token, style: style, isRightToLeft: isRightToLeft)
        let second = HarfBuzzShaper(shapesDirectly: true)
        let shared = second.measureToken(
          range, in: token, style: style, isRightToLeft: isRightToLeft)
        var own: [ShapedMeasure] = []
        second.measure([range], in: token, style: style, isRightToLeft: isRightToLeft, into: &own)
        var reference: [ShapedMeasure] = []
        HarfBuzzShaper(shapesDirectly: false).measure(
          [range], in: token, style: style, isRightToLeft: isRightToLeft, into: &reference)
        #expect(shared == first, "\(token) \(style)")
        #expect(shared == own[0], "\(token) \(style)")
        #expect(shared == reference[0], "\(token) \(style)")
        #expect(shared.advance.bitPattern == reference[0].advance.bitPattern)
        #expect(shared.directEdges == nil)
      }
    }
  }

  /// A piece's glyphs as a value: its runs' arrays, its clusters and its sums.
  static func placed(_ piece: StoredPiece, of storage: GlyphStorage) -> ShapedText {
    storage.shapedText(piece)
  }

  @Test(
    "a token's glyphs a later shaper takes from the first are what it stores itself, with its own face numbers",
    arguments: [false, true])
  func sharedGlyphsAreEveryShapersGlyphs(isRightToLeft: Bool) {
    for style in Self.styles {
      for token in Self.tokens {
        let range = 0..<token.utf8.count
        // The first shaper stores it (or finds another test's glyphs).
        var firstStorage = GlyphStorage()
        let first = HarfBuzzShaper(shapesDirectly: true).storeToken(
          range, in: token, style: style, isRightToLeft: isRightToLeft, into: &firstStorage)
        // The second loads other faces first, so that its numbers for the token's faces
        // differ from the first's, and has something stored before the token.
        let second = HarfBuzzShaper(shapesDirectly: true)
        var storage = GlyphStorage()
        var before: [StoredPiece] = []
        second.store(
          [0..<9], in: "다람쥐 ", style: TextStyle(size: 11, language: "ko"),
          isRightToLeft: false, into: &storage, stored: &before)
        second.store(
          [0..<3], in: "漢", style: TextStyle(size: 11), isRightToLeft: false, into: &storage,
          stored: &before)
        _ = second.measureToken(range, in: token, style: style, isRightToLeft: isRightToLeft)
        let shared = second.storeToken(
          range, in: token, style: style, isRightToLeft: isRightToLeft, into: &storage)
        var own: [StoredPiece] = []
        var ownStorage = GlyphStorage()
        second.store(
          [range], in: token, style: style, isRightToLeft: isRightToLeft, into: &ownStorage,
          stored: &own)
        let sharedText = Self.placed(shared, of: storage)
        let ownText = Self.placed(own[0], of: ownStorage)
        #expect(sharedText == ownText, "\(token) \(style)")
        #expect(shared.advance.bitPattern == own[0].advance.bitPattern, "\(token) \(style)")
        #expect(shared.uncoveredCharacterCount == own[0].uncoveredCharacterCount)
        #expect(
          Self.placed(first, of: firstStorage).runs.map(\.glyphs) == ownText.runs.map(\.glyphs))
        // What was stored before the token is left as it was.
        #expect(Self.placed(before[0], of: storage).runs.allSatisfy { !$0.glyphs.isEmpty })
        #expect(shared.runs.lowerBound == before[1].runs.upperBound)
      }
    }
  }

  @Test("a part of a token measures as its shaper measures it in place, neighbours and all")
  func partOfTokenIsMeasuredInPlace() {
    let token = "… עוד"
    let shaper = HarfBuzzShaper(shapesDirectly: true)
    let style = TextStyle(size: 17)
    for range in [0..<4, 4..<token.utf8.count] {
      var own: [ShapedMeasure] = []
      shaper.measure([range], in: token, style: style, isRightToLeft: false, into: &own)
      #expect(
        shaper.measureToken(range, in: token, style: style, isRightToLeft: false) == own[0])
    }
  }

  @Test("token keys hash as they compare, and differ where the hash leaves a field out")
  func keysHashAsTheyCompare() throws {
    let file = try #require(FontFileKey(FontFileReference(path: #filePath, index: 0)))
    func key(
      family: String = "DejaVu Sans", language: String? = nil, size: Double = 17,
      text: String = "… more"
    ) -> TokenMeasures.Key {
      TokenMeasures.Key(
        file: file,
        fallbackPattern: HarfBuzzShaper.FontRequest(
          family: family, weight: 400, isItalic: false),
        language: language, size: size, isRightToLeft: false, shapesDirectly: true, text: text)
    }
    // Equal keys made apart (their strings in other storage, a size of -0 and 0) hash alike.
    let text = String("… more".reversed().reversed())
    #expect(key() == key(text: text))
    #expect(key().hashValue == key(text: text).hashValue)
    #expect(key(size: 0) == key(size: -0.0))
    #expect(key(size: 0).hashValue == key(size: -0.0).hashValue)
    // Keys that differ only in the fields left out of the hash are still different keys.
    var kept: [TokenMeasures.Key: Int] = [:]
    kept[key()] = 1
    kept[key(family: "DejaVu Serif")] = 2
    kept[key(language: "ja")] = 3
    kept[key(size: 13)] = 4
    #expect(kept.count == 4)
    #expect(kept[key()] == 1)
    #expect(kept[key(family: "DejaVu Serif")] == 2)
    #expect(kept[key(language: "ja")] == 3)
  }
}
