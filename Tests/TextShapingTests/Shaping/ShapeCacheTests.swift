import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// The shaping cache keeps glyphs in narrow types (``ShapeCache/Glyphs``): a hit must give
/// what the miss gave, to the last bit of every advance, offset and metric.
@Suite struct ShapeCacheTests {
  let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  @Test("canonically equivalent texts are cached apart: their clusters differ")
  func canonicalEquivalents() {
    let shaper = HarfBuzzShaper()
    let composed = shaper.shape("caf\u{E9}", style: TextStyle(), isRightToLeft: false)
    let decomposed = shaper.shape("cafe\u{301}", style: TextStyle(), isRightToLeft: false)
    #expect(composed.clusters.last?.range == 3..<5)
    #expect(decomposed.clusters.last?.range == 3..<6)
  }

  /// Every value of a shaped text as bits: `==` on doubles would take -0 for 0.
  static func bits(_ shaped: ShapedText) -> [UInt64] {
    var bits = [
      shaped.advance.bitPattern, shaped.ascent.bitPattern, shaped.descent.bitPattern,
      shaped.lineGap.bitPattern, UInt64(shaped.uncoveredCharacterCount),
    ]
    for run in shaped.runs {
      bits += [UInt64(run.font.rawValue), run.size.bitPattern, run.isRightToLeft ? 1 : 0]
      bits += [UInt64(run.glyphs.count)] + run.glyphs.map { UInt64($0) }
      bits += run.advances.map(\.bitPattern)
      bits += run.offsets.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
      bits += run.clusters.map { UInt64($0) }
    }
    for cluster in shaped.clusters {
      bits += [
        UInt64(cluster.range.lowerBound), UInt64(cluster.range.upperBound),
        cluster.advance.bitPattern,
      ]
    }
    return bits
  }

  /// Every value of a measure as bits, its direct edges included.
  static func bits(_ measure: ShapedMeasure) -> [UInt64] {
    var bits = [
      measure.advance.bitPattern, measure.hangingAdvance.bitPattern, measure.ascent.bitPattern,
      measure.descent.bitPattern, measure.lineGap.bitPattern,
      UInt64(measure.uncoveredCharacterCount), measure.mayKernWithNext ? 1 : 0,
    ]
    if let edges = measure.directEdges {
      bits += [
        edges.scale.bitPattern, UInt64(UInt32(bitPattern: edges.plan)), UInt64(edges.firstGlyph),
        UInt64(UInt32(bitPattern: edges.firstUnits)), UInt64(edges.lastGlyph),
        UInt64(UInt32(bitPattern: edges.lastUnits)), edges.firstHasOwnScript ? 1 : 0,
        edges.lastHasOwnScript ? 1 : 0, edges.isOneCharacter ? 1 : 0,
      ]
    }
    return bits
  }

  @Test(
    "a hit gives the glyphs, clusters and measure of the miss, bit for bit",
    arguments: [
      ("office ", false), ("Ελληνικά", false), ("русский,", false), ("中文字。", false),
      ("日本語のテキスト", false), ("한국어 ", false), ("שָׁלוֹם", true), ("مرحبا", true),
      ("x\u{301}\u{323}\u{302}", false), ("ไทยที่นี่", false), ("😀👍🏽 ", false),
      ("a\u{E000}b\u{10FFFD}", false), ("-- 12,5 % ", false), (" ", false),
    ])
  func hitIsMiss(text: String, isRightToLeft: Bool) {
    let shaper = HarfBuzzShaper()
    let miss = shaper.shape(Substring(text), style: style, isRightToLeft: isRightToLeft)
    #expect(shaper.state.withLock { $0.shapes.count } == 1)
    let hit = shaper.shape(Substring(text), style: style, isRightToLeft: isRightToLeft)
    #expect(Self.bits(hit) == Self.bits(miss))

    let measuring = HarfBuzzShaper()
    let missed = measuring.measure(Substring(text), style: style, isRightToLeft: isRightToLeft)
    let found = measuring.measure(Substring(text), style: style, isRightToLeft: isRightToLeft)
    #expect(Self.bits(found) == Self.bits(missed))
    #expect(missed.advance.bitPattern == miss.advance.bitPattern)
  }

