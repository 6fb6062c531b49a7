import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Rule LB25 as the standard's regular expression, from which LineBreakTest.txt is made: an
/// infix separator binds the digit after it only inside a number or where it starts one, so
/// `a.2`, `%.250s` and `1b,2` may break before the digit, as Pango breaks them (issue 27), and
/// numbers never break inside. ICU 72 applies the pair IS × NU everywhere; the Swift rules and
/// ICU's iterator (text with Hangul goes to it) must both follow the expression.
@Suite struct NumberBreakTests {
  static let analyzers = [
    ("rules", ICUAnalyzer(locale: "", usesRules: true)),
    ("iterator", ICUAnalyzer(locale: "", usesRules: false)),
  ]

  /// Texts with a separator no number precedes, and the offset of the digit after it.
  static let looseSeparators: [(text: String, digit: Int)] = [
    ("a.2", 2),
    ("see a.2 b", 6),
    ("%.250s", 2),
    ("`%.250s'", 3),
    ("sort -k 1b,2", 11),
    ("a\u{308}.2", 4),  // a mark on the letter before the separator
    ("a.\u{308}2", 4),  // and on the separator
    ("파일 %.250s를", 9),
    ("%.250s' のバックアップ", 2),
  ]

  @Test("a line may break between a separator and a digit when no number precedes it")
  func looseSeparator() {
    for (name, analyzer) in Self.analyzers {
      for (text, digit) in Self.looseSeparators {
        let offsets = analyzer.lineBreaks(in: text[...]).map(\.offset)
        #expect(offsets.contains(digit), "\(name): \(text) \(offsets)")
      }
    }
  }

  /// Texts with numbers, and each number's UTF-8 range, inside which no line breaks.
  static let numbers: [(text: String, number: Range<Int>)] = [
    ("3.14", 0..<4),
    ("pi is 3.14 or so", 6..<10),
    ("1,000 items", 0..<5),
    ("it costs $(12.35) now", 9..<17),
    ("12.54¢ each", 0..<7),
    (".35", 0..<3),
    ("equals .35 cents", 7..<10),
    ("(.5)", 0..<4),
    ("-.5 degrees", 0..<3),
    ("version 1.2.3,4", 8..<15),
    ("값은 3.14입니다", 7..<11),
  ]

  @Test("numbers still never break inside")
  func numbersStayWhole() {
    for (name, analyzer) in Self.analyzers {
      for (text, number) in Self.numbers {
        let offsets = analyzer.lineBreaks(in: text[...]).map(\.offset)
        let inside = offsets.filter { $0 > number.lowerBound && $0 < number.upperBound }
        #expect(inside.isEmpty, "\(name): \(text) breaks at \(inside)")
      }
    }
  }

  @Test("the quick check before the iterator's answer is amended knows every separator")
  func everySeparator() {
    let separators = (0..<0x1_0000).compactMap(Unicode.Scalar.init).filter {
      LineBreakClass.basicMultilingualPlane[Int($0.value)] == .infixSeparator
    }
    #expect(separators.count > 10)
    for separator in separators {
      var text = String(separator) + "5"
      let found = text.withUTF8 { LineBreakRules.mayHoldSeparatorBeforeDigit($0, upTo: $0.count) }
      #expect(found, "U+\(String(separator.value, radix: 16, uppercase: true))")
    }
  }

  @Test("breaks up to a limit are the whole text's, the added ones too")
  func limited() {
    let text = "sort -k 1b,2 and `%.250s' twice: `%.250s' 파일"
    for (name, analyzer) in Self.analyzers {
      let whole = analyzer.lineBreaks(in: text[...])
      for limit in 1...text.utf8.count {
        let part = analyzer.lineBreaks(in: text[...], upTo: limit)
        #expect(part == whole.filter { $0.offset <= limit }, "\(name) up to \(limit)")
      }
    }
  }
}
