import CHarfBuzz
import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// The direct shaping path (``DirectShapingPlan``: runs whose shaping is provably trivial are
/// measured from the character map, advances and pair kerning) against HarfBuzz, its
/// reference: the same glyphs, clusters, advances and offsets to the bit, on every face the
/// fallback can pick, for real and generated text; and the same lines from the engine.
@Suite struct DirectShapingTests {
  static let shaper = HarfBuzzShaper()

  /// The scripts the direct path takes, with a language whose forms fonts tailor for each.
  static let scripts: [(tag: String, script: hb_script_t, languages: [String?])] = [
    ("Latn", HB_SCRIPT_LATIN, [nil, "tr", "pl"]),
    ("Cyrl", HB_SCRIPT_CYRILLIC, [nil, "sr", "bg"]),
    ("Grek", HB_SCRIPT_GREEK, [nil, "el"]),
    ("Zyyy", HB_SCRIPT_COMMON, [nil]),
    ("Armn", HB_SCRIPT_ARMENIAN, [nil]),
    ("Geor", HB_SCRIPT_GEORGIAN, [nil]),
    ("Hani", HB_SCRIPT_HAN, [nil, "ja", "zh-cn", "zh-tw"]),
    ("Hira", HB_SCRIPT_HIRAGANA, [nil, "ja"]),
    ("Kana", HB_SCRIPT_KATAKANA, [nil, "ja"]),
    ("Hang", HB_SCRIPT_HANGUL, [nil, "ko"]),
  ]

