import CHarfBuzz
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// The item of a miss found in the primary face, or in a fallback face known for a whole
/// block, without a lookup for each character
/// (``TextItemizer/primaryItem(of:before:after:primary:fallback:)``) against the one-pass
/// single item, which `ItemizerTests` holds to the full itemization.
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
    words += ["漢字、", "「かな」", "한국어 ", " 한국어", "カタカナ・", "漢a", "a漢", "漢か", "가漢"]
    // Generated words of each block a fallback face may cover whole, with spaces at the edges.
    for block in [0x4E00...0x9FCC, 0xAC00...0xD7A3, 0x3041...0x3096, 0x30A1...0x30FA] {
      let alphabet = stride(from: block.lowerBound, through: block.upperBound, by: 7)
        .compactMap(Unicode.Scalar.init)
      let generated = DirectShapingTests.generatedWords(
        from: alphabet, count: 60, seed: UInt64(block.lowerBound))
      words += generated + generated.map { " " + $0 } + generated.map { $0 + " " }
    }
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
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "zh-Hans"),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "zh-Hant"),
      TextStyle(fontFamily: "DejaVu Serif", size: 17, language: "ja"),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "ko"),
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
      try bytes.withUTF8 { bytes in
        for before in neighbors {
          for after in neighbors {
            guard
              let fast = TextItemizer.primaryItem(
                of: bytes, before: before, after: after, primary: primary.font,
                fallback: { shaper.blockFallbackFont(for: $0, primary: primary) })
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
            // The edges' scripts, as HarfBuzz's script function gives them.
            let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
            let first = try #require(scalars.first)
            let last = try #require(scalars.last)
            #expect(
              fast.edgeScripts.first == !TextItemizer.isNeutral(TextItemizer.script(of: first)),
              "\(context)")
            #expect(
              fast.edgeScripts.last == !TextItemizer.isNeutral(TextItemizer.script(of: last)),
              "\(context)")
          }
        }
      }
    }
    // Both answers occur: most words are in a text face (the colour face has digits and a
    // few signs), the rest are left to `singleItem`.
    #expect(answered > (primary.font.isColor ? 100 : 10_000), "\(answered)")
    #expect(declined > 1_000, "\(declined)")
  }

  @Test(
    "a block's fallback face is the one each of its scalars falls back to",
    arguments: [
      TextStyle(fontFamily: "DejaVu Sans", size: 17),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, weight: .bold),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "zh-Hans"),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "zh-Hant"),
      TextStyle(fontFamily: "DejaVu Serif", size: 17, isItalic: true, language: "ja"),
      TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "ko"),
      TextStyle(fontFamily: "Noto Color Emoji", size: 17),
    ])
  func blockFallbackIsEachScalarsFallback(style: TextStyle) throws {
    // A shaper of its own, so that no scalar's fallback is known before the block's.
    let shaper = HarfBuzzShaper()
    let primary = shaper.primaryFont(for: style)
    var proven = 0
    for script in [HB_SCRIPT_HAN, HB_SCRIPT_HANGUL, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA] {
      let block = try #require(TextItemizer.fallbackBlock(of: script))
      guard let face = shaper.blockFallbackFont(for: block, primary: primary) else { continue }
      proven += 1
      #expect(face !== primary.font)
      for value in block {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TextItemizer.primaryScript(of: value) == script, "U+\(String(value, radix: 16))")
        guard !primary.covers(scalar) else { continue }
        #expect(
          shaper.font(for: scalar, primary: primary) === face, "U+\(String(value, radix: 16))")
      }
    }
    // The text faces fall back to a CJK face for every block.
    #expect(proven == (primary.font.isColor ? proven : 4), "\(proven)")
  }
}
