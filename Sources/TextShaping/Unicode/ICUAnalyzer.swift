import CICUShim
@_spi(Backend) import TextLayout

/// Line breaks (UAX #14) and bidi levels (UAX #9) from ICU.
///
/// Line breaks come from ICU's line break iterator for a locale (the root locale by default),
/// run directly over the UTF-8 text so offsets need no conversion; in the root locale, text whose
/// characters all belong to the common line breaking classes is broken by `LineBreakRules`
/// instead, from ICU's class data, with the same result at a tenth of the cost. Bidi levels of
/// text that cannot be right to left are known without any analysis; those of other paragraphs
/// come from `BidiRules`, likewise in Swift over ICU's class data with ICU's result, and from
/// `ubidi` only for paragraphs with explicit embeddings, overrides or isolates. The analyzer is
/// a value; copies share a pool of break iterators, so it is cheap to call from several threads
/// at once.
///
/// ```swift
/// let analyzer = ICUAnalyzer()
/// let breaks = analyzer.lineBreaks(in: "Hello world")  // offsets 6 and 11
/// ```
public struct ICUAnalyzer: Sendable {
  private let pool: LineBreakerPool
  /// Whether text of the common classes is broken by `LineBreakRules` rather than ICU's
  /// iterator: the root locale only (a tailoring's rules are ICU's alone), and only with an
  /// ICU version the rules were verified against (``ICUVersion``).
  let usesRules: Bool
  /// Whether paragraphs that may be right to left are resolved by `BidiRules` rather than
  /// `ubidi`: with an ICU version the rules were verified against. Kept here so that the hot
  /// path reads a field, not a global.
  let usesBidiRules = ICUVersion.rulesAreVerified

  /// Creates an analyzer.
  ///
  /// - Parameter locale: The ICU locale whose line break tailoring applies, for example `"ja"`;
  ///   the empty string (the default) is the root locale, plain UAX #14.
  public init(locale: String = "") {
    self.init(locale: locale, usesRules: locale.isEmpty && ICUVersion.rulesAreVerified)
  }

  /// Creates an analyzer that may or may not use `LineBreakRules` (tests compare the two).
  init(locale: String, usesRules: Bool) {
    pool = LineBreakerPool(locale: locale)
    self.usesRules = usesRules
  }

  /// Creates an analyzer whose every analysis fails with `failure`, as if ICU had returned it:
  /// for tests of what callers do with ICU's errors.
  package init(locale: String = "", failingWith failure: TextShapingError) {
    pool = LineBreakerPool(locale: locale, injectedFailure: failure)
    usesRules = false
  }

  /// Opens what analyses need from ICU and runs one of each kind, so that missing ICU data is
  /// reported when a ``TextStack`` is made rather than at a first layout.
  ///
  /// - Throws: ``TextShapingError/icu(function:code:)`` naming the ICU function that failed.
  public func check() throws(TextShapingError) {
    // Thai needs ICU's dictionary data; an isolate sends the paragraph to `ubidi`.
    _ = try analyzeLineBreaks(in: "\u{0E20}\u{0E32}\u{0E29}\u{0E32}\u{0E44}\u{0E17}\u{0E22} ok")
    _ = try analyzeBidiLevels(in: "a \u{2067}\u{05D0}\u{2069} b", direction: .natural)
  }

  /// The ICU locale the analyzer breaks lines for.
  public var locale: String { pool.locale }

