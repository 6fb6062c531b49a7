import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Characters on both sides of a break opportunity with nothing between them are kerned as
/// shaping their run whole kerns them (issue 27): Noto Sans CJK JP kerns kana pairs in its
/// default `kern` feature, and in Japanese every character is a segment of its own. The
/// reference is HarfBuzz shaping a line's whole text with the real face.
@Suite struct KerningAcrossSegmentsTests {
  static let stack = try! TextStack()
  static let style = TextStyle(size: 17, language: "ja")

  /// Japanese written for these tests: kana pairs the face kerns (`すべ`, `てく`, `ック`)
  /// between characters that are each a segment.
  static let paragraph =
    "すべてのファイルをバックアップしてから、新しいバージョンをインストールしてください。"
    + "うまくいかないときは、もういちどやりなおしてください。"

  /// HarfBuzz's advance for a text shaped whole in the style.
  static func wholeAdvance(_ text: Substring) -> Double {
    stack.shaper.shape(Substring(String(text)), style: style, isRightToLeft: false).advance
  }

  static func layout(_ text: String, width: Double) throws -> LaidOutText {
    try stack.engine.layout(
      StyledText(text, style: style), configuration: LayoutConfiguration(width: width))
  }

  @Test("the face kerns すべ, so a line of すべて is narrower than its characters alone")
  func kernedPair() throws {
    let alone = ["す", "べ", "て"].map { Self.wholeAdvance(Substring($0)) }.reduce(0, +)
    let whole = Self.wholeAdvance("すべて")
    // Pango measures 49.13 pt with `kern`, 51.00 without it (Tests/Differential/NOTES.md).
    #expect(alone - whole > 1.5)
    let layout = try Self.layout("すべて", width: 300)
    let line = try #require(layout.lines.first)
    #expect(abs(line.width - whole) < 1e-6, "\(line.width) against \(whole)")
  }

  @Test("a line exactly as wide as the run shaped whole holds the run")
  func fitsAtItsKernedWidth() throws {
    let whole = Self.wholeAdvance("すべて")
    let layout = try Self.layout("すべて", width: whole + 1e-4)
    #expect(layout.lines.count == 1)
  }

  @Test(
    "each line of a Japanese paragraph is as wide as its text shaped whole, glyphs included",
    arguments: [90.0, 150, 200, 320])
  func linesMatchWholeShaping(width: Double) throws {
    let layout = try Self.layout(Self.paragraph, width: width)
    #expect(layout.lines.count > 1)
    let utf8 = Array(Self.paragraph.utf8)
    for line in layout.lines {
      let text = String(decoding: utf8[line.contentRange], as: UTF8.self)
      let whole = Self.stack.shaper.shape(Substring(text), style: Self.style, isRightToLeft: false)
      #expect(abs(line.width - whole.advance) < 1e-6, "\(text): \(line.width), \(whole.advance)")
      #expect(line.width <= width + 1e-6)
      // Drawing and hit testing read the clusters: each where the whole run puts it.
      let extents = line.runs.flatMap { $0.clusterExtents() }
      var pen = line.x
      for (cluster, extent) in zip(whole.clusters, extents) {
        #expect(abs(extent.minX - pen) < 1e-6, "\(text) at \(cluster.range)")
        pen += cluster.advance
      }
      let glyphAdvances = line.runs.flatMap(\.glyphRuns).flatMap(\.advances).reduce(0, +)
      #expect(abs(glyphAdvances - whole.advance) < 1e-6, "\(text)")
    }
  }

  @Test("a line's last character keeps its own advance: what kerns it is on the next line")
  func lineEndIsNotKernedWithTheNextLine() throws {
    // すべ kerned is about 32 pt; す alone fits in 20 pt, すべ does not.
    let layout = try Self.layout("すべすべ", width: 20)
    let first = try #require(layout.lines.first)
    #expect(first.contentRange == 0..<3)
    #expect(abs(first.width - Self.wholeAdvance("す")) < 1e-6)
  }
}
