@_spi(Backend) import TextLayout

/// UAX #14 line breaking for the common classes, in Swift, over ICU's class data.
///
/// ICU's rule-based iterator costs about 130 instructions a byte, which made it the largest part
/// of laying out a short text. Most text uses a few classes whose rules need little context: the
/// last class that is not a space and whether spaces follow it, which a table of class pairs
/// answers; rarely the class before it, a hyphen that starts a word or a number in progress; and
/// for two rules, one or two characters ahead. This type applies those rules (LB7, LB9, LB10 and
/// LB12 to LB31 as ICU 72 has them, LB26 aside: Hangul syllables, not conjoining jamo, see
/// ``State/breaks(before:)``) in one pass. A text with a code
/// point of any other class, or outside the Basic Multilingual Plane, gets `nil` and goes to ICU's
/// iterator. Tests hold the two to the same answers on LineBreakTest.txt, on real text and on
/// random strings.
enum LineBreakRules {
  /// The break opportunities of UTF-8 text up to an offset, or `nil` when a code point up to
  /// there needs ICU's iterator.
  ///
  /// - Parameters:
  ///   - bytes: Valid UTF-8 text; what lies after `limit` is read only to settle a break at
  ///     `limit` (rules LB15c and LB25 look one or two characters ahead).
  ///   - limit: The largest offset to report.
  /// - Returns: The opportunities as ``ICUAnalyzer/analyzeLineBreaks(in:upTo:)`` gives them,
  ///   none mandatory, or `nil`.
  static func lineBreaks(
    in bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int
  ) -> [LineBreakOpportunity]? {
    let count = bytes.count
    guard count > 0, limit > 0 else { return [] }
    return LineBreakClass.basicMultilingualPlane.withUnsafeBufferPointer { table in
      Self.pairs.withUnsafeBufferPointer { pairs in
        var breaks: [LineBreakOpportunity] = []
        breaks.reserveCapacity(min(count, limit) / 3 + 2)  // one a CJK character
        var state = State()
        // A break that depends on whether a number follows, if `pending.offset` is not -1.
        var pending = Pending(offset: -1, rule: .never)
        var offset = 0
        while offset < count {
          var scalar = UInt32(bytes[offset])
          var length = 1
          if scalar >= 0x80 {
            guard scalar < 0xF0 else { return nil }  // outside the BMP
            length = scalar < 0xE0 ? 2 : 3
            scalar &= 0x7F >> UInt32(length)
            for index in 1..<length {
              scalar = scalar << 6 | UInt32(bytes[offset + index] & 0x3F)
            }
          }
          var next = table[Int(scalar)]
          switch next {
          case .other:
            return nil
          case .combiningMark where offset > 0 && !state.afterSpaces:
            offset += length  // LB9: a mark takes its base's class, with no break before it
            continue
          case .combiningMark:
            next = .alphabetic  // LB10
          default:
            break
          }
          if pending.offset >= 0 {
            switch pending.settle(next) {
            case .always:
              breaks.append(LineBreakOpportunity(offset: pending.offset, isMandatory: false))
              pending.offset = -1
            case .never: pending.offset = -1
            case .beforeDigit, .unlessBeforeDigit: pending.sawInfix = true
            }
          }
          if offset > limit {
            // Past the limit only to settle a pending break.
            guard pending.offset >= 0 else { break }
            offset += length
            continue
          }
          if next == .space {
            state.passSpace()  // LB7: no break before a space
          } else {
            let decision =
              offset == 0
              ? .never
              : state.needsContext
                ? state.breaks(before: next)
                : pairs[state.pairRow + Int(next.rawValue)]
            switch decision {
            case .always: breaks.append(LineBreakOpportunity(offset: offset, isMandatory: false))
            case .never: break
            case .beforeDigit, .unlessBeforeDigit: pending = Pending(offset: offset, rule: decision)
            }
            state.pass(next, isHyphen: next == .hyphen || scalar == 0x2010)
          }
          offset += length
          // The rest of the word, and the words of the same letters after it, go in a tight
          // loop (see endOfWords).
          if next.isLetter {
            offset = Self.endOfWords(
              of: next, in: bytes, from: offset, upTo: limit, table: table, breaks: &breaks)
          } else if next == .ideographic || next == .hangulSyllable {
            // Likewise a line may break between any two ideographs, or any two Hangul syllables
            // (LB31), and nothing else changes: three-byte ones go in a tight loop too.
            let end = limit < count ? limit + 1 : count
            while offset < end && offset + 2 < count && bytes[offset] & 0xF0 == 0xE0 {
              let scalar =
                Int(bytes[offset] & 0x0F) << 12 | Int(bytes[offset + 1] & 0x3F) << 6
                | Int(bytes[offset + 2] & 0x3F)
              guard table[scalar] == next else { break }
              breaks.append(LineBreakOpportunity(offset: offset, isMandatory: false))
              offset += 3
            }
          }
        }
        if pending.offset >= 0 && pending.settle(.other) == .always {
          breaks.append(LineBreakOpportunity(offset: pending.offset, isMandatory: false))
        }
        if offset >= count && count <= limit {
          breaks.append(LineBreakOpportunity(offset: count, isMandatory: false))  // LB3
        }
        return breaks
      }
    }
  }

