import Synchronization

/// A text whose width-independent analysis is kept between layouts: line-break opportunities,
/// bidi levels and shaped segments.
///
/// Laying out a ``PreparedText`` again at another width or line limit only fills lines and
/// places them, which is what a list does on rotation or a window resize. The analysis is made
/// lazily, paragraph by paragraph, as layouts need it, so preparing a long text costs nothing
/// until it is laid out, and a three-line layout analyzes only what three lines need.
///
/// ```swift
/// let prepared = PreparedText(StyledText(message))
/// let narrow = try engine.layout(prepared, configuration: .init(width: 320, lineLimit: .lines(3)))
/// let wide = try engine.layout(prepared, configuration: .init(width: 480, lineLimit: .lines(3)))
/// ```
///
/// Use a prepared text with one engine: the analysis comes from that engine's backends.
public final class PreparedText: Sendable {
  /// The text.
  public let text: StyledText
  /// The text as shaped (``StyledText/inferringLanguage()``), made once: a list's re-layout
  /// made it again for each row (about 120 instructions, and a new array of runs for a
  /// Japanese or Korean row).
  let shapingText: StyledText
  let state = Mutex(Kept())

  /// The analyses kept, by the offset where their paragraph starts. Most texts are one
  /// paragraph: the first one's has a place of its own, found without hashing.
  struct Kept {
    /// The first paragraph's analysis, when ``hasFirst``; a placeholder otherwise, so that an
    /// analysis moves in and out by a swap (through an optional, it would be copied).
    var first = WindowAnalysis.placeholder
    var hasFirst = false
    var others: [Int: WindowAnalysis] = [:]

    /// Removes the analysis of a paragraph and returns it, moved rather than copied.
    mutating func remove(at start: Int) -> WindowAnalysis? {
      guard start == 0 else { return others.removeValue(forKey: start) }
      guard hasFirst else { return nil }
      hasFirst = false
      var taken = WindowAnalysis.placeholder
      swap(&taken, &first)
      return taken
    }

    /// Swaps an analysis in unless a larger one is kept for its paragraph.
    mutating func store(_ analysis: inout WindowAnalysis) {
      let start = analysis.start
      guard start == 0 else {
        if let old = others[start], old.covers(analysis.end),
          old.segments.count >= analysis.segments.count
        {
          return
        }
        others[start] = analysis
        return
      }
      if hasFirst && first.covers(analysis.end)
        && first.segments.count >= analysis.segments.count
      {
        return
      }
      swap(&first, &analysis)
      hasFirst = true
    }
  }

  /// Prepares a text; nothing is analyzed until it is laid out.
  ///
  /// - Complexity: Proportional to the number of the text's style runs.
  public init(_ text: StyledText) {
    self.text = text
    shapingText = text.inferringLanguage()
  }

  /// Takes the analysis kept for the paragraph starting at `start` out, so that a layout can
  /// grow it in place (its arrays referenced once); the layout keeps it again when done.
  func take(at start: Int) -> WindowAnalysis? {
    state.withLock { $0.remove(at: start) }
  }

  /// Forgets every analysis kept: after a layout whose analyzer failed, they hold its stand-in
  /// answers.
  func forgetAnalysis() {
    state.withLock { $0 = Kept() }
  }

  /// Keeps an analysis unless a larger one is already kept.
  ///
  /// The analysis is moved in, not copied (a copy counts a reference for each of its arrays):
  /// `analysis` is left with whatever was kept before, or with no segments.
  func keep(_ analysis: inout WindowAnalysis) {
    state.withLock { kept in kept.store(&analysis) }
  }
}
