@_spi(Backend) import TextLayout

@_spi(Backend) extension ICUAnalyzer: UnicodeAnalyzer {
  /// The UAX #14 line break opportunities of a paragraph, from ICU.
  ///
  /// When ICU fails (its data is missing, or memory ran out), the failure is kept for
  /// ``takeFailure()``, which the layout engine calls after each layout and throws, and the
  /// answer is the end of the text alone. Use ``analyzeLineBreaks(in:)`` to get the error
  /// directly.
  ///
  /// - Parameter text: The text to analyze.
  /// - Returns: Every position, as a UTF-8 offset relative to `text.utf8`, before which a line
  ///   may start. 0 is not included; the end of the text is.
  @_spi(Backend) public func lineBreaks(in text: Substring) -> [LineBreakOpportunity] {
    do {
      return try analyzeLineBreaks(in: text)
    } catch {
      return Self.standIn(for: error, breaking: text, upTo: Int.max)
    }
  }

  /// The UAX #14 line break opportunities of a text up to an offset, from ICU, which reads the
  /// text after it only as far as the rules need.
  ///
  /// A failure is kept for ``takeFailure()``, as ``lineBreaks(in:)`` does.
  ///
  /// - Parameters:
  ///   - text: The text; what lies after `limit` is context.
  ///   - limit: The largest offset to report, relative to `text.utf8`.
  /// - Returns: The opportunities at offsets up to `limit`, as ``lineBreaks(in:)`` gives them.
  @_spi(Backend) public func lineBreaks(in text: Substring, upTo limit: Int)
    -> [LineBreakOpportunity]
  {
    do {
      return try analyzeLineBreaks(in: text, upTo: limit)
    } catch {
      return Self.standIn(for: error, breaking: text, upTo: limit)
    }
  }

  /// The UAX #9 bidi levels of a paragraph, as ICU gives them: from `BidiRules` over ICU's
  /// data, or from `ubidi` for paragraphs with explicit embeddings, overrides or isolates.
  ///
  /// A failure is kept for ``takeFailure()`` and the answer is one run at the requested
  /// paragraph level (0 for `.natural`). Use ``analyzeBidiLevels(in:direction:)`` to get ICU's
  /// error directly.
  ///
  /// - Parameters:
  ///   - text: The paragraph, with no paragraph separator inside.
  ///   - direction: The paragraph direction, or `.natural` for that of the first strong
  ///     character.
  /// - Returns: The resolved paragraph level and runs of equal level in logical order.
  @_spi(Backend) public func bidiLevels(in text: Substring, direction: ParagraphDirection)
    -> BidiAnalysis
  {
    do {
      return try analyzeBidiLevels(in: text, direction: direction)
    } catch {
      AnalysisFailures.record(error)
      let level: UInt8 = direction == .rightToLeft ? 1 : 0
      return BidiAnalysis(
        paragraphLevel: level,
        runs: [BidiAnalysis.LevelRun(range: 0..<text.utf8.count, level: level)])
    }
  }

  /// The first ICU failure this thread's analyses met since the last call, and forgets it.
  ///
  /// - Returns: ``TextShapingError/icu(function:code:)``, or `nil` when every analysis since
  ///   the last call succeeded. Costs one atomic load when nothing failed anywhere.
  public func takeFailure() -> (any Error & Sendable)? {
    AnalysisFailures.take()
  }

  /// Records `error` and answers with the end of the text as the only opportunity: lines then
  /// break between grapheme clusters, and the layout throws the error anyway.
  private static func standIn(
    for error: TextShapingError, breaking text: Substring, upTo limit: Int
  ) -> [LineBreakOpportunity] {
    AnalysisFailures.record(error)
    let count = text.utf8.count
    return count > 0 && count <= limit
      ? [LineBreakOpportunity(offset: count, isMandatory: false)] : []
  }
}
