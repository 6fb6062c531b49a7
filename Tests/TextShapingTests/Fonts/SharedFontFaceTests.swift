import CHarfBuzz
import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Every text stack of a process shares what is read from a font file (``SharedFontFace``,
/// the direct shaping plans and their tables): a new stack finds them made, and gives the
/// layouts, glyphs and advances a stack that read them itself gives.
@Suite struct SharedFontFaceTests {
  /// Texts that meet the primary face, CJK and Hangul fallbacks, emoji and HarfBuzz shaping.
  static let texts = [
    "Hello, world: the quick brown fox jumps over the lazy dog. AVATAR Wa.",
    "東京都の天気は晴れです。明日は雨が降るでしょう。",
    "한국어 문장은 이렇게 줄이 바뀝니다. 서울 날씨는 맑음.",
    "Emoji 👍🏽 and flags 🇫🇷 with café and naïve words",
    "مرحبا بالعالم، هذا نص عربي for bidi",
    "Ελληνικά και русский текст, ﬁ ligatures and 1½ fractions",
  ]

  static let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  /// Every glyph, advance, offset, cluster and face of each text shaped in order, as bits,
  /// and each text's layout at a narrow width.
  static func results(of stack: TextStack) throws -> ([[UInt64]], [String]) {
    let shaped = texts.map {
      ShapeCacheTests.bits(stack.shaper.shape($0[...], style: style, isRightToLeft: false))
    }
    let layouts = try texts.map {
      LayoutDump.dump(
        try stack.engine.layout(
          StyledText($0, style: style), configuration: LayoutConfiguration(width: 120)))
    }
    return (shaped, layouts)
  }

  @Test("two stacks share the faces and plans of a file, and shape and lay out alike")
  func twoStacksShare() throws {
    let first = try TextStack()
    let second = try TextStack()
    let firstResults = try Self.results(of: first)
    let secondResults = try Self.results(of: second)
    #expect(firstResults.0 == secondResults.0)
    #expect(firstResults.1 == secondResults.1)

    let id = first.shaper.fontID(for: Self.style)
    let font = try #require(first.shaper.loadedFont(for: id))
    let other = try #require(second.shaper.loadedFont(for: second.shaper.fontID(for: Self.style)))
    #expect(font !== other)
    #expect(font.harfBuzz === other.harfBuzz)
    #expect(font.key == other.key)
    let plan = first.shaper.directPlans.plan(
      for: font, script: HB_SCRIPT_LATIN, language: nil)
    let otherPlan = second.shaper.directPlans.plan(
      for: other, script: HB_SCRIPT_LATIN, language: nil)
    #expect(plan != nil && plan === otherPlan)
  }

  @Test("stacks made and used from several tasks at once give one stack's results")
  func concurrentStacks() async throws {
    let reference = try Self.results(of: TextStack())
    let results = try await withThrowingTaskGroup(of: ([[UInt64]], [String]).self) { group in
      for _ in 0..<6 {
        group.addTask { try Self.results(of: TextStack()) }
      }
      var all: [([[UInt64]], [String])] = []
      for try await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 6)
    for result in results {
      #expect(result.0 == reference.0)
      #expect(result.1 == reference.1)
    }
  }

  @Test("a font file written again at the same path is read again, not confused with the old")
  func fileWrittenAgain() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedFontFaceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Font.ttf").path
    let wide = try FontLoadingTests.fontWithLargestAdvances()
    defer { try? FileManager.default.removeItem(at: wide) }

    func width(_ stack: TextStack) -> Double {
      stack.shaper.shape(
        "Hello"[...], style: TextStyle(fontFamily: stack.defaultFamily, size: 17),
        isRightToLeft: false
      ).advance
    }
    try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: path)
    let before = try TextStack(fontPath: path)
    let beforeWidth = width(before)
    #expect(beforeWidth == width(try TextStack(fontPath: TestFonts.dejaVuSans)))

    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(at: wide, to: URL(fileURLWithPath: path))
    let after = try TextStack(fontPath: path)
    let reference = try TextStack(fontPath: wide.path)
    #expect(width(after) == width(reference))
    #expect(width(after) != beforeWidth)
    // The stack made before keeps the file it read.
    #expect(width(before) == beforeWidth)
  }

  @Test("two files of the same name in two directories keep their own data")
  func sameNameElsewhere() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedFontFaceTests-\(UUID().uuidString)")
    let one = base.appendingPathComponent("one")
    let two = base.appendingPathComponent("two")
    for directory in [one, two] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(at: base) }
    let wide = try FontLoadingTests.fontWithLargestAdvances()
    defer { try? FileManager.default.removeItem(at: wide) }
    try FileManager.default.copyItem(
      atPath: TestFonts.dejaVuSans, toPath: one.appendingPathComponent("Font.ttf").path)
    try FileManager.default.copyItem(at: wide, to: two.appendingPathComponent("Font.ttf"))

    let plain = try TextStack(fontPath: one.appendingPathComponent("Font.ttf").path)
    let wider = try TextStack(fontPath: two.appendingPathComponent("Font.ttf").path)
    func width(_ stack: TextStack) -> Double {
      stack.shaper.shape(
        "Hello"[...], style: TextStyle(fontFamily: stack.defaultFamily, size: 17),
        isRightToLeft: false
      ).advance
    }
    #expect(width(plain) == width(try TextStack(fontPath: TestFonts.dejaVuSans)))
    #expect(width(wider) == width(try TextStack(fontPath: wide.path)))
    #expect(width(plain) != width(wider))
  }
}
