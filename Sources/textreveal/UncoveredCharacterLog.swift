import Synchronization
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// A layout engine that remembers every character it shaped that no installed font covers:
/// the gallery lays out all of its texts with it, and `demo` fails when any is drawn as a box
/// (so `make demo-check` does).
final class UncoveredCharacterLog: Sendable {
  /// The engine over the stack's shaper, through the log.
  let engine: TextLayoutEngine
  private let notes = Notes()

  /// A log over a text stack's shaper and analyzer.
  init(stack: TextStack) {
    engine = TextLayoutEngine(
      shaper: RecordingShaper(base: stack.shaper, notes: notes), analyzer: stack.analyzer)
  }

  /// The uncovered characters shaped so far, each once, in the order they came.
  var uncovered: [Character] {
    notes.characters.withLock { all in
      var seen: Set<Character> = []
      return all.filter { seen.insert($0).inserted }
    }
  }

  /// The shaper that notes the characters of every shaped or measured piece that has
  /// missing glyphs.
  private struct RecordingShaper: TextShaper {
    let base: HarfBuzzShaper
    let notes: Notes

    func metrics(for style: TextStyle) -> FontMetrics { base.metrics(for: style) }

    func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText {
      let shaped = base.shape(text, style: style, isRightToLeft: isRightToLeft)
      if shaped.uncoveredCharacterCount > 0 { note(shaped, in: text) }
      return shaped
    }

    func measure(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedMeasure {
      let measure = base.measure(text, style: style, isRightToLeft: isRightToLeft)
      if measure.uncoveredCharacterCount > 0 {
        // Rare: the glyphs say which characters they are.
        note(base.shape(text, style: style, isRightToLeft: isRightToLeft), in: text)
      }
      return measure
    }

    private func note(_ shaped: ShapedText, in text: Substring) {
      let utf8 = Array(text.utf8)
      let found = ShapedText.uncoveredClusters(runs: shaped.runs, clusters: shaped.clusters)
        .flatMap { String(decoding: utf8[shaped.clusters[$0].range], as: UTF8.self) }
      notes.characters.withLock { $0.append(contentsOf: found) }
    }
  }

  /// The characters noted, shared by the log and its shaper.
  private final class Notes: Sendable {
    let characters = Mutex<[Character]>([])
  }
}
