import Synchronization
@_spi(Backend) import TextLayout

/// Wraps a shaper and an analyzer and records the furthest text offset each was asked about,
/// to prove the engine leaves text after the last visible line alone.
package final class RecordingBackend: TextShaper, BatchMeasuringShaper, UnicodeAnalyzer, Sendable {
  let shaper: any TextShaper
  let analyzer: any UnicodeAnalyzer
  let state = Mutex(Record())

  /// What the backend was asked.
  package struct Record: Sendable {
    /// The largest end offset, in the UTF-8 of the whole text, of any shaped piece.
    package var furthestShaped = 0
    /// The largest end offset of any analyzed window.
    package var furthestAnalyzed = 0
    /// The number of UTF-8 bytes analyzed in total.
    package var bytesAnalyzed = 0
    /// The number of pieces shaped.
    package var shapeCalls = 0
    /// The number of pieces measured.
    package var measureCalls = 0
    /// The number of calls that measured a batch of pieces.
    package var batchCalls = 0
  }

  /// Creates a recorder around a shaper and an analyzer.
  package init(shaper: any TextShaper, analyzer: any UnicodeAnalyzer) {
    self.shaper = shaper
    self.analyzer = analyzer
  }

  /// What was recorded so far.
  package var record: Record { state.withLock { $0 } }

  static func end(of text: Substring) -> Int {
    text.base.utf8.distance(from: text.base.utf8.startIndex, to: text.endIndex)
  }

  package func metrics(for style: TextStyle) -> FontMetrics { shaper.metrics(for: style) }

  package func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText {
    record(upTo: Self.end(of: text), pieces: 1, in: \.shapeCalls)
    return shaper.shape(text, style: style, isRightToLeft: isRightToLeft)
  }

  package func measure(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedMeasure {
    record(upTo: Self.end(of: text), pieces: 1, in: \.measureCalls)
    return shaper.measure(text, style: style, isRightToLeft: isRightToLeft)
  }

  package func measure(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into measures: inout [ShapedMeasure]
  ) {
    record(upTo: pieces.map(\.upperBound).max() ?? 0, pieces: pieces.count, in: \.measureCalls)
    state.withLock { $0.batchCalls += 1 }
    shaper.measureBatch(
      pieces, in: string, style: style, isRightToLeft: isRightToLeft, into: &measures)
  }

  /// Records pieces shaped or measured up to an offset of the whole text.
  private func record(upTo end: Int, pieces: Int, in count: WritableKeyPath<Record, Int>) {
    state.withLock {
      $0.furthestShaped = max($0.furthestShaped, end)
      $0[keyPath: count] += pieces
    }
  }

  package func lineBreaks(in text: Substring) -> [LineBreakOpportunity] {
    let end = Self.end(of: text)
    state.withLock {
      $0.furthestAnalyzed = max($0.furthestAnalyzed, end)
      $0.bytesAnalyzed += text.utf8.count
    }
    return analyzer.lineBreaks(in: text)
  }

  package func lineBreaks(in text: Substring, upTo limit: Int) -> [LineBreakOpportunity] {
    // Only the bytes up to the limit count as analyzed: the rest is context the analyzer reads
    // only as far as its rules look ahead.
    let analyzed = min(limit, text.utf8.count)
    let start = Self.end(of: text) - text.utf8.count
    state.withLock {
      $0.furthestAnalyzed = max($0.furthestAnalyzed, start + analyzed)
      $0.bytesAnalyzed += analyzed
    }
    return analyzer.lineBreaks(in: text, upTo: limit)
  }

  package func bidiLevels(in text: Substring, direction: ParagraphDirection) -> BidiAnalysis {
    let end = Self.end(of: text)
    state.withLock { $0.furthestAnalyzed = max($0.furthestAnalyzed, end) }
    return analyzer.bidiLevels(in: text, direction: direction)
  }
}