  /// Where a run of words of letters of class `letter` (one or two bytes each) ends, from
  /// `offset`, looking at letters that start at most at `limit`; the break before each word
  /// after the first is appended to `breaks`.
  ///
  /// Between two letters of a class no break falls (LB28); after spaces one always does (LB18),
  /// before a letter of the same class, and the rules keep no context from the spaces or the
  /// letters. The run stops before anything else, which goes through the general step.
  @inline(__always)
  static func endOfWords(
    of letter: LineBreakClass, in bytes: UnsafeBufferPointer<UInt8>, from offset: Int,
    upTo limit: Int, table: UnsafeBufferPointer<LineBreakClass>,
    breaks: inout [LineBreakOpportunity]
  ) -> Int {
    var offset = offset
    let end = limit < bytes.count ? limit + 1 : bytes.count
    /// Whether the letter at `position` (before `end`) is of the class, and its length.
    func letterLength(at position: Int) -> Int {
      let byte = bytes[position]
      if byte < 0x80 {
        // ASCII letters are AL.
        return letter == .alphabetic && (byte | 0x20) &- 0x61 < 26 ? 1 : 0
      }
      guard byte >= 0xC0 && byte < 0xE0 && position + 1 < bytes.count else { return 0 }
      let scalar = Int(byte & 0x1F) << 6 | Int(bytes[position + 1] & 0x3F)
      return table[scalar] == letter ? 2 : 0
    }
    while offset < end {
      var length = letterLength(at: offset)
      if length == 0 {
        // Spaces, then a letter of the class: a new word.
        var next = offset
        while next < end && bytes[next] == 0x20 { next += 1 }
        guard next > offset && next < end else { break }
        length = letterLength(at: next)
        guard length > 0 else { break }
        breaks.append(LineBreakOpportunity(offset: next, isMandatory: false))
        offset = next
      }
      offset += length
    }
    return offset
  }

  /// The break between each two classes, across spaces or not, when nothing before them
  /// matters: ``State/breaks(before:)`` for a state whose ``State/needsContext`` is false.
  /// Row `State.pairRow` holds the break before each class, indexed by its raw value.
  static let pairs: [Break] = {
    var pairs: [Break] = []
    for last in LineBreakClass.allCases {
      for afterSpaces in [false, true] {
        // A state without context: no hyphen, number or letter before `last` matters.
        var state = State()
        state.last = last
        state.pairRow = (Int(last.rawValue) * 2 + (afterSpaces ? 1 : 0)) * LineBreakClass.count
        state.afterSpaces = afterSpaces
        precondition(state.pairRow == pairs.count)
        pairs += LineBreakClass.allCases.map { state.breaks(before: $0) }
      }
    }
    return pairs
  }()

