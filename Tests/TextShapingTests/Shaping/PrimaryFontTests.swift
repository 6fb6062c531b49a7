import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// A shaper remembers the faces of the last styles it resolved (a list changes style at every
/// row of another language); what a style resolves to must not depend on what came before it.
@Suite struct PrimaryFontTests {
  /// More styles than the shaper remembers, differing in one attribute at a time.
  static let styles: [TextStyle] =
    [nil, "ja", "zh-Hans", "ko", "ar", "ru"].map { TextStyle(language: $0) } + [
      TextStyle(weight: .bold),
      TextStyle(isItalic: true),
      TextStyle(fontFamily: "DejaVu Serif"),
      TextStyle(fontFamily: "DejaVu Serif", language: "ja"),
      TextStyle(fontFamily: "DejaVu Sans Mono", weight: .bold, isItalic: true),
    ]

  /// A sample with Latin, Han, kana, Hangul and Arabic: characters the primary face has and
  /// characters that fall back, by the style's language.
  static let sample = "Ab 為 アイ 한국 سلام"

  /// The faces that shape the sample in a style, as file and index (the CJK faces of one
  /// language or another are faces of one collection file).
  static func faces(of style: TextStyle, with shaper: HarfBuzzShaper) -> [String] {
    let shaped = shaper.shape(Substring(sample), style: style, isRightToLeft: false)
    return shaped.runs.map { face($0.font, of: shaper) }
  }

  static func face(_ id: FontID, of shaper: HarfBuzzShaper) -> String {
    shaper.fontFace(for: id).map { "\($0.path)#\($0.index)" } ?? "none"
  }

  @Test("styles met in turn, again and again, resolve to the faces each resolves to alone")
  func stylesInTurn() {
    let alone = Self.styles.map { Self.faces(of: $0, with: HarfBuzzShaper()) }
    let shared = HarfBuzzShaper()
    // Forward, backward and skipping, so that each style is met after different ones.
    let order = Array(Self.styles.indices)
    for index in order + order.reversed() + order.filter { $0 % 2 == 0 } + order {
      let style = Self.styles[index]
      #expect(shared.fontID(for: style) == shared.fontID(for: style))
      #expect(Self.faces(of: style, with: shared) == alone[index], "style \(index)")
      let aloneShaper = HarfBuzzShaper()
      #expect(
        Self.face(shared.fontID(for: style), of: shared)
          == Self.face(aloneShaper.fontID(for: style), of: aloneShaper))
    }
  }
}
