import CICUShim
import TextLayout

/// Line breaks (UAX #14) and bidi levels (UAX #9) from ICU.
///
/// Line breaks come from ICU's line break iterator for a locale (the root locale by default),
/// run directly over the UTF-8 text so offsets need no conversion. Bidi levels come from
/// `ubidi`. The analyzer is a value; copies share a pool of break iterators, so it is cheap to
/// call from several threads at once.
///
/// ```swift
/// let analyzer = ICUAnalyzer()
/// let breaks = analyzer.lineBreaks(in: "Hello world")  // offsets 6 and 11
/// ```
public struct ICUAnalyzer: Sendable {
  private let pool: LineBreakerPool

  /// Creates an analyzer.
  ///
  /// - Parameter locale: The ICU locale whose line break tailoring applies, for example `"ja"`;
  ///   the empty string (the default) is the root locale, plain UAX #14.
  public init(locale: String = "") {
    pool = LineBreakerPool(locale: locale)
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
  public func analyzeLineBreaks(
    in text: Substring
  ) throws(TextShapingError) -> [LineBreakOpportunity] {
    guard !text.isEmpty else { return [] }
    // withUTF8 rethrows untyped errors, so the typed error travels out in a Result.
    var utf8 = text
    return try utf8.withUTF8 { bytes in
      Result { () throws(TextShapingError) in try lineBreaks(inUTF8: bytes) }
    }.get()
  }

  private func lineBreaks(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>
  ) throws(TextShapingError) -> [LineBreakOpportunity] {
    let length = Self.checkedLength(bytes.count)
    var offsets = [Int32](repeating: 0, count: bytes.count)
    var mandatory = [UInt8](repeating: 0, count: bytes.count)
    var status = trs_status()
    let count = try pool.withBreaker { breaker throws(TextShapingError) in
      bytes.withMemoryRebound(to: CChar.self) { text in
        trs_line_breaks(
          breaker, text.baseAddress, length, &offsets, &mandatory, length, &status)
      }
    }
    guard count >= 0 else {
      throw .icu(function: String(cString: status.function), code: status.code)
    }
    return (0..<Int(count)).map {
      LineBreakOpportunity(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0)
    }
  }

  /// The bidi levels of a paragraph; see ``bidiLevels(in:direction:)``.
  ///
  /// - Parameters:
  ///   - text: The paragraph, with no paragraph separator inside.
  ///   - direction: The paragraph direction, or `.natural` for that of the first strong
  ///     character.
  /// - Returns: The resolved paragraph level and runs of equal level in logical order.
  /// - Throws: ``TextShapingError/icu(function:code:)`` when ICU fails.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public func analyzeBidiLevels(
    in text: Substring, direction: ParagraphDirection
  ) throws(TextShapingError) -> BidiAnalysis {
    guard !text.isEmpty else {
      return BidiAnalysis(paragraphLevel: direction == .rightToLeft ? 1 : 0, runs: [])
    }
    let requested: Int32 =
      switch direction {
      case .leftToRight: Int32(trs_direction_ltr)
      case .rightToLeft: Int32(trs_direction_rtl)
      case .natural: Int32(trs_direction_natural)
      }
    var utf8 = text
    return try utf8.withUTF8 { bytes in
      Result { () throws(TextShapingError) in
        try bidiLevels(inUTF8: bytes, direction: requested)
      }
    }.get()
  }

  private func bidiLevels(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, direction requested: Int32
  ) throws(TextShapingError) -> BidiAnalysis {
    let length = Self.checkedLength(bytes.count)
    var starts = [Int32](repeating: 0, count: bytes.count)
    var ends = [Int32](repeating: 0, count: bytes.count)
    var levels = [UInt8](repeating: 0, count: bytes.count)
    var paragraphLevel: UInt8 = 0
    var status = trs_status()
    let count = bytes.withMemoryRebound(to: CChar.self) { text in
      trs_bidi_runs(
        text.baseAddress, length, requested, &paragraphLevel, &starts, &ends, &levels, length,
        &status)
    }
    guard count >= 0 else {
      throw .icu(function: String(cString: status.function), code: status.code)
    }
    let runs = (0..<Int(count)).map {
      BidiAnalysis.LevelRun(range: Int(starts[$0])..<Int(ends[$0]), level: levels[$0])
    }
    return BidiAnalysis(paragraphLevel: paragraphLevel, runs: runs)
  }

  private static func checkedLength(_ count: Int) -> Int32 {
    guard let length = Int32(exactly: count) else {
      preconditionFailure("ICU analyzes at most \(Int32.max) bytes of text at once, got \(count)")
    }
    return length
  }
}
