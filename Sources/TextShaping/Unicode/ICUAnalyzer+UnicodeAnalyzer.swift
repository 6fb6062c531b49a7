import TextLayout

extension ICUAnalyzer: UnicodeAnalyzer {
  /// The UAX #14 line break opportunities of a paragraph, from ICU.
  ///
  /// ICU failing here means its data is missing or memory ran out, which no caller can recover
  /// from; use ``analyzeLineBreaks(in:)`` to get the error instead of stopping.
  ///
  /// - Parameter text: The text to analyze.
  /// - Returns: Every position, as a UTF-8 offset relative to `text.utf8`, before which a line
  ///   may start. 0 is not included; the end of the text is.
  public func lineBreaks(in text: Substring) -> [LineBreakOpportunity] {
    do {
      return try analyzeLineBreaks(in: text)
    } catch {
      preconditionFailure("Line breaking failed: \(error)")
    }
  }

  /// The UAX #14 line break opportunities of a text up to an offset, from ICU, which reads the
  /// text after it only as far as the rules need.
  ///
  /// - Parameters:
  ///   - text: The text; what lies after `limit` is context.
  ///   - limit: The largest offset to report, relative to `text.utf8`.
  /// - Returns: The opportunities at offsets up to `limit`, as ``lineBreaks(in:)`` gives them.
  public func lineBreaks(in text: Substring, upTo limit: Int) -> [LineBreakOpportunity] {
    do {
      return try analyzeLineBreaks(in: text, upTo: limit)
    } catch {
      preconditionFailure("Line breaking failed: \(error)")
    }
  }

  /// The UAX #9 bidi levels of a paragraph, as ICU gives them: from ``BidiRules`` over ICU's
  /// data, or from `ubidi` for paragraphs with explicit embeddings, overrides or isolates.
  ///
  /// Use ``analyzeBidiLevels(in:direction:)`` to get ICU's error instead of stopping.
  ///
  /// - Parameters:
  ///   - text: The paragraph, with no paragraph separator inside.
  ///   - direction: The paragraph direction, or `.natural` for that of the first strong
  ///     character.
  /// - Returns: The resolved paragraph level and runs of equal level in logical order.
  public func bidiLevels(in text: Substring, direction: ParagraphDirection) -> BidiAnalysis {
    do {
      return try analyzeBidiLevels(in: text, direction: direction)
    } catch {
      preconditionFailure("Bidi analysis failed: \(error)")
    }
  }
}