  @Test("a piece's hash read in its paragraph is the hash of its bytes alone, wherever it lies")
  func hashInPlace() {
    // Every range of paragraphs of 0 to 24 bytes: the last bytes of a piece are read as one
    // word from the bytes around them when the paragraph holds eight there, from the bytes
    // before them at its end, and one by one in a paragraph shorter than eight.
    let key = ShapeCache.Key(
      primary: HarfBuzzShaper().primaryFont(for: style), size: 17, isRightToLeft: false,
      before: nil, after: nil)
    let keyHash = ShapeCache.keyHash(key)
    var mismatches: [String] = []
    for count in 0...24 {
      let paragraph = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 + $0 * 37) }
      paragraph.withUnsafeBufferPointer { text in
        for start in 0...count {
          for end in start...count {
            let alone = Array(paragraph[start..<end]).withUnsafeBufferPointer {
              ShapeCache.hash($0, key: key)
            }
            if ShapeCache.hash(of: start..<end, in: text, keyHash: keyHash) != alone {
              mismatches.append("\(start)..<\(end) of \(count)")
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty)
    // The bytes past the piece do not count: a shorter piece is another key.
    let abc = Array("abcdefgh".utf8)
    abc.withUnsafeBufferPointer { text in
      #expect(
        ShapeCache.hash(of: 0..<3, in: text, keyHash: keyHash)
          != ShapeCache.hash(of: 0..<4, in: text, keyHash: keyHash))
    }
  }

  @Test(
    "a batch finds what pieces measured one by one cached, and they find what a batch cached")
  func batchAndSingleShareEntries() throws {
    // Plain words, pieces with neighbours in their key (a leading space, a trailing one
    // before a CJK character), and a piece too wide for the narrow glyphs.
    let string =
      "office word, " + " next" + "中文 " + "字" + String(repeating: "abcdefgh", count: 8_200)
    let utf8 = Array(string.utf8)
    var pieces: [Range<Int>] = []
    for (start, end) in [(0, 7), (7, 13), (13, 18), (18, 25), (25, 28)] {
      pieces.append(start..<end)
    }
    pieces.append(28..<utf8.count)
    let probe = HarfBuzzShaper()
    let primary = probe.primaryFont(for: style)
    let withNeighbors = utf8.withUnsafeBufferPointer { text in
      pieces.filter {
        let (before, after) = probe.neighbors(of: $0, in: text, primary: primary)
        return before != nil || after != nil
      }.count
    }
    try #require(withNeighbors == 2)
    func substring(_ range: Range<Int>) -> Substring {
      let start = string.utf8.index(string.utf8.startIndex, offsetBy: range.lowerBound)
      return string[start..<string.utf8.index(start, offsetBy: range.count)]
    }
    for batchFirst in [true, false] {
      let shaper = HarfBuzzShaper()
      var batch: [ShapedMeasure] = []
      var single: [ShapedMeasure] = []
      if batchFirst {
        shaper.measure(pieces, in: string, style: style, isRightToLeft: false, into: &batch)
      }
      let cached = shaper.state.withLock { $0.shapes.count }
      single = pieces.map { shaper.measure(substring($0), style: style, isRightToLeft: false) }
      if !batchFirst {
        let cachedBySingles = shaper.state.withLock { $0.shapes.count }
        shaper.measure(pieces, in: string, style: style, isRightToLeft: false, into: &batch)
        #expect(shaper.state.withLock { $0.shapes.count } == cachedBySingles)
      } else {
        #expect(shaper.state.withLock { $0.shapes.count } == cached)
      }
      try #require(batch.count == pieces.count)
      #expect(batch.map(Self.bits) == single.map(Self.bits))
      #expect(shaper.state.withLock { $0.shapes.count } == pieces.count)
    }
  }

  @Test("a piece missed twice in one batch is cached once, narrow or wide")
  func repeatedMissCachedOnce() throws {
    // Both copies of each piece miss (the batch probes the cache before shaping), so the
    // second insert must find the first: a plain word, one with a trailing space before a
    // CJK character in its key, and one too wide for the narrow glyphs.
    let wide = String(repeating: "abcdefgh", count: 8_200)
    let string = "word 中" + wide
    let count = string.utf8.count
    let pieces = [0..<4, 0..<5, 8..<count, 0..<4, 0..<5, 8..<count]
    let shaper = HarfBuzzShaper()
    var measures: [ShapedMeasure] = []
    shaper.measure(pieces, in: string, style: style, isRightToLeft: false, into: &measures)
    try #require(measures.count == pieces.count)
    #expect(shaper.state.withLock { $0.shapes.count } == 3)
    #expect(measures.map(Self.bits)[3...] == measures.map(Self.bits)[..<3])
  }

  @Test("glyph offsets are kept for the runs that have them")
  func offsets() throws {
    let shaper = HarfBuzzShaper()
    let miss = shaper.shape("x\u{301}\u{323}", style: style, isRightToLeft: false)
    let offsets = miss.runs.flatMap(\.offsets)
    try #require(offsets.contains { $0.x != 0 || $0.y != 0 })
    let hit = shaper.shape("x\u{301}\u{323}", style: style, isRightToLeft: false)
    #expect(hit.runs.flatMap(\.offsets) == offsets)
    #expect(Self.bits(hit) == Self.bits(miss))
  }

  /// A text the narrow glyphs cannot hold, named for the test's output.
  struct WideText: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var text: String
  }

