import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// The layout invariants on the real stack (DejaVu Sans with Fontconfig fallback, HarfBuzz,
/// ICU), over multilingual paragraphs written for these tests, random mixes of them, and the
/// package descriptions of the machine the tests run on.
@Suite struct RealTextInvariantTests {
  static let stack = try! TextStack()
  static let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)

  static let paragraphs = [
    "The layout engine breaks lines at word boundaries and falls back to characters only when "
      + "a single word is wider than the line, such as supercalifragilisticexpialidocious.",
    "Движок раскладки переносит строки по границам слов и знает, где заканчивается каждая строка.",
    "Η μηχανή διάταξης χωρίζει τις γραμμές στα όρια των λέξεων και ξέρει πού κόβεται το κείμενο.",
    "מנוע הפריסה שובר שורות בגבולות מילים ויודע בדיוק היכן הטקסט נחתך, גם בעברית עם 123 מספרים.",
    "محرك التخطيط يكسر الأسطر عند حدود الكلمات ويعرف بالضبط أين يُقطع النص في كل سطر.",
    "排版引擎在单词边界处换行，并且准确地知道每一行在哪里结束，以及文本是否被截断。",
    "レイアウトエンジンは単語の境界で行を折り返し、テキストがどこで切れるかを正確に知っています。",
    "เครื่องมือจัดวางข้อความตัดบรรทัดตามขอบเขตของคำและรู้ว่าข้อความถูกตัดที่ใด",
    "Mixed: the word שלום means peace, 你好 means hello, and مرحبا also means hello (1, 2, 3).",
    "Emoji and marks: café, naïve, e\u{301}te\u{301}, 👩‍👩‍👧 family, 🇫🇷 flag, a\u{308}\u{323}.",
    "First paragraph.\nSecond paragraph after a newline.\n\nA third after a blank line.\n",
  ]

  /// The paragraphs of `Resources/InvariantCorpus.txt`: text written for these tests, in the
  /// repository, so that a failure on it reproduces on any machine.
  static let corpus: [String] = {
    guard
      let url = Bundle.module.url(
        forResource: "InvariantCorpus", withExtension: "txt", subdirectory: "Resources"),
      let contents = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return
      contents
      .components(separatedBy: "\n\n")
      .map { $0.trimmingCharacters(in: .newlines) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }()

  /// Long descriptions of installed Debian packages (present on any Debian machine).
  static func packageDescriptions(limit: Int) -> [String] {
    guard let status = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8) else {
      return []
    }
    var result: [String] = []
    var current: [String] = []
    for line in status.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(" ") && line != " ." {
        current.append(line.trimmingCharacters(in: .whitespaces))
      } else if !current.isEmpty {
        let text = current.joined(separator: " ")
        if text.count > 120 { result.append(text) }
        current = []
        if result.count == limit { break }
      }
    }
    return result
  }

  static func check(_ string: String) throws {
    let text = StyledText(string)
    for width in [90.0, 200, 320, 480] {
      for limit in [1, 3] {
        let failure = try LayoutInvariants.check(
          text, width: width, limit: limit, engine: engine, token: nil)
        #expect(failure == nil, "\(failure ?? "") in: \(string)")
        let token = try LayoutInvariants.check(
          text, width: width, limit: limit, engine: engine, token: TruncationToken())
        #expect(token == nil, "\(token ?? "") in: \(string)")
      }
    }
    let monotone = try LayoutInvariants.lineCountMonotone(
      text, widths: [60, 110, 200, 320, 480, 800], engine: engine)
    #expect(monotone == nil, "\(monotone ?? "") in: \(string)")
  }

  @Test("written multilingual paragraphs keep every invariant", arguments: paragraphs)
  func writtenParagraphs(string: String) throws {
    try Self.check(string)
  }

  @Test("random mixes of scripts keep every invariant")
  func randomMixes() throws {
    var generator = SeededRandomNumberGenerator(seed: 2026)
    for _ in 0..<60 {
      try Self.check(RandomText.make(maxWords: 35, using: &generator))
    }
  }

  @Test("the fixed corpus in the repository keeps every invariant")
  func fixedCorpus() throws {
    #expect(Self.corpus.count >= 18, "InvariantCorpus.txt was not found or lost paragraphs")
    for paragraph in Self.corpus { try Self.check(paragraph) }
  }

  /// A supplement to the fixed corpus: text this machine happens to have. A failure prints
  /// the whole description, so that it can be added to InvariantCorpus.txt and reproduced
  /// anywhere.
  @Test("package descriptions of this machine keep every invariant")
  func packageDescriptions() throws {
    let descriptions = Self.packageDescriptions(limit: 40)
    try #require(descriptions.count >= 10, "too few package descriptions in /var/lib/dpkg/status")
    for description in descriptions { try Self.check(description) }
  }

  @Test("mixed-direction lines are in visual order, one rectangle per visual run")
  func mixedDirections() throws {
    let string = "Hello שלום עולם world"
    let layout = try Self.engine.layout(string, configuration: LayoutConfiguration(width: 1000))
    let line = try #require(layout.lines.first)
    #expect(line.paragraphLevel == 0)
    // Runs are left to right on screen: Hello, then the Hebrew (right to left), then world.
    let xs = line.runs.map(\.x)
    #expect(xs == xs.sorted())
    let hebrewRun = try #require(line.runs.first { $0.isRightToLeft })
    #expect(string.utf8.count > hebrewRun.range.upperBound)
    // "שלום" is logically first, so it is drawn to the right of "עולם".
    let shalom = try #require(layout.rects(for: 6..<14).first)
    let olam = try #require(layout.rects(for: 15..<23).first)
    #expect(shalom.minX > olam.maxX - 1e-9)
    // A range from "Hello" into "שלום" is visually split: two rectangles.
    #expect(layout.rects(for: 0..<10).count == 2)
  }

  @Test("a three-line layout of a megabyte shapes nothing past its last line")
  func earlyExitOnRealStack() throws {
    let paragraph = Self.paragraphs[0] + " "
    let string = String(repeating: paragraph, count: 1_000_000 / paragraph.utf8.count)
    let recorder = RecordingBackend(shaper: Self.stack.shaper, analyzer: Self.stack.analyzer)
    let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
    let layout = try engine.layout(
      string, configuration: LayoutConfiguration(width: 320, lineLimit: .lines(3)))
    #expect(layout.isTruncated)
    #expect(recorder.record.furthestShaped <= layout.visibleEnd + 64)
    #expect(recorder.record.bytesAnalyzed < 4_000)
  }

  @Test("measuring or laying out a prepared row again analyzes and measures nothing new")
  func preparedRowsReuseShaping() throws {
    let recorder = RecordingBackend(shaper: Self.stack.shaper, analyzer: Self.stack.analyzer)
    let engine = TextLayoutEngine(shaper: recorder, analyzer: recorder)
    for paragraph in Self.paragraphs.dropLast() {
      let prepared = PreparedText(StyledText(paragraph + " " + paragraph, style: .init(size: 17)))
      let narrow = LayoutConfiguration(width: 320, lineLimit: .lines(3))
      let start = recorder.record
      let measured = try engine.measure(prepared, configuration: narrow)
      let first = recorder.record
      // A measurement only measures (the shaper's cached widths), and shapes nothing.
      #expect(first.measureCalls > start.measureCalls, "\(paragraph.prefix(30))")
      #expect(first.shapeCalls == start.shapeCalls, "\(paragraph.prefix(30))")
      #expect(try engine.measure(prepared, configuration: narrow) == measured)
      let layout = try engine.layout(prepared, configuration: narrow)
      #expect(layout.measurement == measured, "\(paragraph.prefix(30))")
      let after = recorder.record
      #expect(after.measureCalls == first.measureCalls, "\(paragraph.prefix(30))")
      #expect(after.bytesAnalyzed == first.bytesAnalyzed, "\(paragraph.prefix(30))")
      // Placing the measured lines shapes their text pieces, each once; the token's two are
      // shaped on top.
      let placed = layout.lines.reduce(0) { $0 + $1.runs.count { $0.role == .text } }
      #expect(after.shapeCalls - first.shapeCalls <= placed + 2, "\(paragraph.prefix(30))")
    }
  }

  @Test("measuring prepared texts in one call gives each text's own measurement")
  func batchOfPreparedTexts() throws {
    // Texts that leave state behind in a layout: a word cut in scratch pieces, several
    // paragraphs, right to left, an empty text, a text cut before a token.
    let strings =
      Self.paragraphs + [
        "", "supercalifragilisticexpialidocious_and_then_some_more_letters", "one\ntwo\n\nthree",
        "שלום עולם (מבחן) 123 and Latin", Self.paragraphs.joined(separator: " "),
      ]
    let token = TruncationToken(label: "more")
    for width in [60.0, 320] {
      for configuration in [
        LayoutConfiguration(width: width, lineLimit: .lines(3)),
        LayoutConfiguration(width: width, lineLimit: .lines(2), truncationToken: token),
        LayoutConfiguration(width: width),
      ] {
        // Three prepared texts twice in the batch: the second time their analysis is kept.
        let prepared = strings.map { PreparedText(StyledText($0)) }
        let texts = (strings + strings.prefix(3)).map { StyledText($0) }
        let batch = try Self.engine.measure(
          prepared + prepared.prefix(3), configuration: configuration)
        let oneByOne = try texts.map {
          try Self.engine.measure(PreparedText($0), configuration: configuration)
        }
        #expect(batch == oneByOne, "at \(width)")
      }
    }
    #expect(try Self.engine.measure([], configuration: LayoutConfiguration(width: 100)) == [])
    #expect(throws: TextLayoutError.self) {
      try Self.engine.measure([PreparedText](), configuration: LayoutConfiguration(width: 0))
    }
  }

  @Test("a row measured first, then laid out, gives the plain text's lines in every script")
  func measuredThenLaidOut() throws {
    let strings =
      Self.paragraphs.map { $0 + " " + $0 }
      + Self.packageDescriptions(limit: 40)
    for string in strings {
      let text = StyledText(string, style: TextStyle(size: 17))
      let prepared = PreparedText(text)
      for width in [90.0, 320, 480] {
        let configuration = LayoutConfiguration(
          width: width, lineLimit: .lines(3), truncationToken: TruncationToken(label: "more"))
        let measured = try Self.engine.measure(prepared, configuration: configuration)
        let reused = try Self.engine.layout(prepared, configuration: configuration)
        let plain = try Self.engine.layout(text, configuration: configuration)
        #expect(reused == plain, "\(string.prefix(40)) at \(width)")
        #expect(measured == plain.measurement, "\(string.prefix(40)) at \(width)")
      }
    }
  }

  @Test("the shaper's measure of a piece is the measure of its shaped glyphs, hit or miss")
  func shaperMeasureMatchesShape() {
    // Pieces as the engine cuts them: words with hanging spaces, spaces alone, neighbours
    // that decide a space's face, right-to-left text and fallback faces.
    let paragraph = "Hello  world, 你好 世界 שלום  עולם café\u{3000}end\u{200B}"
    let shaper = HarfBuzzShaper()
    let utf8 = paragraph.utf8
    let cuts = [0, 7, 13, 14, 21, 28, 30, 36, 38, 42, 47, 50, 55, 58, 61]
    #expect(cuts.last == utf8.count)
    for (start, end) in zip(cuts, cuts.dropFirst()) {
      let lower = utf8.index(utf8.startIndex, offsetBy: start)
      let upper = utf8.index(utf8.startIndex, offsetBy: end)
      let piece = paragraph[lower..<upper]
      for isRightToLeft in [false, true] {
        let style = TextStyle(size: 17)
        // Measured before and after it is shaped: a miss and a hit.
        let missed = shaper.measure(piece, style: style, isRightToLeft: isRightToLeft)
        let shaped = shaper.shape(piece, style: style, isRightToLeft: isRightToLeft)
        let hit = shaper.measure(piece, style: style, isRightToLeft: isRightToLeft)
        let expected = ShapedMeasure(shaped, text: piece)
        #expect(missed == expected, "\(piece.debugDescription)")
        #expect(hit == expected, "\(piece.debugDescription)")
      }
    }
  }

  @Test("measuring pieces in a batch gives each piece's own measure, hit or miss")
  func batchMeasureMatchesShape() {
    let paragraph = "Hello  world, 你好 世界 שלום  עולם café\u{3000}end\u{200B}"
    let cuts = [0, 7, 13, 14, 21, 28, 30, 36, 38, 42, 47, 50, 55, 58, 61]
    let pieces = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    let shaper = HarfBuzzShaper()
    let style = TextStyle(size: 17)
    // Every other piece is shaped first, so the first batch mixes hits and misses.
    let utf8 = paragraph.utf8
    func substring(_ range: Range<Int>) -> Substring {
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      return paragraph[start..<utf8.index(start, offsetBy: range.count)]
    }
    for (index, piece) in pieces.enumerated() where index % 2 == 0 {
      _ = shaper.shape(substring(piece), style: style, isRightToLeft: false)
    }
    for _ in 0..<2 {
      var measures: [ShapedMeasure] = []
      shaper.measure(pieces, in: paragraph, style: style, isRightToLeft: false, into: &measures)
      #expect(measures.count == pieces.count)
      for (piece, measure) in zip(pieces, measures) {
        let text = substring(piece)
        let expected = ShapedMeasure(
          shaper.shape(text, style: style, isRightToLeft: false), text: text)
        #expect(measure == expected, "\(text.debugDescription)")
      }
    }
  }

  @Test("storing pieces' glyphs for a placed line gives each piece's shaped text, hit or miss")
  func storeMatchesShape() {
    let paragraph = "Hello  world, 你好 世界 שלום  עולם café\u{3000}end\u{200B} office"
    let cuts = [0, 7, 13, 14, 21, 28, 30, 36, 38, 42, 47, 50, 55, 58, 61, 62, 68]
    let pieces = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    #expect(cuts.last == paragraph.utf8.count)
    let style = TextStyle(size: 17)
    let utf8 = paragraph.utf8
    func substring(_ range: Range<Int>) -> Substring {
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      return paragraph[start..<utf8.index(start, offsetBy: range.count)]
    }
    for isRightToLeft in [false, true] {
      // A shaper of its own for the reference, so that the two caches share nothing.
      let shaper = HarfBuzzShaper()
      let reference = HarfBuzzShaper()
      // Every other piece is measured first, so the first store mixes hits and misses.
      var measures: [ShapedMeasure] = []
      shaper.measure(
        pieces.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), in: paragraph,
        style: style, isRightToLeft: isRightToLeft, into: &measures)
      for _ in 0..<2 {
        var storage = GlyphStorage()
        var stored: [StoredPiece] = []
        shaper.store(
          pieces, in: paragraph, style: style, isRightToLeft: isRightToLeft, into: &storage,
          stored: &stored)
        #expect(stored.count == pieces.count)
        for (piece, part) in zip(pieces, stored) {
          let text = substring(piece)
          let expected = reference.shape(text, style: style, isRightToLeft: isRightToLeft)
          #expect(storage.shapedText(part) == expected, "\(text.debugDescription)")
          #expect(part.advance == expected.advance, "\(text.debugDescription)")
          #expect(part.uncoveredCharacterCount == expected.uncoveredCharacterCount)
        }
      }
    }
  }

  @Test("a piece measured without its glyphs measures as its glyphs do, in every script")
  func glyphlessMeasures() {
    for isRightToLeft in [false, true] {
      glyphlessMeasures(isRightToLeft: isRightToLeft)
    }
  }

  func glyphlessMeasures(isRightToLeft: Bool) {
    // Every piece misses in `measuring`, which keeps measures only; `shaping` makes glyphs.
    let measuring = HarfBuzzShaper()
    let shaping = HarfBuzzShaper()
    let style = TextStyle(size: 17)
    let extras =
      "office affine AVATAR Wave fi\u{301}x 1,234.56 \u{5D0}\u{5B8}b e\u{308}\u{323} ＡＢ "
      + "two  spaces   and\u{3000}\u{3000}ideographic ones"
    for paragraph in Self.paragraphs + [extras] {
      // Words with their trailing spaces, as the engine cuts them.
      var pieces: [Range<Int>] = []
      var start = 0
      let bytes = Array(paragraph.utf8)
      for index in bytes.indices
      where bytes[index] == 0x20 && index + 1 < bytes.count
        && bytes[index + 1] != 0x20
      {
        pieces.append(start..<index + 1)
        start = index + 1
      }
      pieces.append(start..<bytes.count)
      var measures: [ShapedMeasure] = []
      measuring.measure(
        pieces, in: paragraph, style: style, isRightToLeft: isRightToLeft, into: &measures)
      let utf8 = paragraph.utf8
      for (piece, measure) in zip(pieces, measures) {
        let lower = utf8.index(utf8.startIndex, offsetBy: piece.lowerBound)
        let text = paragraph[lower..<utf8.index(lower, offsetBy: piece.count)]
        let expected = ShapedMeasure(
          shaping.shape(text, style: style, isRightToLeft: isRightToLeft), text: text)
        #expect(measure == expected, "\(text.debugDescription) \(isRightToLeft)")
        // Independently of the order the sums follow: what hangs is the advance of the glyphs
        // of the trailing white space, whichever way the piece runs.
        var utf8Text = text
        let hangingStart = utf8Text.withUTF8 { ShapedMeasure.hangingStart(inUTF8: $0) }
        let runs = shaping.shape(text, style: style, isRightToLeft: isRightToLeft).runs
        let hangingGlyphs = runs.flatMap { run in
          zip(run.clusters, run.advances).filter { $0.0 >= hangingStart }.map(\.1)
        }
        #expect(
          abs(measure.hangingAdvance - hangingGlyphs.reduce(0, +)) < 1e-9,
          "\(text.debugDescription) \(isRightToLeft)")
        // The glyphs asked for later are those of a shaper that never only measured.
        #expect(
          measuring.shape(text, style: style, isRightToLeft: isRightToLeft)
            == shaping.shape(text, style: style, isRightToLeft: isRightToLeft))
      }
    }
  }

  @Test("small analysis windows give the lines of one whole analysis, in every script")
  func windowsAgree() throws {
    var windowed = Self.engine
    windowed.initialWindow = 200
    for paragraph in Self.paragraphs.dropLast() {
      let string = Array(repeating: paragraph, count: 12).joined(separator: " ")
      let text = StyledText(string)
      for width in [200.0, 320] {
        let whole = try Self.engine.layout(text, configuration: LayoutConfiguration(width: width))
        let limit = max(1, whole.lines.count - 1)
        let limited = try windowed.layout(
          text, configuration: LayoutConfiguration(width: width, lineLimit: .lines(limit)))
        #expect(
          limited.lines.map(\.range) == whole.lines.prefix(limit).map(\.range),
          "\(paragraph.prefix(30)) at \(width)")
        #expect(limited.lines.map(\.runs) == whole.lines.prefix(limit).map(\.runs))
      }
    }
  }
}
