import CHarfBuzz
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// When the token cuts a line after a word shaped with its space, the layout takes the word's
/// measure without the space from the cached piece
/// (`HarfBuzzShaper.measureWithoutTrailingSpace`) instead of measuring the word again: it must
/// be what measuring the word gives, and what HarfBuzz alone gives, bit for bit, on every face
/// the fallback picks, for the corpus's words and generated ones.
@Suite struct TrimmedMeasureTests {
  /// The styles whose fallback reaches `DirectShapingTests.faces` (DejaVu Sans in five
  /// fallback languages and four styles), and DejaVu Serif.
  static let styles: [TextStyle] =
    ([nil, "ja", "zh-CN", "zh-TW", "ko"] as [TextLanguage?]).map { language in
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: language)
    } + [
      TextStyle(fontFamily: "DejaVu Sans", size: 17, weight: .bold),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, isItalic: true),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, weight: .bold, isItalic: true),
      TextStyle(fontFamily: "DejaVu Serif", size: 13.5),
    ]

  /// Words that end with one space: the corpus's, and generated ones from the alphabets of
  /// every face the fallback picks.
  static let words: [String] = {
    var words = DirectShapingTests.corpusWords.filter { $0.hasSuffix(" ") && !$0.hasSuffix("  ") }
    for (index, face) in DirectShapingTests.faces.enumerated() {
      guard let alphabets = try? DirectShapingTests.alphabets(of: face) else { continue }
      for (script, alphabet) in alphabets.sorted(by: { $0.key < $1.key }) {
        words += DirectShapingTests.generatedWords(
          from: alphabet, count: 60, seed: UInt64(index * 1_000) + UInt64(script & 0xFFFF)
        ).map { $0.hasSuffix(" ") ? $0 : $0 + " " }
      }
    }
    return words
  }()

  /// The word in a text, between two others, as the layout meets it, measured with its space
  /// by `shaper`: the text, the word's piece, and the piece without its space.
  static func measured(
    _ word: String, by shaper: HarfBuzzShaper, style: TextStyle
  ) -> (string: String, piece: Range<Int>, content: Range<Int>) {
    let string = "a " + word + "b"
    let piece = 2..<(2 + word.utf8.count)
    var measures: [ShapedMeasure] = []
    shaper.measure([piece], in: string, style: style, isRightToLeft: false, into: &measures)
    return (string, piece, piece.lowerBound..<(piece.upperBound - 1))
  }

  @Test("a word's measure told from the word with its space is what measuring the word gives")
  func trimmedMeasureIsMeasured() throws {
    let reference = HarfBuzzShaper(shapesDirectly: false)
    var told = 0
    var files = Set<String>()
    for style in Self.styles {
      let shaper = HarfBuzzShaper()
      // Measures only the words without their space.
      let measuring = HarfBuzzShaper()
      for word in Self.words {
        let (string, piece, content) = Self.measured(word, by: shaper, style: style)
        guard
          let trimmed = shaper.measureWithoutTrailingSpace(
            piece, in: string, style: style, isRightToLeft: false)
        else { continue }
        told += 1
        var measured: [ShapedMeasure] = []
        measuring.measure(
          [content], in: string, style: style, isRightToLeft: false, into: &measured)
        var shaped: [ShapedMeasure] = []
        reference.measure(
          [content], in: string, style: style, isRightToLeft: false, into: &shaped)
        #expect(trimmed == measured[0], "\(word) \(style)")
        #expect(trimmed == shaped[0], "\(word) \(style)")
        #expect(trimmed.advance.bitPattern == shaped[0].advance.bitPattern, "\(word)")
        if let run = shaper.shape(Substring(word), style: style, isRightToLeft: false).runs.first {
          files.insert(shaper.fontFace(for: run.font)?.path ?? "?")
        }
      }
    }
    #expect(told > 10_000, "\(told) told")
    // DejaVu Sans in four styles, DejaVu Serif, Noto Sans CJK and the other fallbacks.
    #expect(files.count >= 6, "\(files.sorted())")
  }

  @Test("a word's glyphs told from the word with its space are what storing the word gives")
  func trimmedGlyphsAreStored() throws {
    let reference = HarfBuzzShaper(shapesDirectly: false)
    var told = 0
    for style in Self.styles {
      let shaper = HarfBuzzShaper()
      // Stores only the words without their space.
      let storing = HarfBuzzShaper()
      for word in Self.words {
        let (string, piece, content) = Self.measured(word, by: shaper, style: style)
        // Something stored before, as on a line.
        var storage = GlyphStorage()
        var before: [StoredPiece] = []
        shaper.store(
          [0..<1], in: string, style: style, isRightToLeft: false, into: &storage,
          stored: &before)
        let measure = shaper.measureWithoutTrailingSpace(
          piece, in: string, style: style, isRightToLeft: false)
        guard
          let trimmed = shaper.storeWithoutTrailingSpace(
            content, in: string, style: style, isRightToLeft: false, into: &storage)
        else {
          // Told exactly when the measure is.
          #expect(measure == nil, "\(word) \(style)")
          continue
        }
        told += 1
        var stored: [StoredPiece] = []
        var ownStorage = GlyphStorage()
        storing.store(
          [content], in: string, style: style, isRightToLeft: false, into: &ownStorage,
          stored: &stored)
        var shaped: [StoredPiece] = []
        var referenceStorage = GlyphStorage()
        reference.store(
          [content], in: string, style: style, isRightToLeft: false, into: &referenceStorage,
          stored: &shaped)
        let text = storage.shapedText(trimmed)
        let own = ownStorage.shapedText(stored[0])
        let shapedText = referenceStorage.shapedText(shaped[0])
        #expect(trimmed.runs.lowerBound == before[0].runs.upperBound)
        // The same face, whatever number each shaper gave it.
        #expect(
          text.runs.map { shaper.fontFace(for: $0.font) }
            == own.runs.map { storing.fontFace(for: $0.font) }, "\(word) \(style)")
        var renumbered = text.runs
        for index in renumbered.indices { renumbered[index].font = own.runs[index].font }
        #expect(
          ShapedText(
            runs: renumbered, clusters: text.clusters, ascent: text.ascent,
            descent: text.descent, lineGap: text.lineGap) == own, "\(word) \(style)")
        // The sums as storing gives them; the ranges are where each storage put the piece.
        var placedAsStored = trimmed
        placedAsStored.runs = stored[0].runs
        placedAsStored.clusters = stored[0].clusters
        #expect(placedAsStored == stored[0], "\(word) \(style)")
        #expect(trimmed.advance.bitPattern == shaped[0].advance.bitPattern, "\(word)")
        #expect(text.clusters == shapedText.clusters, "\(word) \(style)")
        #expect(
          text.runs.map { [$0.glyphs.map(Double.init), $0.advances, $0.clusters.map(Double.init)] }
            == shapedText.runs.map {
              [$0.glyphs.map(Double.init), $0.advances, $0.clusters.map(Double.init)]
            }, "\(word) \(style)")
        #expect(text.runs.map(\.offsets) == shapedText.runs.map(\.offsets))
      }
    }
    #expect(told > 10_000, "\(told) told")
  }

  @Test(
    "a word followed by no cached word with its space is not told",
    arguments: ["fi ", "word  ", "a1 "])
  func glyphsDeclined(word: String) {
    let shaper = HarfBuzzShaper()
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let piece = 0..<word.utf8.count
    var measures: [ShapedMeasure] = []
    shaper.measure([piece], in: word, style: style, isRightToLeft: false, into: &measures)
    var storage = GlyphStorage()
    let content = 0..<(word.utf8.count - 1)
    #expect(
      shaper.storeWithoutTrailingSpace(
        content, in: word, style: style, isRightToLeft: false, into: &storage) == nil)
    #expect(storage.runs.isEmpty && storage.clusters.isEmpty)
    // A word whose word with a space was never measured.
    #expect(
      shaper.storeWithoutTrailingSpace(
        0..<4, in: "ward x", style: style, isRightToLeft: false, into: &storage) == nil)
  }

  @Test(
    "a word is measured again after a ligature, two spaces, no space or no letter before it",
    arguments: ["fi ", "word  ", "word", "ab\u{00A0}", "a1 ", "x. "])
  func declined(word: String) {
    let shaper = HarfBuzzShaper()
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let piece = 0..<word.utf8.count
    var measures: [ShapedMeasure] = []
    shaper.measure([piece], in: word, style: style, isRightToLeft: false, into: &measures)
    let trimmed = shaper.measureWithoutTrailingSpace(
      piece, in: word, style: style, isRightToLeft: false)
    #expect(trimmed == nil)
  }
}
