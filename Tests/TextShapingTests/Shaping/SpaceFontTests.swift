import CHarfBuzz
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Spaces take the face of their neighbours, as in Pango: after an ideograph a space is shaped
/// in the CJK face (narrower than DejaVu Sans's), unless the same script run goes on in the
/// primary face.
@Suite struct SpaceFontTests {
  let shaper = HarfBuzzShaper()
  let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  /// The advance of the space at `range` of `paragraph`, shaped as its own piece.
  func spaceAdvance(in paragraph: String, at offset: Int) -> Double {
    let utf8 = paragraph.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: offset)
    let piece = paragraph[start..<utf8.index(after: start)]
    return shaper.shape(piece, style: style, isRightToLeft: false).advance
  }

  @Test("a space after Latin text is DejaVu Sans's; after an ideograph it is the CJK face's")
  func spaceAfterIdeograph() throws {
    let latin = spaceAdvance(in: "n m", at: 1)
    let afterHan = spaceAdvance(in: "為 m", at: 3)
    #expect(abs(latin - 17 * 651 / 2048) < 0.01)  // DejaVu Sans's space: 651 units
    #expect(afterHan < latin - 0.5)
    let runs = shaper.shape(Substring("為 m").dropFirst(), style: style, isRightToLeft: false).runs
    let run = try #require(runs.first)
    let face = try #require(shaper.fontFace(for: run.font))
    #expect(face.familyName != "DejaVu Sans")
  }

  @Test("a space moves to the primary face when the same script run continues in it")
  func spaceBeforePrimaryFace() {
    // '"' is Common, so it continues the Han run, in DejaVu Sans: the space goes with it.
    let beforeQuote = spaceAdvance(in: "時， \"x\"", at: 6)
    #expect(abs(beforeQuote - 17 * 651 / 2048) < 0.01)
  }

  @Test("spaces after a character in the primary face keep it whatever follows the piece")
  func trailingSpacesIgnoreTheNextCharacter() throws {
    let primary = shaper.primaryFont(for: style)
    let han = shaper.font(for: Character("為"), primary: primary)
    #expect(han !== primary.font)
    // What may follow a piece: a Latin word, an ideograph in a fallback face, and a Common
    // quotation mark in the primary face, which pulls spaces after fallback text into it.
    let followers = [
      TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_LATIN),
      TextItemizer.Neighbor(font: han, script: HB_SCRIPT_HAN),
      TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_COMMON),
    ]
    func items(_ piece: String, after: TextItemizer.Neighbor?) -> [String] {
      TextItemizer.itemize(
        Substring(piece), after: after, primary: primary.font,
        font: { shaper.font(for: $0, primary: primary) },
        scalarFont: { shaper.font(for: $0, primary: primary) }
      ).items.map { "\($0.range) \($0.font.id) \($0.script.rawValue)" }
    }
    var accepted = 0
    for value in 0x21..<0x10000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for piece in ["\(scalar) ", "a\(scalar)  "] {
        var bytes = piece
        let skips = bytes.withUTF8 {
          shaper.endsWithSpacesInPrimaryFace(0..<$0.count, in: $0, primary: primary)
        }
        guard skips else { continue }
        accepted += 1
        let alone = items(piece, after: nil)
        for follower in followers {
          #expect(items(piece, after: follower) == alone, "U+\(String(value, radix: 16))")
        }
      }
    }
    #expect(accepted > 2_000)
    // After an ideograph the next character decides, so the shaper must look at it.
    var afterHan = "為 "
    let skipsAfterHan = afterHan.withUTF8 {
      shaper.endsWithSpacesInPrimaryFace(0..<$0.count, in: $0, primary: primary)
    }
    #expect(!skipsAfterHan)
    #expect(items("為 ", after: followers[2]) != items("為 ", after: nil))
  }

  @Test("the spelled-out neutral ranges are the Unicode properties' for every scalar")
  func neutralRangesMatchProperties() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if TextItemizer.isFontNeutral(scalar) != TextItemizer.isFontNeutralByProperties(scalar) {
        mismatches.append(value)
      }
    }
    #expect(mismatches == [])
  }

  @Test("a space at the start of a paragraph takes the face of what follows")
  func leadingSpace() {
    #expect(spaceAdvance(in: " 為", at: 0) < 17 * 651 / 2048 - 0.5)
    #expect(abs(spaceAdvance(in: " m", at: 0) - 17 * 651 / 2048) < 0.01)
  }
}

