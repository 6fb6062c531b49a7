import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

/// With the fixed backend at 10 pt every narrow character is 5 pt wide, lines are 10 pt tall.
let fixedEngine = TextLayoutEngine(shaper: FixedAdvanceShaper(), analyzer: SimpleAnalyzer())
let ten = TextStyle(size: 10)

func lay(
  _ string: String, width: Double, limit: LineLimit = .unlimited,
  token: TruncationToken? = nil, alignment: LineAlignment = .natural,
  direction: InterfaceDirection = .leftToRight, spacing: Double = 0
) throws -> LaidOutText {
  try fixedEngine.layout(
    StyledText(string, style: ten),
    configuration: LayoutConfiguration(
      width: width, lineLimit: limit, alignment: alignment, lineSpacing: spacing,
      direction: direction, truncationToken: token))
}

func texts(_ layout: LaidOutText) -> [String] {
  layout.lines.map { String(layout.text.string[layout.stringRange($0.contentRange)]) }
}

@Suite struct LineBreakingTests {
  @Test("words wrap at spaces, trailing spaces hang past the width")
  func wrapsAtSpaces() throws {
    // "aaaa bbbb " is 50 pt with its space, 45 pt without: it fits 45 exactly.
    let layout = try lay("aaaa bbbb cccc", width: 45)
    #expect(texts(layout) == ["aaaa bbbb", "cccc"])
    #expect(layout.lines.map(\.range) == [0..<10, 10..<14])
    #expect(layout.lines.map(\.width) == [45, 20])
    #expect(!layout.isTruncated)
    #expect(layout.layoutSize == LayoutSize(width: 45, height: 20))
  }

  @Test("a word wider than the line breaks at grapheme boundaries, only when alone")
  func breaksLongWords() throws {
    let layout = try lay("ab cdefghijkl", width: 22)
    // "cdefghijkl" moves to its own line first, then breaks every 4 graphemes (20 pt).
    #expect(texts(layout) == ["ab", "cdef", "ghij", "kl"])
  }

  @Test("a grapheme cluster is never split, even wider than the line")
  func keepsGraphemes() throws {
    let layout = try lay("e\u{301}e\u{301}e\u{301}", width: 4)
    #expect(texts(layout) == ["e\u{301}", "e\u{301}", "e\u{301}"])
    #expect(LayoutInvariants.graphemesWhole(layout) == nil)
  }

  @Test("mandatory breaks split paragraphs; a trailing newline adds an empty line")
  func paragraphs() throws {
    let layout = try lay("one\ntwo\r\nthree\n", width: 100)
    #expect(texts(layout) == ["one", "two", "three", ""])
    #expect(layout.lines.map(\.range) == [0..<4, 4..<9, 9..<15, 15..<15])
    #expect(layout.lines.map(\.endsParagraph) == [true, true, true, true])
  }

  @Test("an empty text has one empty line of the font's height")
  func emptyText() throws {
    let layout = try lay("", width: 100)
    #expect(layout.lines.count == 1)
    #expect(layout.layoutSize == LayoutSize(width: 0, height: 10))
    #expect(!layout.isTruncated)
  }

  @Test("line spacing adds space between lines, not after the last")
  func lineSpacing() throws {
    let layout = try lay("aaaa bbbb", width: 20, spacing: 3)
    #expect(layout.lines.map(\.top) == [0, 13])
    #expect(layout.lines.map(\.baseline) == [8, 21])
    #expect(layout.size.height == 23)
  }

  @Test(
    "invalid widths and limits are errors naming the value",
    arguments: [
      0, -1, Double.nan, Double.infinity,
    ])
  func invalidWidth(width: Double) {
    #expect {
      try lay("text", width: width)
    } throws: { error in
      guard case TextLayoutError.invalidWidth = error else { return false }
      return "\(error)".contains("invalid width")
    }
  }

  @Test("a line limit below 1 is an error")
  func invalidLimit() {
    #expect(throws: TextLayoutError.invalidLineLimit(0)) {
      try lay("text", width: 10, limit: .lines(0))
    }
    #expect(throws: TextLayoutError.invalidLineLimit(-2)) {
      try lay("text", width: 10, limit: .lines(-2))
    }
  }
}

@Suite struct DefaultLimitedBreaksTests {
  @Test("the default breaks up to a limit analyze a margin past it and agree with the whole")
  func defaultUpTo() {
    let analyzer = SimpleAnalyzer()
    let text = Substring(
      String(repeating: "word ", count: 40) + "排版引擎在单词边界处换行 " + String(repeating: "b-c ", count: 30)
    )
    let whole = analyzer.lineBreaks(in: text)
    let count = text.utf8.count
    for limit in [0, 3, 5, 64, 100, 201, 220, count - 64, count - 63, count] {
      #expect(analyzer.lineBreaks(in: text, upTo: limit) == whole.filter { $0.offset <= limit })
    }
  }
}

@Suite struct HangingStartTests {
  @Test("of every scalar after a letter, exactly the hanging spaces hang, one or two of them")
  func everyScalar() {
    var wrong: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      var bytes: [UInt8] = [0x61]
      UTF8.encode(scalar) { bytes.append($0) }
      let once = bytes.count
      UTF8.encode(scalar) { bytes.append($0) }
      let hangs = ShapedMeasure.isHangingSpace(scalar)
      let start = bytes.withUnsafeBufferPointer { ShapedMeasure.hangingStart(inUTF8: $0) }
      let startOnce = bytes.withUnsafeBufferPointer {
        ShapedMeasure.hangingStart(inUTF8: UnsafeBufferPointer(rebasing: $0[0..<once]))
      }
      if start != (hangs ? 1 : bytes.count) || startOnce != (hangs ? 1 : once) {
        wrong.append(value)
      }
    }
    #expect(wrong.isEmpty)
  }

  @Test("every hanging space hangs, and letters ending in the same UTF-8 bytes do not")
  func hangingSpaces() {
    let spaces: [Unicode.Scalar] = [
      "\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
      "\u{2005}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}",
      "\u{3000}",
    ]
    for space in spaces {
      var text = "word" + String(space) + String(space)
      let start = text.withUTF8 { ShapedMeasure.hangingStart(inUTF8: $0) }
      #expect(start == 4, "U+\(String(space.value, radix: 16))")
    }
    // "À" ends in 0x80, "ğ" in 0x9F, "Ƞ" in 0xA0, "Ĩ" in 0xA8, "中" in 0xAD: none hangs.
    for letter in ["À", "ğ", "Ƞ", "Ĩ", "中", "\u{2001}x", "\u{3001}"] {
      var text = "a " + letter
      let count = text.utf8.count
      #expect(text.withUTF8 { ShapedMeasure.hangingStart(inUTF8: $0) } == count, "\(letter)")
    }
  }
}