  @Test(
    "a piece the narrow glyphs cannot hold is cached whole, and a hit gives the miss's result",
    arguments: [
      WideText(
        testDescription: "65,600 bytes of Latin",
        text: String(repeating: "abcdefgh", count: 8_200)),
      WideText(
        testDescription: "one grapheme of 40,000 combining marks (80 KB)",
        text: "a" + String(repeating: "\u{301}", count: 40_000)),
      WideText(
        testDescription: "2,000 stacked marks: a short piece whose offsets pass 16 bits",
        text: "x" + String(repeating: "\u{301}", count: 2_000)),
    ])
  func widePiece(wide: WideText) throws {
    let text = wide.text
    let shaper = HarfBuzzShaper()
    let miss = shaper.shape(Substring(text), style: style, isRightToLeft: false)
    #expect(shaper.state.withLock { $0.shapes.count } == 1)
    if text.utf8.count < 65_536 && text.hasPrefix("x") {
      // The case is what it says: an offset no Int16 holds, in points at this size.
      let units = miss.runs.flatMap(\.offsets).map { abs($0.y) * 2048 / style.size }
      try #require(units.contains { $0 > Double(Int16.max) })
    }
    let hit = shaper.shape(Substring(text), style: style, isRightToLeft: false)
    #expect(shaper.state.withLock { $0.shapes.count } == 1)
    #expect(Self.bits(hit) == Self.bits(miss))

    let measuring = HarfBuzzShaper()
    let missed = measuring.measure(Substring(text), style: style, isRightToLeft: false)
    let found = measuring.measure(Substring(text), style: style, isRightToLeft: false)
    #expect(measuring.state.withLock { $0.shapes.count } == 1)
    #expect(Self.bits(found) == Self.bits(missed))
    #expect(missed.advance.bitPattern == miss.advance.bitPattern)
  }

  @Test("the wide pieces are bounded: a ninth drops the eight before it")
  func widePiecesBounded() {
    let shaper = HarfBuzzShaper()
    for index in 0..<9 {
      let text = Substring(String(repeating: "ab", count: 33_000) + String(index))
      _ = shaper.measure(text, style: style, isRightToLeft: false)
    }
    #expect(shaper.state.withLock { $0.shapes.count } == 1)
  }
}
