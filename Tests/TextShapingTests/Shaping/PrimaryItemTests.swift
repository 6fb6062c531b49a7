import CHarfBuzz
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// The item of a miss found in the primary face without the fallback's work
/// (``TextItemizer/primaryItem(of:before:after:primary:)``) against the one-pass single item,
/// which `ItemizerTests` holds to the full itemization.
@Suite struct PrimaryItemTests {
  @Test("each block's script is HarfBuzz's, and every scalar of them stands alone")
  func blockScriptsAreHarfBuzzs() {
    var answered = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let script = TextItemizer.primaryScript(of: value) else { continue }
      answered += 1
      guard let scalar = Unicode.Scalar(value) else {
        Issue.record("U+\(String(value, radix: 16)) is no scalar")
        continue
      }
      let own = TextItemizer.script(of: scalar)
      let expected = TextItemizer.isNeutral(own) ? HB_SCRIPT_COMMON : own
      #expect(script == expected, "U+\(String(value, radix: 16))")
      #expect(TextItemizer.standsAloneInPiece(scalar), "U+\(String(value, radix: 16))")
      #expect(
        TextItemizer.isFontNeutral(scalar) == (value == 0x20), "U+\(String(value, radix: 16))")
    }
    // ASCII, Latin, Greek, Cyrillic, punctuation, kana, the ideographs and Hangul syllables.
    #expect(answered > 30_000)
  }

  /// Words of the corpus, edge cases of neutral characters, and generated words from the
  /// alphabets of every face the fallback picks for the direct path's scripts.
  static let words: [String] = {
    var words = DirectShapingTests.corpusWords
    words += ["  word", "word  ", " 為 ", "為 ", " 為", "123 ", " (x) ", "- ", "  ", "", "«да» "]
    // Every printable ASCII character, alone, before a letter and before a space.
    for byte in UInt8(0x20)...0x7E {
      let character = String(UnicodeScalar(byte))
      words += [character, character + "a", "a" + character, character + " "]
    }
    words += ["ab€", "αβγ abc", "abc αβγ", "кот.", "1–2", "ó ", "Ж ", "가나 ", "かな ", "漢字 "]
    for (index, face) in DirectShapingTests.faces.enumerated() {
      guard let alphabets = try? DirectShapingTests.alphabets(of: face) else { continue }
      for (script, alphabet) in alphabets {
        words += DirectShapingTests.generatedWords(
          from: alphabet, count: 30, seed: UInt64(index) * 1_000 + UInt64(script % 997))
      }
    }
    return words
  }()

  @Test(
    "the primary face's item is the single item, with as many characters",
    arguments: [
      TextStyle(fontFamily: "DejaVu Sans", size: 17),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, weight: .bold, isItalic: true),
      TextStyle(fontFamily: "DejaVu Serif", size: 17, language: "ru"),
      TextStyle(fontFamily: "Noto Sans CJK JP", size: 17, language: "ja"),
      TextStyle(fontFamily: "Noto Sans CJK KR", size: 17, language: "ko"),
      TextStyle(fontFamily: "Noto Color Emoji", size: 17),
    ])
  func primaryItemIsTheSingleItem(style: TextStyle) throws {
    let shaper = DirectShapingTests.shaper
    let primary = shaper.primaryFont(for: style)
    let han = shaper.font(for: Unicode.Scalar(0x70BA)!, primary: primary)
    let neighbors: [TextItemizer.Neighbor?] = [
      nil, TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_LATIN),
      TextItemizer.Neighbor(font: han, script: HB_SCRIPT_HAN),
      TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_CYRILLIC),
      TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_HEBREW),
    ]
    var answered = 0
    var declined = 0
    for word in Self.words {
      var bytes = word
      bytes.withUTF8 { bytes in
        for before in neighbors {
          for after in neighbors {
            guard
              let fast = TextItemizer.primaryItem(
                of: bytes, before: before, after: after, primary: primary.font)
            else {
              declined += 1
              continue
            }
            answered += 1
            var starts: [Int] = []
            let single = TextItemizer.singleItem(
              of: bytes, before: before, after: after, primary: primary.font,
              scalarFont: { shaper.font(for: $0, primary: primary) }, characterStarts: &starts)
            let context =
              "\(word.debugDescription) \(String(describing: before?.script)) "
              + "\(String(describing: after?.script))"
            #expect(single?.range == fast.item.range, "\(context)")
            #expect(single?.font === fast.item.font, "\(context)")
            #expect(single?.script == fast.item.script, "\(context)")
            #expect(starts.count == fast.characterCount, "\(context)")
          }
        }
      }
    }
    // Both answers occur: most words are in a text face (the colour face has digits and a
    // few signs), the rest are left to `singleItem`.
    #expect(answered > (primary.font.isColor ? 100 : 10_000), "\(answered)")
    #expect(declined > 1_000, "\(declined)")
  }
}