  /// The line break opportunities of a text; see ``lineBreaks(in:)``.
  ///
  /// - Parameter text: The text to analyze.
  /// - Returns: Every position, as a UTF-8 offset relative to `text.utf8`, before which a line
  ///   may start, in order, with whether the break is mandatory. 0 is not included.
  /// - Throws: ``TextShapingError/icu(function:code:)`` when ICU fails.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  @_spi(Backend) public func analyzeLineBreaks(
    in text: Substring
  ) throws(TextShapingError) -> [LineBreakOpportunity] {
    try analyzeLineBreaks(in: text, upTo: Int.max)
  }

  /// The line break opportunities of a text up to an offset, with the rest as context.
  ///
  /// ICU's iterator stops at the first break past `limit`, so the work follows `limit` rather
  /// than the length of `text`, and every opportunity is the one the whole text has.
  ///
  /// - Parameters:
  ///   - text: The text; what lies after `limit` is read only as far as the rules need.
  ///   - limit: The largest offset to report, relative to `text.utf8`.
  /// - Returns: The opportunities at offsets up to `limit`, as ``analyzeLineBreaks(in:)`` gives
  ///   them.
  /// - Throws: ``TextShapingError/icu(function:code:)`` when ICU fails.
  @_spi(Backend) public func analyzeLineBreaks(
    in text: Substring, upTo limit: Int
  ) throws(TextShapingError) -> [LineBreakOpportunity] {
    guard !text.isEmpty, limit > 0 else { return [] }
    if let failure = pool.injectedFailure { throw failure }
    // withUTF8 rethrows untyped errors, so the typed error travels out in a Result.
    var utf8 = text
    return try utf8.withUTF8 { bytes in
      Result { () throws(TextShapingError) in try lineBreaks(inUTF8: bytes, upTo: limit) }
    }.get()
  }

  private func lineBreaks(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int
  ) throws(TextShapingError) -> [LineBreakOpportunity] {
    let length = try Self.checkedLength(bytes.count, for: "trs_line_breaks")
    if usesRules, let breaks = LineBreakRules.lineBreaks(in: bytes, upTo: limit) {
      return breaks
    }
    let stop = Int32(min(bytes.count, limit))
    // One entry per byte up to the limit always suffices: offsets grow and 0 is left out.
    let capacity = Int(stop)
    var offsets = [Int32](repeating: 0, count: capacity)
    var mandatory = [UInt8](repeating: 0, count: capacity)
    var status = trs_status()
    let count = try pool.withBreaker { breaker throws(TextShapingError) in
      bytes.withMemoryRebound(to: CChar.self) { text in
        trs_line_breaks(
          breaker, text.baseAddress, length, stop, &offsets, &mandatory, stop, &status)
      }
    }
    guard count >= 0 else {
      throw .icu(function: String(cString: status.function), code: status.code)
    }
    let breaks = (0..<Int(count)).map {
      LineBreakOpportunity(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0)
    }
    // LB25 as the standard's expression rather than ICU's pair IS × NU, in every tailoring.
    return LineBreakRules.addingNumberBreaks(to: breaks, in: bytes, upTo: Int(stop))
  }

  /// The bidi levels of a paragraph; see ``bidiLevels(in:direction:)``.
  ///
  /// Text that cannot be right to left is at level 0 without analysis. Other paragraphs are
  /// resolved by `BidiRules`, which gives ICU's answer from ICU's class data at about a third
  /// of the cost, and by `ubidi` when they have explicit embeddings, overrides or isolates.
  ///
  /// - Parameters:
  ///   - text: The paragraph, with no paragraph separator inside.
  ///   - direction: The paragraph direction, or `.natural` for that of the first strong
  ///     character.
  /// - Returns: The resolved paragraph level and runs of equal level in logical order.
  /// - Throws: ``TextShapingError/icu(function:code:)`` when ICU fails.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  @_spi(Backend) public func analyzeBidiLevels(
    in text: Substring, direction: ParagraphDirection
  ) throws(TextShapingError) -> BidiAnalysis {
    guard !text.isEmpty else {
      return BidiAnalysis(paragraphLevel: direction == .rightToLeft ? 1 : 0, runs: [])
    }
    if let failure = pool.injectedFailure { throw failure }
    let requested: Int32 =
      switch direction {
      case .leftToRight: Int32(trs_direction_ltr)
      case .rightToLeft: Int32(trs_direction_rtl)
      case .natural: Int32(trs_direction_natural)
      }
    var utf8 = text
    // Most text has nothing that can be right to left; then every level is 0 (rules P2, P3,
    // W1–W7, N1–N2 and I1 all leave it at the paragraph level 0), and ICU is not needed.
    if direction != .rightToLeft && !utf8.withUTF8({ Self.mayBeRightToLeft($0) }) {
      return BidiAnalysis(
        paragraphLevel: 0, runs: [BidiAnalysis.LevelRun(range: 0..<text.utf8.count, level: 0)])
    }
    // Otherwise the rules answer, at a fraction of ICU's cost, unless the paragraph has
    // explicit embeddings, overrides or isolates.
    return try utf8.withUTF8 { bytes in
      Result { () throws(TextShapingError) in
        if usesBidiRules, let analysis = BidiRules.levels(in: bytes, direction: requested) {
          return analysis
        }
        return try icuBidiLevels(inUTF8: bytes, direction: requested)
      }
    }.get()
  }

  /// Whether UTF-8 text may hold a character of bidi class R or AL, or an explicit
  /// right-to-left control: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their
  /// presentation forms, the right-to-left scripts of the supplementary planes, and RLM, ALM,
  /// RLE, RLO and RLI, or an embedding or isolate (LRE, LRO, LRI, FSI) that raises levels even
  /// in left-to-right text. A `false` is exact; a `true` only sends the text to ICU.
  static func mayBeRightToLeft(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    return rightToLeftLeads.withUnsafeBufferPointer { leads in
      while index < count {
        // Eight bytes at a time while none can lead a right-to-left scalar, then one scalar
        // at a time, its lead byte looked up in a table.
        if index + 8 <= count {
          let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(
            as: UInt64.self)
          if !Self.mayLeadRightToLeft(word) {
            index += 8
            continue
          }
        }
        // One scalar at a time. The eight-byte steps may stop inside a scalar: a
        // continuation byte counts as one byte, so the next lead byte is not stepped over.
        let byte = bytes[index]
        let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard leads[Int(byte)] else {
          index += length
          continue
        }
        let next = index + 1 < count ? bytes[index + 1] : 0
        let third = index + 2 < count ? bytes[index + 2] : 0
        switch byte {
        case 0xD6...0xDF:  // U+0580–U+07FF: Hebrew to NKo (and a little Armenian)
          return true
        case 0xE0 where (0xA0...0xA3).contains(next):  // U+0800–U+08FF
          return true
        case 0xE2 where next == 0x80 && [0x8F, 0xAA, 0xAB, 0xAD, 0xAE].contains(third):
          return true  // RLM, and LRE, RLE, LRO, RLO, which raise levels even in LTR text
        case 0xE2 where next == 0x81 && (0xA6...0xA8).contains(third):
          return true  // LRI, RLI, FSI
        case 0xEF where (0xAC...0xBB).contains(next):  // U+FB00–U+FEFF presentation forms
          return true
        case 0xF0 where next == 0x90 || next == 0x9E:  // U+10000–U+10FFF, U+1E000–U+1EFFF
          return true
        default:
          break
        }
        index += length
      }
      return false
    }
  }

  /// Whether any of the eight bytes of a word is 0xD6 to 0xE2 or 0xEF and above: the lead bytes
  /// ``rightToLeftLeads`` holds, and 0xE1 and 0xF1 to 0xFF. Other bytes (ASCII, the
  /// continuation bytes, the leads of Latin, Greek, Cyrillic, CJK, kana and Hangul) are skipped
  /// eight at a time, lead and continuation bytes alike.
  ///
  /// For each byte with its high bit set, its low seven bits `x` are compared without carries
  /// across bytes: `x + 0x2A` reaches 0x80 when `x >= 0x56`, `(x | 0x80) - 0x63` stays below
  /// 0x80 when `x < 0x63`, and `x + 0x11` reaches 0x80 when `x >= 0x6F`.
  static func mayLeadRightToLeft(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    let low = word & 0x7F7F_7F7F_7F7F_7F7F
    let atLeastD6 = low &+ 0x2A2A_2A2A_2A2A_2A2A
    let belowE3 = ~((low | high) &- 0x6363_6363_6363_6363)
    let atLeastEF = low &+ 0x1111_1111_1111_1111
    return word & (atLeastD6 & belowE3 | atLeastEF) & high != 0
  }

  /// The lead bytes ``mayBeRightToLeft(_:)`` looks at closely.
  private static let rightToLeftLeads: [Bool] = (0...255).map {
    (0xD6...0xE0).contains($0) || [0xE2, 0xEF, 0xF0].contains($0)
  }

  /// The bidi levels of a paragraph of UTF-8 text from ICU's `ubidi` alone (tests compare
  /// `BidiRules` with it).
  ///
  /// - Parameters:
  ///   - bytes: Valid UTF-8 text of one paragraph.
  ///   - requested: `trs_direction_ltr`, `trs_direction_rtl` or `trs_direction_natural`.
  /// - Returns: The paragraph level and the runs of equal level in logical order.
  /// - Throws: ``TextShapingError/icu(function:code:)`` when ICU fails.
  func icuBidiLevels(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, direction requested: Int32
  ) throws(TextShapingError) -> BidiAnalysis {
    let length = try Self.checkedLength(bytes.count, for: "trs_bidi_runs")
    var paragraphLevel: UInt8 = 0
    var status = trs_status()
    // One run a byte always suffices; the buffers are not zeroed first.
    let capacity = bytes.count
    let runs = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * capacity) { bounds in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { levels in
        let count = bytes.withMemoryRebound(to: CChar.self) { text in
          trs_bidi_runs(
            text.baseAddress, length, requested, &paragraphLevel, bounds.baseAddress,
            bounds.baseAddress! + capacity, levels.baseAddress, length, &status)
        }
        return (0..<max(0, Int(count))).map {
          BidiAnalysis.LevelRun(
            range: Int(bounds[$0])..<Int(bounds[capacity + $0]), level: levels[$0])
        }
      }
    }
    guard status.code <= 0 else {
      throw .icu(function: String(cString: status.function), code: status.code)
    }
    return BidiAnalysis(paragraphLevel: paragraphLevel, runs: runs)
  }

  /// The length as ICU takes it, at most 2³¹ − 1 bytes (the layout engine checks that first).
  private static func checkedLength(
    _ count: Int, for function: String
  ) throws(TextShapingError) -> Int32 {
    // U_ILLEGAL_ARGUMENT_ERROR, what ICU answers to a length it cannot hold.
    guard let length = Int32(exactly: count) else { throw .icu(function: function, code: 1) }
    return length
  }
}
