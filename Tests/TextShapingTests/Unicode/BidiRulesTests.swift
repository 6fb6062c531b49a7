import CICUShim
import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// `BidiRules` must give exactly what ICU's `ubidi` gives, wherever it answers at all.
@Suite struct BidiRulesTests {
  let analyzer = ICUAnalyzer()

  /// The three paragraph directions, as `trs_bidi_runs` and BidiCharacterTest.txt number them.
  static let directions = [
    Int32(trs_direction_ltr), Int32(trs_direction_rtl), Int32(trs_direction_natural),
  ]

  /// The rules' answer for a paragraph and ICU's.
  func compare(
    _ text: String, direction: Int32
  ) throws -> (rules: BidiAnalysis?, icu: BidiAnalysis) {
    var copy = text
    return try copy.withUTF8 { bytes in
      (
        BidiRules.levels(in: bytes, direction: direction),
        try analyzer.icuBidiLevels(inUTF8: bytes, direction: direction)
      )
    }
  }

  /// A readable account of a text and the two answers, for failure messages.
  static func describe(
    _ text: String, direction: Int32, _ rules: BidiAnalysis?, _ icu: BidiAnalysis
  ) -> String {
    let points = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
    func runs(_ analysis: BidiAnalysis?) -> String {
      guard let analysis else { return "nil" }
      let runs = analysis.runs.map { "\($0.range.lowerBound)..<\($0.range.upperBound):\($0.level)" }
      return "\(analysis.paragraphLevel) \(runs.joined(separator: " "))"
    }
    return
      "\(points.joined(separator: " ")) dir \(direction): rules \(runs(rules)), ICU \(runs(icu))"
  }

