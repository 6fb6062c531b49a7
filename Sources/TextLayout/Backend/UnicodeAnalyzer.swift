/// The Unicode services the layout engine needs: line-break opportunities and bidi levels.
///
/// `TextShaping` implements it with ICU (UAX #14 and UAX #9); tests use a simple analyzer that
/// breaks after spaces. Implementations must be safe to call from several threads.
@_spi(Backend) public protocol UnicodeAnalyzer: Sendable {
  /// The line-break opportunities of a paragraph (or a window of one), in order.
  ///
  /// - Parameter text: The text to analyze.
  /// - Returns: Every position, as a UTF-8 offset relative to `text.utf8`, before which a line may
  ///   start. Offset 0 is not included; the end of the text is (as a mandatory break only if the
  ///   text ends with a mandatory break character).
  func lineBreaks(in text: Substring) -> [LineBreakOpportunity]

  /// The line-break opportunities of a text up to an offset, with the text after it as context.
  ///
  /// The engine analyzes a window of a paragraph this way, handing over the rest of the text so
  /// that the opportunities near the window's end are the paragraph's own. An implementation
  /// should read past `limit` only as far as its rules look ahead; the default one analyzes
  /// ``contextMargin`` bytes past `limit`.
  ///
  /// - Parameters:
  ///   - text: The text; what lies after `limit` is context.
  ///   - limit: The largest offset to report, relative to `text.utf8`.
  /// - Returns: The opportunities at offsets up to `limit`, as ``lineBreaks(in:)`` gives them
  ///   for the whole text.
  func lineBreaks(in text: Substring, upTo limit: Int) -> [LineBreakOpportunity]

  /// The bidi embedding levels of a paragraph (UAX #9, rules P2 to I2).
  ///
  /// - Parameters:
  ///   - text: The paragraph (or a window of one), with no paragraph separator inside.
  ///   - direction: The paragraph direction, or ``ParagraphDirection/natural`` to take it from
  ///     the first strong character.
  /// - Returns: The resolved paragraph level and the runs of equal level in logical order.
  func bidiLevels(in text: Substring, direction: ParagraphDirection) -> BidiAnalysis

  /// The first failure the current thread's analyses met since the last call, and forgets it.
  ///
  /// The analyses above cannot throw: the engine calls them in its innermost loops, where a
  /// throwing call costs every layout. An implementation that can fail answers with a safe
  /// stand-in and keeps the failure; the engine, which runs each layout on one thread, takes it
  /// after the layout and throws ``TextLayoutError/analysisFailed(_:)``. Must be cheap when
  /// nothing failed. The default has no failures.
  func takeFailure() -> (any Error & Sendable)?
}

extension UnicodeAnalyzer {
  /// No failures: the analyses of this analyzer always succeed.
  public func takeFailure() -> (any Error & Sendable)? { nil }

  /// The context past `limit` the default ``lineBreaks(in:upTo:)`` analyzes, in UTF-8 bytes:
  /// more than any line-break rule looks ahead in practice.
  package static var contextMargin: Int { 64 }

  /// Analyzes `limit` plus ``contextMargin`` bytes of `text` (or all of it, when shorter) and
  /// keeps the opportunities up to `limit`.
  public func lineBreaks(in text: Substring, upTo limit: Int) -> [LineBreakOpportunity] {
    let utf8 = text.utf8
    guard limit < utf8.count - Self.contextMargin else {
      return lineBreaks(in: text).filter { $0.offset <= limit }
    }
    // The analyzed end moves on to a scalar boundary, so that the margin is whole.
    var end = utf8.index(utf8.startIndex, offsetBy: limit + Self.contextMargin)
    while end < utf8.endIndex && utf8[end] & 0xC0 == 0x80 { end = utf8.index(after: end) }
    return lineBreaks(in: text[..<end]).filter { $0.offset <= limit }
  }
}

/// A position where a line may (or must) start.
@_spi(Backend) public struct LineBreakOpportunity: Sendable, Hashable {
  /// The UTF-8 offset before which a line may start.
  public var offset: Int
  /// Whether the line must break here (after a newline or similar character).
  public var isMandatory: Bool

  /// Creates a break opportunity.
  public init(offset: Int, isMandatory: Bool) {
    self.offset = offset
    self.isMandatory = isMandatory
  }
}

/// The base direction of a paragraph for the bidi algorithm.
@_spi(Backend) public enum ParagraphDirection: Sendable, Hashable {
  /// Left to right (level 0).
  case leftToRight
  /// Right to left (level 1).
  case rightToLeft
  /// From the first strong character, left to right when there is none (rules P2 and P3).
  case natural
}

/// The resolved bidi levels of a paragraph.
@_spi(Backend) public struct BidiAnalysis: Sendable, Hashable {
  /// The paragraph embedding level: 0 for left to right, 1 for right to left.
  public var paragraphLevel: UInt8
  /// Runs of equal level, in logical order, covering the analyzed text.
  public var runs: [LevelRun]

  /// Creates an analysis.
  public init(paragraphLevel: UInt8, runs: [LevelRun]) {
    self.paragraphLevel = paragraphLevel
    self.runs = runs
  }

  /// A maximal range of text at one embedding level.
  public struct LevelRun: Sendable, Hashable {
    /// The UTF-8 range, relative to the analyzed text.
    public var range: Range<Int>
    /// The embedding level; odd levels are right to left.
    public var level: UInt8

    /// Creates a run.
    public init(range: Range<Int>, level: UInt8) {
      self.range = range
      self.level = level
    }
  }
}