  /// Every face the fallback gives a character of those scripts, for DejaVu Sans in four
  /// styles and in the languages whose fallback order differs, with the primary faces.
  static let faces: [FontID] = {
    var faces = Set<Int>()
    for weight in [FontWeight.regular, .bold] {
      for isItalic in [false, true] {
        for language in [nil, "ja", "zh-CN", "zh-TW", "ko"] as [TextLanguage?] {
          let style = TextStyle(
            fontFamily: "DejaVu Sans", size: 17, weight: weight, isItalic: isItalic,
            language: language)
          let primary = shaper.primaryFont(for: style)
          faces.insert(primary.font.id.rawValue)
          guard weight == .regular, !isItalic else { continue }
          for value in 0x20..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value),
              DirectShapingPlan.isDirectScript(TextItemizer.script(of: scalar)),
              DirectShapingPlan.isPlain(scalar.value)
            else { continue }
            faces.insert(shaper.font(for: scalar, primary: primary).id.rawValue)
          }
        }
      }
    }
    return faces.sorted().map { FontID(rawValue: $0) }
  }()

  /// The differential corpus (`Tests/Differential/corpus.py`: package descriptions and
  /// translated messages of this machine), the invariant corpus and the tests' paragraphs.
  static let corpus: [String] =
    RealTextInvariantTests.paragraphs + RealTextInvariantTests.corpus
    + differentialRecords.map(\.text)

  /// The differential corpus's records: each text with the language it is in.
  static let differentialRecords: [(text: String, language: String)] = {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Differential/corpus.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path, "--per-language", "150"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var records: [(text: String, language: String)] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
        as? [String: Any], let text = object["text"] as? String
      {
        records.append((text, object["lang"] as? String ?? "en"))
      }
    }
    return records
  }()

  /// The words of the corpus, as the engine's pieces are: a word with its trailing spaces.
  static let corpusWords: [String] = {
    var words = Set<String>()
    for text in corpus {
      var word = ""
      for character in text {
        if character == " " {
          word.append(character)
        } else {
          if word.hasSuffix(" ") {
            words.insert(word)
            word = ""
          }
          if character.isNewline {
            if !word.isEmpty { words.insert(word) }
            word = ""
          } else {
            word.append(character)
          }
        }
      }
      if !word.isEmpty { words.insert(word) }
    }
    return words.sorted()
  }()

  /// The plain characters a face has of each script the direct path takes, with those of
  /// Common (which every run may hold), from one pass over the Basic Multilingual Plane.
  static func alphabets(of face: FontID) throws -> [UInt32: [Unicode.Scalar]] {
    let font = try #require(shaper.loadedFont(for: face))
    var common: [Unicode.Scalar] = []
    var byScript: [UInt32: [Unicode.Scalar]] = [:]
    for value in 0x20..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value), DirectShapingPlan.isPlain(scalar.value),
        font.hasGlyph(for: scalar)
      else { continue }
      let own = TextItemizer.script(of: scalar)
      if own == HB_SCRIPT_COMMON {
        common.append(scalar)
      } else if DirectShapingPlan.isDirectScript(own) {
        byScript[own.rawValue, default: []].append(scalar)
      }
    }
    byScript[HB_SCRIPT_COMMON.rawValue] = []
    return byScript.mapValues { $0 + common }
  }

  /// Words of 1 to 9 characters from an alphabet: mostly from its first 80 characters (where
  /// the letters a script uses most, and so its kerning pairs, tend to be), and from all of it.
  static func generatedWords(
    from alphabet: [Unicode.Scalar], count: Int, seed: UInt64
  ) -> [String] {
    guard !alphabet.isEmpty else { return [] }
    var random = SeededRandomNumberGenerator(seed: seed)
    let common = alphabet.filter { $0.value >= 0x41 }.prefix(80)
    let frequent = common.isEmpty ? alphabet[...] : common
    return (0..<count).map { _ in
      var word = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...9, using: &random) {
        let pool = Int.random(in: 0..<4, using: &random) == 0 ? alphabet[...] : frequent
        word.append(pool.randomElement(using: &random)!)
      }
      if Bool.random(using: &random) { word.append(" ") }
      return String(word)
    }
  }

  @Test("every face the fallback picks shapes plain runs as HarfBuzz does, bit for bit")
  func facesAgreeWithHarfBuzz() throws {
    #expect(Self.faces.count > 3)
    var compared = 0
    for (index, face) in Self.faces.enumerated() {
      let alphabets = try Self.alphabets(of: face)
      for (tag, script, languages) in Self.scripts {
        guard let alphabet = alphabets[script.rawValue], alphabet.count > 1 else { continue }
        let real = Self.corpusWords.filter { word in
          word.unicodeScalars.contains { TextItemizer.script(of: $0) == script }
        }
        let words: [String] =
          Self.generatedWords(from: alphabet, count: 100, seed: UInt64(index * 100 + 7))
          + Array(real.prefix(200))
        for language in languages {
          for word in words {
            let result = Self.shaper.compareDirectShaping(
              word, font: face, script: tag, language: language)
            if case .differs(let difference) = result {
              let path = Self.shaper.fontFace(for: face)?.path ?? "?"
              let message: String =
                "\(path) \(tag) \(language ?? "-") \"\(word)\":\n\(difference)"
              Issue.record(Comment(rawValue: message))
              return
            }
            if result == .agrees { compared += 1 }
          }
        }
      }
    }
    #expect(compared > 10_000)
  }

  @Test("Hangul syllables go direct as HarfBuzz's Hangul shaper shapes them; jamo do not")
  func hangul() throws {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "ko")
    let primary = Self.shaper.primaryFont(for: style)
    let face = Self.shaper.font(for: Unicode.Scalar(0xD55C)!, primary: primary).id
    // Noto Sans CJK's `calt`, which the Hangul shaper turns off, starts at the space; its
    // Korean `locl` puts another space in its place, a single substitution the plan applies
    // itself (it declined before round 14 of issue 26).
    #expect(
      Self.shaper.compareDirectShaping("줄을 ", font: face, script: "Hang", language: nil)
        == .agrees)
    #expect(
      Self.shaper.compareDirectShaping("줄을 ", font: face, script: "Hang", language: "ko")
        == .agrees)
    for language in [nil, "ko"] as [String?] {
      for word in ["한국어", "줄을", "나눕니다", "값"] {
        #expect(
          Self.shaper.compareDirectShaping(word, font: face, script: "Hang", language: language)
            == .agrees, "\(word)")
      }
      // A syllable with a trailing jamo (composed by the Hangul shaper), a leading and a
      // vowel jamo (composed), a tone mark (moved before its syllable), an old syllable.
      for word in ["가\u{11A8}", "\u{1100}\u{1161}", "가\u{302E}", "\u{1112}\u{119E}\u{11AB}"] {
        #expect(
          Self.shaper.compareDirectShaping(word, font: face, script: "Hang", language: language)
            == .declined, "\(word.unicodeScalars.map(\.value))")
      }
    }
  }

  @Test("the direct path takes most words of Latin, Cyrillic and Greek text in DejaVu Sans")
  func takesMostWords() throws {
    let face = Self.shaper.fontID(for: TextStyle(fontFamily: "DejaVu Sans", size: 17))
    for (tag, script) in [("Latn", HB_SCRIPT_LATIN), ("Cyrl", HB_SCRIPT_CYRILLIC)] {
      let words = Self.corpusWords.filter { word in
        word.unicodeScalars.allSatisfy {
          let own = TextItemizer.script(of: $0)
          return own == script || own == HB_SCRIPT_COMMON
        }
      }
      #expect(words.count > 200)
      let taken = words.filter {
        Self.shaper.compareDirectShaping($0, font: face, script: tag, language: nil) == .agrees
      }
      #expect(
        Double(taken.count) > 0.8 * Double(words.count), "\(tag): \(taken.count)/\(words.count)")
    }
  }

  /// DejaVu Sans's `liga` joins f with i, l or f (HarfBuzz draws "fi" as one glyph); any other
  /// glyph after an f leaves it alone.
  @Test(
    "an f goes direct where no ligature of DejaVu Sans can start with it, and not where one can",
    arguments: [
      ("of", true), ("after", true), ("fox", true), ("fine", false), ("flow", false),
      ("off", false),
    ])
  func ligatureStarts(word: String, isTaken: Bool) throws {
    let style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
    let face = Self.shaper.fontID(for: style)
    let result = Self.shaper.compareDirectShaping(word, font: face, script: "Latn", language: nil)
    #expect(result == (isTaken ? .agrees : .declined))
    // The words declined do form a ligature: fewer glyphs than characters.
    let glyphs = Self.shaper.shape(word[...], style: style, isRightToLeft: false).runs
      .reduce(0) { $0 + $1.glyphs.count }
    #expect((glyphs < word.count) == !isTaken)
  }

  @Test("the common letters taken as plain without a lookup are plain by their properties")
  func commonLetters() {
    var count = 0
    for value in UInt32(0x80)..<0x11_0000 where DirectShapingPlan.isCommonLetter(value) {
      #expect(DirectShapingPlan.isPlainByProperties(value), "U+\(String(value, radix: 16))")
      count += 1
    }
    // Latin-1 and Extended-A, Greek, Cyrillic, kana, ideographs and Hangul.
    #expect(count == 23 + 31 + 136 + 17 + 7 + 25 + 64 + 86 + 90 + 20_941 + 11_172)
  }

  /// The direct path maps characters through its own table of each face's character map; the
  /// table must be HarfBuzz's nominal glyph (the shaping font's own) for every code point, a
  /// glyph where HarfBuzz has one and none where it has none.
  @Test("a face's character map table is HarfBuzz's nominal glyph for every code point")
  func characterMapIsHarfBuzzs() throws {
    var mapped = 0
    for face in Self.faces {
      let font = try #require(Self.shaper.loadedFont(for: face))
      let hbFont = font.harfBuzz.font
      let map = CharacterMap(face: hb_font_get_face(hbFont))
      var differences: [String] = []
      for value in UInt32(0)..<0x11_0000 {
        var glyph: hb_codepoint_t = 0
        let expected = hb_font_get_nominal_glyph(hbFont, value, &glyph) != 0 ? glyph : 0
        let actual = map.glyph(for: value)
        if actual != expected, differences.count < 5 {
          differences.append("U+\(String(value, radix: 16)): \(actual), HarfBuzz \(expected)")
        }
        if actual != 0 { mapped += 1 }
      }
      #expect(differences.isEmpty, "\(font.file.path): \(differences)")
      // Past the last code point, nothing.
      #expect(map.glyph(for: 0x11_0000) == 0 && map.glyph(for: .max) == 0)
    }
    // DejaVu Sans alone maps some 6,000 code points; the CJK faces tens of thousands.
    #expect(mapped > 50_000)
  }

  @Test("a face's table of advances is HarfBuzz's advance of every glyph")
  func advancesAreHarfBuzzs() throws {
    var compared = 0
    for face in Self.faces {
      let font = try #require(Self.shaper.loadedFont(for: face))
      let hbFont = font.harfBuzz.font
      let advances = try #require(HorizontalAdvances(face: hb_font_get_face(hbFont)))
      #expect(advances.glyphCount == Int(hb_face_get_glyph_count(hb_font_get_face(hbFont))))
      var differences: [String] = []
      for glyph in 0..<UInt32(advances.glyphCount) {
        let expected = hb_font_get_glyph_h_advance(hbFont, glyph)
        if advances.advance(of: glyph) != expected, differences.count < 5 {
          differences.append("glyph \(glyph): \(advances.advance(of: glyph)), HarfBuzz \(expected)")
        }
        compared += 1
      }
      #expect(differences.isEmpty, "\(font.file.path): \(differences)")
    }
    #expect(compared > 50_000)
  }

  /// A measure's fields, bit for bit, with what it knows of its edges, as text to compare.
  static func describe(_ measure: ShapedMeasure) -> String {
    var parts = [
      measure.advance, measure.hangingAdvance, measure.ascent, measure.descent, measure.lineGap,
    ].map { String($0.bitPattern, radix: 16) }
    parts.append("\(measure.uncoveredCharacterCount) \(measure.mayKernWithNext)")
    if let edges = measure.directEdges {
      parts.append(
        "\(edges.scale.bitPattern) \(edges.plan) \(edges.firstGlyph) \(edges.firstUnits) "
          + "\(edges.lastGlyph) \(edges.lastUnits) \(edges.firstHasOwnScript) "
          + "\(edges.lastHasOwnScript) \(edges.isOneCharacter)")
    }
    return parts.joined(separator: " ")
  }

  @Test("a miss shaped by the lean direct path is the general path's, glyphs, clusters and measure")
  func leanMissesAgree() throws {
    // Words of the corpus, and generated words from the alphabets of the faces the fallback
    // picks for DejaVu Sans (Latin, Cyrillic, Greek, Han, kana, Hangul), alone and in a
    // language whose plans differ.
    var words = Self.corpusWords
    let primary = Self.shaper.primaryFont(
      for: TextStyle(fontFamily: "DejaVu Sans", size: 17, language: "ja"))
    var faces = Set<Int>()
    for value in [0x61, 0x436, 0x3B1, 0x6F22, 0x3042, 0x30AB, 0xD55C] {
      faces.insert(Self.shaper.font(for: Unicode.Scalar(value)!, primary: primary).id.rawValue)
    }
    for (index, face) in faces.sorted().enumerated() {
      for (script, alphabet) in try Self.alphabets(of: FontID(rawValue: face))
      where script != HB_SCRIPT_COMMON.rawValue {
        words += Self.generatedWords(
          from: alphabet, count: 40, seed: UInt64(index) * 1_000 + UInt64(script % 997))
      }
    }
    var lean = 0
    for language in [nil, "ja", "ko"] as [TextLanguage?] {
      let style = TextStyle(fontFamily: "DejaVu Sans", size: 17, language: language)
      // Shaped and measured by shapers of their own, so that each is a miss.
      let shapers = (0..<4).map { HarfBuzzShaper(shapesMissesLean: $0 % 2 == 0) }
      for word in words {
        let piece = word[...]
        let leanMeasure = shapers[0].measure(piece, style: style, isRightToLeft: false)
        let generalMeasure = shapers[1].measure(piece, style: style, isRightToLeft: false)
        #expect(
          Self.describe(leanMeasure) == Self.describe(generalMeasure),
          "\(language?.identifier ?? "-") \(word)")
        let leanText = shapers[2].shape(piece, style: style, isRightToLeft: false)
        let generalText = shapers[3].shape(piece, style: style, isRightToLeft: false)
        #expect(leanText == generalText, "\(language?.identifier ?? "-") \(word)")
        if leanMeasure.directEdges != nil { lean += 1 }
      }
    }
    // Most words are one item shaped directly: the path was taken.
    #expect(Double(lean) > 0.5 * Double(3 * words.count), "\(lean) of \(3 * words.count)")
  }

  @Test("layouts of the corpus have the same lines with and without the direct path")
  func sameLines() throws {
    let direct = TextLayoutEngine(
      shaper: HarfBuzzShaper(shapesDirectly: true), analyzer: ICUAnalyzer())
    let reference = TextLayoutEngine(
      shaper: HarfBuzzShaper(shapesDirectly: false), analyzer: ICUAnalyzer())
    #expect(Self.corpus.count > 500)
    for string in Self.corpus {
      let text = StyledText(string)
      for width in [90.0, 320] {
        for limit in [nil, 3] as [Int?] {
          let configuration = LayoutConfiguration(
            width: width, lineLimit: limit.map { .lines($0) } ?? .unlimited)
          let ours = LayoutDump.dump(try direct.layout(text, configuration: configuration))
          let theirs = LayoutDump.dump(try reference.layout(text, configuration: configuration))
          #expect(ours == theirs, "\(string)")
          if ours != theirs { return }
        }
      }
    }
  }
}