@Suite struct BidiFastPathTests {
  @Test(
    "left-to-right text skips ICU only when nothing in it can raise a level",
    arguments: [
      ("plain ASCII, numbers 123 and punctuation (!)", false),
      ("Ελληνικά, русский, 中文, ไทย", false),
      ("Hebrew שלום inside", true), ("Arabic مرحبا inside", true),
      ("an RLM \u{200F} mark", true), ("an LRE \u{202A}embedding\u{202C}", true),
      ("an isolate \u{2066}x\u{2069}", true), ("presentation form \u{FB50}", true),
    ])
  func fastPath(text: String, mayBeRightToLeft: Bool) throws {
    var copy = text
    let answer = copy.withUTF8 { ICUAnalyzer.mayBeRightToLeft($0) }
    #expect(answer == mayBeRightToLeft)
    // Whatever the path, the levels are ICU's.
    let analyzer = ICUAnalyzer()
    let fast = analyzer.bidiLevels(in: Substring(text), direction: .natural)
    #expect(fast.paragraphLevel == 0)
    if !mayBeRightToLeft { #expect(fast.runs.map(\.level) == [0]) }
  }

  @Test("eight bytes are skipped only when none is a byte that may lead a right-to-left scalar")
  func wordSkip() {
    // Every byte value at every position of a word of other bytes (ASCII, a continuation
    // byte, a CJK lead): the word test must flag exactly the bytes 0xD6 to 0xE2 and from 0xEF.
    var wrong: [String] = []
    for background: UInt8 in [0x61, 0x80, 0xBF, 0xE4, 0xD0, 0xEE] {
      for position in 0..<8 {
        for byte in 0...255 {
          var bytes = [UInt8](repeating: background, count: 8)
          bytes[position] = UInt8(byte)
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          let flagged = (0xD6...0xE2).contains(byte) || byte >= 0xEF
          if ICUAnalyzer.mayLeadRightToLeft(word) != flagged {
            wrong.append("\(byte) at \(position) among \(background)")
          }
        }
      }
    }
    #expect(wrong.isEmpty)
  }

  @Test("a right-to-left character is found wherever it stands after ASCII or other scripts")
  func everyOffset() {
    let triggers: [Unicode.Scalar] = [
      "\u{5D0}", "\u{627}", "\u{780}", "\u{840}", "\u{200F}", "\u{202B}", "\u{2067}", "\u{FB50}",
      "\u{10800}", "\u{1E900}",
    ]
    let others: [Unicode.Scalar] = ["a", "ж", "中", "\u{2014}", "\u{FF01}", "😀"]
    // Fillers of one-, two-, three- and four-byte scalars, and mixes that put the scalar at
    // every byte offset of an eight-byte step.
    for filler in [
      "abcdefghijklmnopq", "жжжжжжжжж", "中中中中中中", "😀—😀…😀", "aжbαcéдeΩfщgh",
      "жaжaжaжaж", "αβγδεζηθικλ", "中a文bカ한c", "한국어한국어",
    ] {
      for count in 0..<filler.count {
        let head = String(filler.prefix(count))
        for scalar in triggers + others {
          var text = head + String(scalar) + "and a tail of text"
          let answer = text.withUTF8 { ICUAnalyzer.mayBeRightToLeft($0) }
          #expect(
            answer == triggers.contains(scalar), "\(head) U+\(String(scalar.value, radix: 16))")
        }
      }
    }
  }
}
