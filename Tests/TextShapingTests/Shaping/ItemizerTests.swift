import CHarfBuzz
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// The itemizer's two ways of collecting characters: scalar by scalar (the fast path, taken
/// only when every scalar stands alone) and grapheme cluster by grapheme cluster.
@Suite struct ItemizerTests {
  let shaper = HarfBuzzShaper()

  static let samples = [
    "Plain ASCII words, digits 1234 and punctuation (like this)!",
    "Ünïcödé Latin-1 and Latin Extended: ŁĄŻ ŒŠ ǅ ɐ ʼ",
    "Движок раскладки переносит строки; Η μηχανή διάταξης χωρίζει.",
    "מנוע הפריסה שובר שורות ١٢٣ محرك التخطيط يكسر الأسطر، ؟",
    "排版引擎在单词边界处换行。レイアウトエンジンは「単語」の境界で。ｶﾀｶﾅ！",
    "General punctuation — “quotes” ‘single’ … ‰ † ‡ •",
    "Fallback faces: ✓ ★ ∑ ∞ ⌘ and ideographs 為 in a Latin run",
    "한국어 조판 엔진은 줄을 나눕니다. 옛한글 \u{1112}\u{119E}\u{11AB} 가\u{11A8}나 각\u{302E} (책)",
  ]

  /// Every piece of every sample that the fast path takes: all its pieces between spaces and
  /// every single character.
  func pieces(of sample: String) -> [Substring] {
    var result = sample.split(separator: " ", omittingEmptySubsequences: true)
    result += sample.indices.map { sample[$0...$0] }
    result.append(sample[...])
    return result
  }