  @Test("Classes come from ICU's data, with paired brackets apart and explicit controls left out")
  func classes() {
    let expected: [(Unicode.Scalar, BidiClass)] = [
      ("a", .leftToRight), ("中", .leftToRight), ("\u{200E}", .leftToRight),
      ("א", .rightToLeft), ("\u{200F}", .rightToLeft), ("ا", .arabicLetter),
      ("\u{61C}", .arabicLetter), ("7", .europeanNumber), ("۱", .europeanNumber),
      ("+", .europeanSeparator), ("\u{2212}", .europeanSeparator), ("%", .europeanTerminator),
      ("#", .europeanTerminator), ("١", .arabicNumber), (",", .commonSeparator),
      ("\u{A0}", .commonSeparator), ("\u{301}", .nonspacingMark), ("\u{64B}", .nonspacingMark),
      ("\u{AD}", .boundaryNeutral), ("\u{200B}", .boundaryNeutral),
      ("\u{200D}", .boundaryNeutral), ("\t", .segmentSeparator), (" ", .whitespace),
      ("\u{C}", .whitespace), ("!", .otherNeutral), ("«", .otherNeutral),
      ("(", .openingBracket), (")", .closingBracket), ("[", .openingBracket),
      ("}", .closingBracket), ("\u{2329}", .openingBracket), ("\u{3009}", .closingBracket),
      ("\n", .unsupported), ("\u{2029}", .unsupported), ("\u{202B}", .unsupported),
      ("\u{202C}", .unsupported), ("\u{2067}", .unsupported), ("\u{2069}", .unsupported),
    ]
    for (scalar, bidiClass) in expected {
      #expect(
        BidiClass.basicMultilingualPlane[Int(scalar.value)] == bidiClass,
        "U+\(String(scalar.value, radix: 16, uppercase: true))")
    }
    // The rules look brackets up in the BMP table only.
    let astralBrackets = (0x1_0000...0x10_FFFF).filter {
      let bidiClass = BidiClass(codePoint: Int32($0))
      return bidiClass == .openingBracket || bidiClass == .closingBracket
    }
    #expect(astralBrackets.isEmpty)
  }

  @Test("The table of short sequences agrees with the class of every character of one or two bytes")
  func shortSequences() {
    let sequences = BidiClass.shortSequences
    for scalar in (0..<0x800).compactMap(Unicode.Scalar.init) {
      let bytes = Array(String(scalar).utf8)
      let expected = BidiClass.basicMultilingualPlane[Int(scalar.value)]
      // Whatever byte follows a character of one byte, and any continuation byte.
      for second in bytes.count == 1 ? [0x00, 0x41, 0x80, 0xD7] : [bytes[1]] {
        let entry = sequences[Int(second) << 8 | Int(bytes[0])]
        #expect(entry == expected.rawValue | UInt8(bytes.count) << 4, "U+\(scalar.value)")
      }
    }
    // A lead byte of three or four bytes, or a continuation byte, starts no short sequence.
    for first in [0x80, 0xBF, 0xC0, 0xE0, 0xEF, 0xF0, 0xF4] {
      #expect(sequences[0x80 << 8 | first] == BidiClass.unsupported.rawValue)
    }
  }

  @Test("Every BidiCharacterTest.txt case the rules answer, they answer as ICU does")
  func conformanceCases() throws {
    let contents = try String(contentsOfFile: BidiCharacterTestFile.path, encoding: .utf8)
    let file = BidiCharacterTestFile(contents: contents)
    #expect(file.cases.count > 90_000)
    var answered = 0
    var agreeingWithFile = 0
    var deviations: [String] = []
    var mismatches: [String] = []
    for testCase in file.cases {
      let (rules, icu) = try compare(testCase.text, direction: testCase.direction)
      guard let rules else { continue }
      answered += 1
      if rules != icu {
        mismatches.append(
          "line \(testCase.line): "
            + Self.describe(testCase.text, direction: testCase.direction, rules, icu))
        continue
      }
      // Where ICU conforms, so do the rules.
      if let deviation = BidiCharacterTestFile.icuDeviations[testCase.line] {
        deviations.append(deviation)
      } else {
        #expect(rules.paragraphLevel == testCase.paragraphLevel, "line \(testCase.line)")
        #expect(testCase.levels(of: rules) == testCase.expectedLevels, "line \(testCase.line)")
        agreeingWithFile += 1
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
    // The rules must answer most cases (those without explicit embeddings, overrides and
    // isolates), or this test proves little.
    #expect(answered > 90_000)
    #expect(agreeingWithFile == answered - deviations.count)
    // Every deviation but the one the rules leave to ICU.
    #expect(deviations.count == BidiCharacterTestFile.icuDeviations.count - 1)
  }

  @Test("ICU deviates from BidiCharacterTest.txt exactly where the skip list says")
  func skipList() throws {
    let contents = try String(contentsOfFile: BidiCharacterTestFile.path, encoding: .utf8)
    for testCase in BidiCharacterTestFile(contents: contents).cases {
      let hasExplicitControls = testCase.text.unicodeScalars.contains {
        (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      }
      guard !hasExplicitControls else { continue }
      var text = testCase.text
      let icu = try text.withUTF8 {
        try analyzer.icuBidiLevels(inUTF8: $0, direction: testCase.direction)
      }
      let conforms =
        icu.paragraphLevel == testCase.paragraphLevel
        && testCase.levels(of: icu) == testCase.expectedLevels
      #expect(
        conforms == (BidiCharacterTestFile.icuDeviations[testCase.line] == nil),
        "line \(testCase.line)")
    }
  }

  @Test("Random strings of every class the rules know get ICU's levels in every direction")
  func randomStrings() throws {
    // Weighted: characters that appear several times are drawn more often.
    let alphabet = Array(
      "אבגאב" + "اباب" + "\u{61C}\u{200E}\u{200F}" + "abcab" + "中" + "1212۱" + "١٢\u{66B}"
        + "+-/,.:%$#\u{A0}\u{2212}°\u{60C}" + "     \t\u{B}\u{C}\u{2028}"
        + "\u{64B}\u{5B0}\u{301}\u{301}" + "\u{AD}\u{200B}\u{200C}\u{200D}"
        + "()()()[][]{}\u{2329}\u{232A}\u{3008}\u{3009}\u{2329}\u{3009}\u{3008}\u{232A}"
        + "\"'«»!?*@~\u{201C}" + "😀𐤀𝐀" + "\u{FB50}\u{20D6}\u{3000}")
    var generator = SeededRandomNumberGenerator(seed: 9_009)
    var mismatches: [String] = []
    var answered = 0
    let count = 25_000
    for _ in 0..<count {
      let length = Int.random(in: 1...14, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      for direction in Self.directions {
        let (rules, icu) = try compare(text, direction: direction)
        guard let rules else { continue }
        answered += 1
        if rules != icu {
          mismatches.append(Self.describe(text, direction: direction, rules, icu))
        }
      }
    }
    #expect(answered == 3 * count)
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
  }

  @Test(
    "Long random paragraphs, whose runs of one class may outgrow a first buffer, get ICU's levels")
  func longRandomStrings() throws {
    // Separators and brackets each make a run of their own, letters and spaces merge.
    let alphabet = Array(
      "אבאבابab12١٢" + ",,,..::++--%%" + "  \t" + "\u{301}\u{64B}\u{200B}"
        + "(()[]{}\u{2329}\u{3009}"
        + "!?\"'😀")
    var generator = SeededRandomNumberGenerator(seed: 4_040)
    var mismatches: [String] = []
    for _ in 0..<600 {
      let length = Int.random(in: 20...400, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      for direction in Self.directions {
        let (rules, icu) = try compare(text, direction: direction)
        #expect(rules != nil)
        if let rules, rules != icu {
          mismatches.append(Self.describe(text, direction: direction, rules, icu))
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(5))")
  }

  /// Texts where ICU's answer is easy to get wrong: its shortcut for text of one direction,
  /// bracket pairs whose resolution depends on earlier pairs, canonically equivalent brackets,
  /// marks after brackets, BN characters, segment separators and whitespace before them.
  static let trickyTexts = [
    // ICU sets everything to the paragraph level when it finds no R, AL or neutral with an AN.
    "١", "a١", "١٢", "a b١", "ab cd١", "ab  cd١", "ab\u{AD}cd١", "a ١", "a\u{301}١", "1١",
    "a\u{AD}١", "a😀١", "𝐀١", "١ ", "a-١",
    // N0c with the context of earlier pairs, nested and sequential.
    "ab(cd[&ef]!)gh", "אב(גד[&ef]!)gh", "abc[(latin) עברית]", "א(ב)[c]d", "a(ב)[ג]d",
    "א (a) (b) (c)", "a [א (b) ג] d", "((a)) א", "א ((b))", "1(א)2", "(1)", "א(1)", "a(١)",
    // U+2329 and U+232A are canonically equivalent to U+3008 and U+3009.
    "a \u{2329}b\u{3009}", "א \u{3008}b\u{232A}", "א\u{2329}\u{232A}a\u{3009}",
    "א\u{3008}\u{3009}a\u{232A}", "א\u{2329}(\u{232A})a\u{3009}",
    // Marks after brackets and spaces, and at the start.
    "א(ב)\u{301}a", "a(b)\u{5B0}א", "\u{301}א", "א \u{301}", "a\u{200D}\u{301}",
    // BN characters inside and around runs, and at the end.
    "א\u{200B}ב", "a\u{200B} א", "א \u{200D}", "\u{AD}", "1\u{AD}2", "א\u{200C}1",
    // Segment separators, with whitespace before them and at the end.
    "abc\tאבג", "אבג \t abc", "a\t", "א  \t ", "1\t2", "א\u{B}b\u{1F}c",
  ]

  @Test("Tricky texts get ICU's levels in every direction", arguments: trickyTexts)
  func trickyText(_ text: String) throws {
    for direction in Self.directions {
      let (rules, icu) = try compare(text, direction: direction)
      #expect(rules == icu, "\(Self.describe(text, direction: direction, rules, icu))")
    }
  }

  @Test("Explicit embeddings, overrides, isolates and paragraph separators are left to ICU")
  func leftToICU() throws {
    let texts = [
      "a\u{202A}b", "a\u{202B}b\u{202C}", "\u{202D}abc", "אב\u{202E}ג", "a\u{2066}b\u{2069}",
      "\u{2067}אב", "a\u{2068}b", "x\u{2069}", "א\nב", "a\u{2029}b", "a\u{1C}b", "\u{85}",
      // 64 nested brackets: BD16 stops at 63, ICU does not.
      "אa" + String(repeating: "(", count: 64) + "b" + String(repeating: ")", count: 64),
    ]
    for text in texts {
      for direction in Self.directions {
        #expect(try compare(text, direction: direction).rules == nil, "\(text.debugDescription)")
      }
    }
    // 63 are fine.
    let nested = "אa" + String(repeating: "(", count: 63) + "b" + String(repeating: ")", count: 63)
    for direction in Self.directions {
      let (rules, icu) = try compare(nested, direction: direction)
      #expect(rules != nil && rules == icu)
    }
  }

  @Test("The analyzer gives ICU's levels for real paragraphs, through the rules")
  func realParagraphs() throws {
    let paragraphs = [
      "מנוע הפריסה (גרסה 3.11) שובר שורות בין מילים, וגם במקף־עברי ובמספרים 3.14 ו-50%.",
      "محرك التخطيط [الإصدار ٣٫١١] يكسر الأسطر بين الكلمات، وَيُعَالِجُ التَّشْكِيل (أيضاً) 2024.",
      "The word \"שלום\" (shalom) means peace; \"سلام\" (salaam) too — see page 12.",
      "قال: \"مرحبا\" ثم كتب email@example.com في {النموذج} رقم 42 بتاريخ 2024/05/01.",
      "ספר (The Book, 2nd ed.) [עמ' 7–9] 😀 — \t טבלה: 1, 2, 3.   ",
      "\u{200F}(abc) 123 (דבר) [x] {y}",
    ]
    for paragraph in paragraphs {
      for direction in [ParagraphDirection.leftToRight, .rightToLeft, .natural] {
        let requested: Int32 =
          switch direction {
          case .leftToRight: Int32(trs_direction_ltr)
          case .rightToLeft: Int32(trs_direction_rtl)
          case .natural: Int32(trs_direction_natural)
          }
        let (rules, icu) = try compare(paragraph, direction: requested)
        #expect(rules != nil, "\(paragraph)")
        let analysis = analyzer.bidiLevels(in: paragraph[...], direction: direction)
        #expect(analysis == icu, "\(Self.describe(paragraph, direction: requested, rules, icu))")
      }
    }
  }
}

/// The cases of the Unicode Consortium's BidiCharacterTest.txt (UAX #9 conformance data).
///
/// Each case line holds code points, the paragraph direction (0 left to right, 1 right to left,
/// 2 from the first strong character), the resolved paragraph level, the resolved level of each
/// code point (`x` for those X9 removes) and the visual order, separated by semicolons.
struct BidiCharacterTestFile {
  /// Where Debian's unicode-data package installs the file.
  static let path = "/usr/share/unicode/BidiCharacterTest.txt"

  /// The cases where ICU 72 gives other levels than the file, with the reason.
  static let icuDeviations: [Int: String] = {
    let markAfterBracket =
      "ICU leaves a nonspacing mark after a bracket pair ON instead of giving it the pair's type"
      + " (N0)"
    let deepBrackets =
      "BD16's bracket stack holds 63 entries, ICU's has no limit (the rules answer nil)"
    return [
      83: markAfterBracket, 84: markAfterBracket, 85: markAfterBracket, 86: markAfterBracket,
      87: markAfterBracket, 88: markAfterBracket, 102: markAfterBracket, 108: markAfterBracket,
      113: markAfterBracket, 120: deepBrackets,
    ]
  }()

  /// One test case.
  struct Case {
    /// The 1-based line number in the file.
    var line: Int
    /// The text made of the case's code points.
    var text: String
    /// The paragraph direction, as a `trs_direction_*` value.
    var direction: Int32
    /// The resolved paragraph level.
    var paragraphLevel: UInt8
    /// The resolved level of each code point, `nil` for those X9 removes.
    var expectedLevels: [UInt8?]

    /// The level of each code point in an analysis, `nil` where the file expects none.
    func levels(of analysis: BidiAnalysis) -> [UInt8?] {
      var offset = 0
      var levels: [UInt8?] = []
      for (scalar, expected) in zip(text.unicodeScalars, expectedLevels) {
        let run = analysis.runs.first { $0.range.contains(offset) }
        levels.append(expected == nil ? nil : run?.level)
        offset += String(scalar).utf8.count
      }
      return levels
    }
  }

  var cases: [Case] = []

  /// Parses the file's text.
  init(contents: String) {
    for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let first = line.first, first != "#" else { continue }
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count == 5, let direction = Int32(fields[1]),
        let paragraphLevel = UInt8(fields[2])
      else { continue }
      var text = ""
      for field in fields[0].split(separator: " ") {
        guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else {
          continue
        }
        text.unicodeScalars.append(scalar)
      }
      let levels = fields[3].split(separator: " ").map { UInt8($0) }
      cases.append(
        Case(
          line: index + 1, text: text, direction: direction, paragraphLevel: paragraphLevel,
          expectedLevels: levels))
    }
  }
}