  /// Whether a line may break before a character.
  enum Break {
    case always
    case never
    /// Only if a digit follows the character (LB15c).
    case beforeDigit
    /// Only if no number follows the character: a digit, or an infix separator and a digit
    /// (LB25).
    case unlessBeforeDigit
  }

  /// A break whose rule waits for the characters after the next.
  struct Pending {
    /// Where the break would be.
    var offset: Int
    /// `.beforeDigit` or `.unlessBeforeDigit`.
    var rule: Break
    /// Whether an infix separator came after the character (LB25 lets one precede the digit).
    var sawInfix = false

    /// The break once the character of class `next` follows; `.beforeDigit` or
    /// `.unlessBeforeDigit` when it is still open (see ``afterInfix``).
    func settle(_ next: LineBreakClass) -> Break {
      switch rule {
      case .beforeDigit: return next == .numeric ? .always : .never
      case _ where next == .numeric: return .never
      case _ where next == .infixSeparator && !sawInfix: return rule
      default: return .always
      }
    }

  }

  /// Whether an infix separator after a character of class `before` (`.other` at the start
  /// of the text, `.space` after spaces) starts a number when a digit follows it, as `.35`,
  /// `(.5`, `-.5` and `$.50` do: the start of the text, a space, or a prefix of LB25's
  /// number (OP, HY, PR). ICU 72 and Unicode 15.1's LB15c treat these as numbers; after
  /// anything else (`a.2`, `%.250s`, `1b,2`) no number precedes the separator and a line may
  /// break before the digit.
  @inline(__always)
  static func startsNumber(after before: LineBreakClass) -> Bool {
    switch before {
    case .other, .space, .openPunctuation, .wideOpenPunctuation, .hyphen, .prefixNumeric: true
    default: false
    }
  }

  /// What the rules remember of the text before a position.
  struct State {
    /// The class of the last character that is not a space (a combining mark takes its base's).
    var last = LineBreakClass.other
    /// The class of the character before `last`, `.space` if that is a space.
    var beforeLast = LineBreakClass.other
    /// Whether spaces follow `last`.
    var afterSpaces = false
    /// Where the breaks after `last` (across spaces or not) begin in ``LineBreakRules/pairs``.
    var pairRow = 0
    /// Whether `last` is a hyphen (HY or U+2010) that starts a word.
    var isWordInitialHyphen = false
    /// Where `last` stands in a number as rule LB25 matches it.
    var number = NumberPart.none
    /// Whether the next break depends on more than `last`, `next` and `afterSpaces` (LB20a,
    /// LB21a, LB25), so that ``LineBreakRules/pairs`` cannot answer it.
    var needsContext = false

    /// A place in LB25's number: `(PR | PO)? (OP | HY)? NU (NU | SY | IS)* (CL | CP)? (PR | PO)?`.
    enum NumberPart {
      case none
      /// NU, or SY or IS after one.
      case digits
      /// CL or CP right after digits.
      case closed
    }

    /// Notes a space.
    @inline(__always)
    mutating func passSpace() {
      if !afterSpaces { pairRow &+= LineBreakClass.count }
      afterSpaces = true
      number = .none
      needsContext = false  // the rules that look further back all want no spaces between
    }

    /// Notes a character that is neither a space nor a combining mark on a base.
    @inline(__always)
    mutating func pass(_ next: LineBreakClass, isHyphen: Bool) {
      // At the start of the text, `last` is `.other`.
      // ICU does not count spaces after OP, which rule LB14 binds to what follows.
      isWordInitialHyphen = isHyphen && (last == .other || afterSpaces && !last.isOpen)
      if next == .numeric {
        number = .digits
      } else if number != .digits {
        number = .none
      } else if next.isClose {
        number = .closed
      } else if next != .symbol && next != .infixSeparator {
        number = .none
      }
      // Rules that look two characters back (LB21a) want them adjacent.
      beforeLast = afterSpaces ? .space : last
      last = next
      afterSpaces = false
      pairRow = Int(next.rawValue) &* (2 &* LineBreakClass.count)
      needsContext =
        isWordInitialHyphen || number != .none || last == .infixSeparator
        || beforeLast == .hebrewLetter && (last == .hyphen || last == .breakAfter)
    }

