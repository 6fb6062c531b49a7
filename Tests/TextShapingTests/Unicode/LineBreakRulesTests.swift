import Foundation
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// `LineBreakRules` must give exactly what ICU's iterator gives, wherever it answers at all.
@Suite struct LineBreakRulesTests {
  /// The analyzer without the rules: ICU's iterator alone, the reference.
  let iterator = ICUAnalyzer(locale: "", usesRules: false)

  /// The rules' answer for a whole text and the iterator's.
  func compare(
    _ text: String, upTo limit: Int = .max
  ) -> (rules: [LineBreakOpportunity]?, icu: [LineBreakOpportunity]) {
    var copy = text
    let rules = copy.withUTF8 { LineBreakRules.lineBreaks(in: $0, upTo: limit) }
    return (rules, iterator.lineBreaks(in: text[...], upTo: limit))
  }

  @Test("Classes come from ICU's data, with LB1 applied and OP and CP split by width")
  func classes() {
    #expect(LineBreakClass.count == LineBreakClass.allCases.count)
    let expected: [(Unicode.Scalar, LineBreakClass)] = [
      ("a", .alphabetic), ("ж", .alphabetic), ("·", .alphabetic), ("\u{0378}", .alphabetic),
      ("א", .hebrewLetter), ("你", .ideographic), ("ー", .nonstarter), ("ッ", .nonstarter),
      (" ", .space), ("\u{301}", .combiningMark), ("\u{A0}", .glue), ("(", .openPunctuation),
      ("（", .wideOpenPunctuation), (")", .closeParenthesis), ("。", .closePunctuation),
      ("）", .closePunctuation), ("«", .quotation), ("%", .postfixNumeric),
      ("$", .prefixNumeric), ("7", .numeric), ("-", .hyphen), ("/", .symbol),
      (",", .infixSeparator), ("!", .exclamation), ("…", .inseparable), ("—", .breakBoth),
      ("|", .breakAfter), ("´", .breakBefore), ("\n", .other), ("\u{200B}", .other),
      ("\u{200D}", .other), ("ก", .other), ("한", .hangulSyllable), ("각", .hangulSyllable),
      ("\u{1100}", .other), ("\u{1161}", .other), ("\u{11A8}", .other), ("\u{2060}", .other),
    ]
    for (scalar, lineBreakClass) in expected {
      #expect(
        LineBreakClass.basicMultilingualPlane[Int(scalar.value)] == lineBreakClass,
        "U+\(String(scalar.value, radix: 16, uppercase: true))")
    }
  }

  @Test("Common text in many scripts is broken by the rules, exactly as ICU breaks it")
  func realText() {
    let texts = [
      "The engine (version 3.11) breaks \"quoted\" words, e-mail addresses and 1,234.56 numbers;"
        + " 50% off $100 — see https://example.org/a-b?c=d!",
      "Быстрая «коричневая» лиса, перепрыгнувшая через ленивую собаку: 2024-й год.",
      "Η γρήγορη καφέ αλεπού (που πηδά) πάνω από τον τεμπέλη σκύλο· τέλος.",
      "排版引擎在单词之间换行。「引号」和（括号）、逗号，句号。ファイル「テスト」をインストールしています…",
      "מנוע הפריסה שובר שורות בין מילים, וגם במקף־עברי ובמספרים 3.14.",
      "محرك التخطيط يكسر الأسطر بين الكلمات، وَيُعَالِجُ التَّشْكِيل أيضاً.",
      "배치 엔진은 단어 사이에서 줄을 바꿉니다(한 줄씩). 가격은 $100, ₩한국, 한국% 할인!「인용」…",
    ]
    for text in texts {
      let (rules, icu) = compare(text)
      #expect(rules == icu, "\(text)")
    }
  }

  @Test("Text with a class left to ICU gets no answer from the rules")
  func leftToICU() {
    for text in [
      "two\nlines", "zero\u{200B}width", "ภาษาไทย", "\u{1100}\u{1161}", "한\u{11A8}", "emoji 😀",
      "a\u{200D}b",
    ] {
      #expect(compare(text).rules == nil, "\(text)")
    }
    // Only what lies up to the limit counts.
    #expect(
      compare("plain words then\nnewline", upTo: 6).rules
        == [LineBreakOpportunity(offset: 6, isMandatory: false)])
  }

  @Test("Every LineBreakTest.txt case the rules answer, they answer as ICU does")
  func conformanceCases() throws {
    let contents = try String(contentsOfFile: LineBreakTestFile.path, encoding: .utf8)
    var answered = 0
    for testCase in LineBreakTestFile(contents: contents).cases {
      let (rules, icu) = compare(testCase.text)
      guard let rules else { continue }
      answered += 1
      #expect(rules == icu, "line \(testCase.line): \(testCase.comment)")
    }
    // The rules must answer a good share of the cases, or this test proves little.
    #expect(answered > 2_500)
  }

  @Test("Random strings of every class the rules know break as ICU breaks them")
  func randomStrings() {
    // Several characters of each class the rules handle, with marks, spaces and wide brackets.
    let alphabet = Array(
      "aZж7·א" + "你ー" + "한각" + "  " + "\u{301}\u{5B4}" + "\u{A0}|´—-‐…!?,.:;/" + "(（[)）]。」「"
        + "'\"«»“"
        + "$+%°" + "0١")
    var generator = SeededRandomNumberGenerator(seed: 1_414)
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...8, using: &generator)
      let text = String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
      let limit =
        Bool.random(using: &generator) ? Int.max : Int.random(in: 1...24, using: &generator)
      let (rules, icu) = compare(text, upTo: limit)
      #expect(rules != nil)
      if let rules, rules != icu {
        let points = text.unicodeScalars.map { String($0.value, radix: 16) }
        mismatches.append(
          "\(points) limit \(limit): rules \(rules.map(\.offset)), ICU \(icu.map(\.offset))")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
  }
}
