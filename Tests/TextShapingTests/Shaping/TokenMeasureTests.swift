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
}