    /// Whether a line may break before a character of class `next`, neither a space nor a
    /// combining mark on a base.
    ///
    /// The rules are ICU 72's: Unicode 15.0's with LB25 as the regular expression, and two
    /// rules Unicode adopted in 15.1, LB15c (a break before a number that starts with an infix
    /// separator after a space) and LB20a (no break after a word-initial hyphen, before AL
    /// only). ICU also applies LB25's pair IS × NU everywhere; here, as in the standard's
    /// expression and LineBreakTest.txt, an infix separator binds a digit after it only in a
    /// number (`3.14`) or where it starts one (``startsNumber(after:)``), so that `a.2` and
    /// `%.250s` may break before the digit. ``LineBreakRules/addingNumberBreaks(to:in:upTo:)``
    /// does the same to the iterator's answer.
    func breaks(before next: LineBreakClass) -> Break {
      // LB15c (where LB14 does not bind the spaces to an OP before them).
      if afterSpaces && next == .infixSeparator && !last.isOpen { return .beforeDigit }
      // LB13 to LB17 hold even across spaces.
      switch next {
      case .closePunctuation, .closeParenthesis, .wideCloseParenthesis, .exclamation,
        .infixSeparator, .symbol:
        return .never  // LB13
      default: break
      }
      if last.isOpen { return .never }  // LB14
      if last == .quotation && next.isOpen { return .never }  // LB15
      if last.isClose && next == .nonstarter { return .never }  // LB16
      if last == .breakBoth && next == .breakBoth { return .never }  // LB17
      if afterSpaces { return .always }  // LB18
      switch (last, next) {
      case (.glue, _): return .never  // LB12
      case (_, .glue) where last != .breakAfter && last != .hyphen: return .never  // LB12a
      case (.quotation, _), (_, .quotation): return .never  // LB19
      case (_, .alphabetic) where isWordInitialHyphen: return .never  // LB20a
      case (_, .breakAfter), (_, .hyphen), (_, .nonstarter), (.breakBefore, _):
        return .never  // LB21
      case (.hyphen, _) where beforeLast == .hebrewLetter,
        (.breakAfter, _) where beforeLast == .hebrewLetter:
        return .never  // LB21a
      case (.symbol, .hebrewLetter): return .never  // LB21b
      case (_, .inseparable): return .never  // LB22
      case (.numeric, _) where next.isLetter, (_, .numeric) where last.isLetter:
        return .never  // LB23
      case (.prefixNumeric, .ideographic), (.ideographic, .postfixNumeric): return .never  // LB23a
      case (_, _) where last.isAffix && next.isLetter || last.isLetter && next.isAffix:
        return .never  // LB24
      case (_, .numeric) where last.isAffix || last == .hyphen || number == .digits,
        (.infixSeparator, .numeric) where LineBreakRules.startsNumber(after: beforeLast),
        (_, _) where number != .none && next.isAffix:
        return .never  // LB25
      case (_, _) where last.isAffix && next.isOpen:
        return .unlessBeforeDigit  // LB25: PR or PO, then OP, then a digit
      case (.hangulSyllable, .postfixNumeric), (.prefixNumeric, .hangulSyllable):
        return .never  // LB27
      case (_, _) where last.isLetter && next.isLetter: return .never  // LB28
      case (.infixSeparator, _) where next.isLetter: return .never  // LB29
      case (_, .openPunctuation) where last.isLetter || last == .numeric,
        (.closeParenthesis, _) where next.isLetter || next == .numeric:
        return .never  // LB30
      default:
        return .always  // LB31
      }
    }
  }
}