  @Test("scalar by scalar gives the grapheme clusters' starts, faces and scripts")
  func scalarsAgreeWithCharacters() throws {
    let primary = shaper.primaryFont(for: TextStyle(size: 17))
    let font: (Character) -> LoadedFont = { shaper.font(for: $0, primary: primary) }
    var fastPieces = 0
    for sample in Self.samples {
      for piece in pieces(of: sample) {
        var scalars = TextItemizer.Units()
        guard
          scalars.collectScalars(
            of: piece, primary: primary.font, font: { shaper.font(for: $0, primary: primary) })
        else {
          continue
        }
        fastPieces += 1
        var characters = TextItemizer.Units()
        characters.collectCharacters(of: piece, font: font)
        #expect(scalars.characterStarts == characters.characterStarts, "\(piece)")
        #expect(scalars.length == characters.length, "\(piece)")
        #expect(scalars.fonts.map { $0?.id } == characters.fonts.map { $0?.id }, "\(piece)")
        #expect(
          scalars.rawScripts.map(\.rawValue) == characters.rawScripts.map(\.rawValue),
          "\(piece)")
      }
    }
    // Most pieces take the fast path; symbols outside its blocks do not.
    #expect(fastPieces > 100)
  }

  @Test("the one-pass single item is itemize's only item, with every pair of neighbours")
  func singleItemAgreesWithItemize() throws {
    let primary = shaper.primaryFont(for: TextStyle(size: 17))
    let han = shaper.font(for: Character("為"), primary: primary)
    let hebrew = TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_HEBREW)
    let neighbors: [TextItemizer.Neighbor?] = [
      nil, TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_LATIN),
      TextItemizer.Neighbor(font: han, script: HB_SCRIPT_HAN),
      TextItemizer.Neighbor(font: primary.font, script: HB_SCRIPT_COMMON), hebrew,
    ]
    // Edges that make neighbours matter: leading and trailing spaces, scriptless characters.
    var cases = Self.samples.flatMap { self.pieces(of: $0) }.map(String.init)
    cases += ["  word", "word  ", " 為 ", "為 ", " 為", "123 ", " (x) ", "«שלום» ", "時， ", "- ", "  "]
    var answered = 0
    for piece in cases {
      for before in neighbors {
        for after in neighbors {
          let full = TextItemizer.itemize(
            Substring(piece), before: before, after: after, primary: primary.font,
            font: { shaper.font(for: $0, primary: primary) },
            scalarFont: { shaper.font(for: $0, primary: primary) })
          var bytes = piece
          let single = bytes.withUTF8 {
            TextItemizer.singleItem(
              of: $0, before: before, after: after, primary: primary.font,
              scalarFont: { shaper.font(for: $0, primary: primary) })
          }
          let context = "\(piece.debugDescription) \(String(describing: before?.script)) "
          guard let single else {
            // Left to `itemize` only when it has several items, a scalar that may join
            // another, or no character that chooses a face.
            var units = TextItemizer.Units()
            let standsAlone = units.collectScalars(
              of: Substring(piece), primary: primary.font,
              font: { shaper.font(for: $0, primary: primary) })
            let choosesFace = units.fonts.contains { $0 != nil }
            #expect(full.items.count != 1 || !standsAlone || !choosesFace, "\(context)")
            continue
          }
          answered += 1
          #expect(full.items.count == 1, "\(context)")
          #expect(full.items.first?.range == single.item.range, "\(context)")
          #expect(full.items.first?.font === single.item.font, "\(context)")
          #expect(full.items.first?.script == single.item.script, "\(context)")
          #expect(full.characterStarts == single.characterStarts, "\(context)")
        }
      }
    }
    #expect(answered > 1_000)
  }

  @Test("marks, joiners, regional indicators and conjoining jamo go through grapheme clusters")
  func joiningScalarsTakeTheSlowPath() {
    let primary = shaper.primaryFont(for: TextStyle(size: 17))
    let jamo = ["\u{1112}\u{1161}\u{11AB}", "가\u{11A8}", "\u{1100}각", "각\u{302E}"]
    for piece in ["e\u{301}", "👩‍💻", "🇫🇷", "a\u{200D}b", "\u{5D1}\u{5BC}", "か\u{3099}"] + jamo {
      var units = TextItemizer.Units()
      let fast = units.collectScalars(of: Substring(piece), primary: primary.font) {
        shaper.font(for: $0, primary: primary)
      }
      #expect(!fast, "\(piece.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test(
    "a character too long to shape at once is shaped in parts, and stays one cluster",
    arguments: [
      "a" + String(repeating: "\u{301}", count: 2_000),
      "a" + String(repeating: "\u{200D}", count: 500),
      "a" + String(repeating: "\u{FE0F}", count: 100),
      String(repeating: "\u{1100}", count: 300),
      "e" + (0..<400).map { String(Character(Unicode.Scalar(0x300 + $0 % 0x70)!)) }.joined(),
    ])
  func longCharacters(character: String) throws {
    let text = "x " + character + " y"
    let primary = shaper.primaryFont(for: TextStyle(size: 17))
    let itemization = TextItemizer.itemize(
      text[...], primary: primary.font, font: { shaper.font(for: $0, primary: primary) },
      scalarFont: { shaper.font(for: $0, primary: primary) })
    // The items tile the text, and none holds more than the cap's scalars.
    #expect(itemization.items.first?.range.lowerBound == 0)
    #expect(itemization.items.last?.range.upperBound == text.utf8.count)
    for (item, next) in zip(itemization.items, itemization.items.dropFirst()) {
      #expect(item.range.upperBound == next.range.lowerBound)
    }
    // No item holds more of the long character's scalars than the cap.
    let utf8 = Array(text.utf8)
    let characterRange = 2..<(2 + character.utf8.count)
    for item in itemization.items {
      let part = item.range.clamped(to: characterRange)
      let scalars = String(decoding: utf8[part], as: UTF8.self).unicodeScalars.count
      #expect(scalars <= TextItemizer.longestShapedScalars)
    }
    let scalarCount = character.unicodeScalars.count
    #expect(itemization.items.count >= scalarCount / TextItemizer.longestShapedScalars)
    // The character is still one character, and one cluster with every glyph's advance.
    #expect(
      itemization.characterStarts == [0, 1, 2, 2 + character.utf8.count, 3 + character.utf8.count])
    let shaped = shaper.shape(text[...], style: TextStyle(size: 17), isRightToLeft: false)
    let clusterStarts = shaped.clusters.map(\.range.lowerBound)
    #expect(clusterStarts == [0, 1, 2, 2 + character.utf8.count, 3 + character.utf8.count])
    let glyphAdvances = shaped.runs.flatMap(\.advances).reduce(0, +)
    #expect(abs(shaped.clusters.map(\.advance).reduce(0, +) - glyphAdvances) < 1e-9)
  }

  @Test("a character at the cap is shaped at once, as before")
  func charactersAtTheCap() {
    let character = "a" + String(repeating: "\u{301}", count: TextItemizer.longestShapedScalars - 1)
    #expect(TextItemizer.shapingCuts(of: Character(character), at: 0).isEmpty)
    let longer = character + "\u{301}"
    #expect(TextItemizer.shapingCuts(of: Character(longer), at: 5) == [5 + character.utf8.count])
  }
}

