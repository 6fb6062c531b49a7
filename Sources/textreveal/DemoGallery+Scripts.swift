@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

extension DemoGallery {
  /// A Korean app description, written for the gallery.
  static let korean = """
    오늘 아침에는 공원을 천천히 걸었습니다. 바람이 시원하고 나뭇잎이 반짝여서 기분이 아주 \
    좋았어요. 점심에는 친구와 함께 따뜻한 국수를 먹고, 오후에는 도서관에서 새로 나온 소설을 \
    읽었습니다. 내일은 가족과 함께 바닷가에 갈 계획입니다.
    """

  /// Characters whose forms differ by region: 直 in Japan, 骨 in each of mainland China,
  /// Taiwan and Japan, 角 between China and Taiwan; the comma and full stop sit in the lower
  /// left of their cell in Simplified Chinese and Japanese but in its centre in Traditional
  /// Chinese.
  static let regionalSample = "直 骨 角 「，。」"

  /// The languages the comparison shows, each with its label in its own language and the
  /// Noto Sans CJK family that must draw it.
  static let regions: [(language: TextLanguage, label: String, family: String)] = [
    ("zh-Hans", "简体中文", "Noto Sans CJK SC"),
    ("zh-Hant", "繁體中文", "Noto Sans CJK TC"),
    ("ja", "日本語", "Noto Sans CJK JP"),
  ]

  /// Korean, and the same characters in Simplified Chinese, Traditional Chinese and Japanese.
  mutating func drawRegionalForms() throws {
    beginSection(
      "Korean and regional CJK forms",
      "Chinese, Japanese and Korean share characters but not their shapes: Noto Sans CJK"
        + " (fonts-noto-cjk) has a face for each, and a text's language picks it. Korean is"
        + " drawn in the Korean face. Below it, the same characters in Simplified Chinese,"
        + " Traditional Chinese and Japanese: 直 is drawn differently in Japan, 骨 three ways,"
        + " 角 differs between China and Taiwan, and the comma and full stop move from the"
        + " lower left of their cell to its centre in Traditional Chinese."
        + " The gallery fails to build if any of its texts has a character no installed font"
        + " covers.")
    let demo = "Korean"
    let korean = model(Self.korean, width: 300, moreLabel: "더 보기", language: "ko")
    let layout = try korean.layout(using: engine, expanded: false)
    try require(layout.isTruncated, demo, "the text is cut at 3 lines in 300 points")
    try requireOneCJKFace(layout.text, demo)
    try requireFamily("Noto Sans CJK KR", of: layout.text, demo)
    try add(
      korean.displayList(using: engine), as: "script-korean.png",
      caption: "Korean, collapsed, in Noto Sans CJK KR",
      options: "lang ko, more label \"더 보기\", style fade, width 300, line limit 3",
      theme: .light)

    // One paragraph per language, its label and the sample in that language.
    var text = StyledText("", style: style(size: 26))
    for (index, region) in Self.regions.enumerated() {
      text.append(
        (index > 0 ? "\n" : "") + region.label + "  " + Self.regionalSample,
        style: style(size: 26, language: region.language))
    }
    let regional = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: 320), lineLimit: .lines(6))
    try requireRegionalForms(try regional.layout(using: engine, expanded: false).text)
    try add(
      regional.displayList(using: engine), as: "script-regional-forms.png",
      caption: "直 骨 角 「，。」 in Simplified Chinese, Traditional Chinese and Japanese",
      options: "lang zh-Hans, zh-Hant and ja, size 26, width 320", theme: .light)
  }

  /// Fails the demo unless every CJK glyph of the layout comes from a face of `family`.
  private func requireFamily(_ family: String, of layout: LaidOutText, _ demo: String) throws {
    let families = Set(
      layout.lines.flatMap(\.runs).flatMap(\.glyphRuns).compactMap {
        stack.shaper.fontFace(for: $0.font)?.familyName
      }.filter { $0.contains("CJK") })
    try require(families == [family], demo, "the CJK text is drawn in \(family), not \(families)")
  }

  /// Fails the demo unless each line of the comparison is drawn in its language's face, and
  /// the faces give 直, 骨 and the comma glyphs of their own.
  private func requireRegionalForms(_ layout: LaidOutText) throws {
    let demo = "regional forms"
    try require(layout.lines.count == Self.regions.count, demo, "one line per language")
    var glyphs: [[UInt32]] = []
    for (line, region) in zip(layout.lines, Self.regions) {
      let runs = line.runs.flatMap(\.glyphRuns).filter {
        stack.shaper.fontFace(for: $0.font)?.familyName.contains("CJK") == true
      }
      let families = Set(runs.compactMap { stack.shaper.fontFace(for: $0.font)?.familyName })
      try require(
        families == [region.family], demo,
        "\(region.language) is drawn in \(region.family), not \(families)")
      // The sample ends the line, a glyph for each of its characters.
      glyphs.append(Array(runs.flatMap(\.glyphs).suffix(Self.regionalSample.count)))
    }
    // The faces of one collection share their glyphs: a regional form is another glyph.
    // Characters: 直 0, 骨 2, 角 4, 「 6, ， 7, 。 8.
    let (simplified, traditional, japanese) = (glyphs[0], glyphs[1], glyphs[2])
    let forms = "(glyphs \(glyphs))"
    try require(
      simplified[0] != japanese[0], demo, "直 is drawn differently in Japan \(forms)")
    try require(
      Set([simplified[2], traditional[2], japanese[2]]).count == 3, demo,
      "骨 has three forms, one for each \(forms)")
    try require(
      simplified[4] != traditional[4], demo, "角 differs in China and Taiwan \(forms)")
    try require(
      simplified[7...8] == japanese[7...8] && simplified[7...8] != traditional[7...8], demo,
      "the comma and full stop are centred in Traditional Chinese only \(forms)")
  }
}