@Suite struct CoverageTests {
  @Test("a face's coverage bitmap agrees with HarfBuzz's character map on the whole BMP")
  func bitmapAgreesWithCharacterMap() throws {
    let shaper = HarfBuzzShaper()
    // The primary face and the face that shapes ideographs (a fallback).
    let primary = shaper.primaryFont(for: TextStyle(size: 17)).font
    let fallback = shaper.font(for: Character("為"), primary: shaper.primaryFont(for: TextStyle()))
    #expect(fallback.id != primary.id)
    for font in [primary, fallback] {
      var covered = 0
      for value in UInt32(0)..<0x10000 {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let expected = font.harfBuzz.hasGlyph(for: scalar)
        if font.hasGlyph(for: scalar) != expected {
          Issue.record("U+\(String(value, radix: 16)) in \(font.info.familyName)")
          return
        }
        if expected { covered += 1 }
      }
      #expect(covered > 2_000, "\(font.info.familyName)")
    }
  }
}

@Suite struct FallbackChoiceTests {
  @Test("a fallback remembered for the process is the face a full search finds")
  func rememberedChoices() {
    let first = HarfBuzzShaper()
    let second = HarfBuzzShaper()
    let style = TextStyle(size: 17)
    let firstPrimary = first.primaryFont(for: style)
    let secondPrimary = second.primaryFont(for: style)
    var fallbacks = 0
    // The search for a `Character` is cached by character, and canonically equivalent ones
    // (a CJK compatibility ideograph and its unified one) are equal there: each is asked once.
    var searchedCharacters = Set<Character>()
    // Every 13th code point of the BMP the primary face lacks: CJK, Thai, symbols, and
    // default-ignorable ones, which stay in the primary face.
    for value in stride(from: 0xA0, to: 0x1_0000, by: 13) {
      guard let scalar = Unicode.Scalar(value), !firstPrimary.font.hasGlyph(for: scalar),
        searchedCharacters.insert(Character(scalar)).inserted
      else {
        continue
      }
      let remembered = first.font(for: scalar, primary: firstPrimary)
      let reused = second.font(for: scalar, primary: secondPrimary)
      // A character shown as emoji by default takes the emoji face before any fallback.
      let emoji = second.emojiFont().flatMap { $0.hasGlyph(for: scalar) ? $0 : nil }
      let searched =
        EmojiPresentation(Character(scalar)) == .emoji
        ? emoji ?? second.fallbackFont(for: Character(scalar), primary: secondPrimary)
        : second.fallbackFont(for: Character(scalar), primary: secondPrimary)
      let context = "U+\(String(value, radix: 16))"
      #expect(remembered.file == searched.file, "\(context)")
      #expect(reused.file == searched.file, "\(context)")
      if searched !== secondPrimary.font { fallbacks += 1 }
    }
    #expect(fallbacks > 1_000)
  }
}
