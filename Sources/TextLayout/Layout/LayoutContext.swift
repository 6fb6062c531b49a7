#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every stage of a layout reads and never changes: the text, the configuration and the
/// backends, with the byte-level questions the stages ask of the text.
///
/// A class, so that the stages share one: as a value, each stage's copy (and each closure's)
/// retained its two texts, the configuration and both backends again, and a list's first pass
/// spent 19% more instructions than the one builder did.
///
/// A list's rows are measured with one context, given each row's text in turn
/// (``restart(with:shapingText:)``): the text is the only thing that changes from row to row,
/// and freeing a context for each row released both texts, the configuration and both
/// backends.
final class LayoutContext {
  // Unchecked: only `restart(with:shapingText:)` writes them, between rows, when no stage
  // reads them; a checked `var` would have every read of the text go through the runtime's
  // access checks.
  @exclusivity(unchecked) private(set) var text: StyledText
  /// The text as shaped: ``text`` with the language its script implies on runs that name
  /// none (``StyledText/inferringLanguage()``). Its runs are ``text``'s, index for index.
  @exclusivity(unchecked) private(set) var shapingText: StyledText
  let configuration: LayoutConfiguration
  /// The shaper as one that measures batches and stores glyphs (see
  /// ``TextLayoutEngine/layoutShaper``).
  let shaper: any GlyphStoringShaper
  let analyzer: any UnicodeAnalyzer
  /// The line limit as a count (`Int.max` for none).
  let limit: Int

  /// Tolerance for width comparisons, so that rounding never pushes a fitting word down.
  static let epsilon = 1e-6

  /// Makes a context for a text; `shapingText`, when given, is the text as shaped, made
  /// before (``PreparedText`` keeps it).
  init(
    text: StyledText, shapingText: StyledText? = nil, configuration: LayoutConfiguration,
    shaper: any GlyphStoringShaper, analyzer: any UnicodeAnalyzer
  ) {
    self.text = text
    self.shapingText = shapingText ?? text.inferringLanguage()
    self.configuration = configuration
    self.shaper = shaper
    self.analyzer = analyzer
    self.limit = configuration.lineLimit.count
  }

  /// Gives the context another text, with the same configuration and backends, and that
  /// text as shaped (``shapingText``), made before.
  func restart(with text: StyledText, shapingText: StyledText) {
    self.text = text
    self.shapingText = shapingText
  }

  /// The index of the run holding a UTF-8 offset, as ``StyledText/runIndex(at:)`` finds it,
  /// and whether that run also holds `end - 1`; nil past the last run. The runs are read
  /// through a pointer, in place, so that no run (and no style's references) is copied.
  func runIndex(at offset: Int, holdingUpTo end: Int) -> (run: Int, holdsAll: Bool)? {
    text.runs.withUnsafeBufferPointer { runs in
      var low = 0
      var high = runs.count
      while low < high {
        let mid = (low + high) / 2
        if runs[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
      }
      guard low < runs.count else { return nil }
      return (low, runs[low].range.upperBound >= end)
    }
  }

  /// Whether two runs of the text as shaped select the same fonts at the same size
  /// (``TextStyle/hasSameFont(as:)``): a link, a spoiler or a color changes no glyph, and the
  /// pieces of both runs are measured alike in one shaper call.
  func shapeAlike(_ run: Int, _ other: Int) -> Bool {
    run == other
      || shapingText.runs.withUnsafeBufferPointer {
        $0[run].style.hasSameFont(as: $0[other].style)
      }
  }

  /// Measures pieces of the text as shaped with the style of one of its runs
  /// (``BatchMeasuringShaper/measure(_:in:style:isRightToLeft:into:)``), the style read in
  /// place: `shapingText.runs[run].style` as an argument copied the whole run (its style's
  /// references retained, then released) for each call.
  func measure(
    _ ranges: [Range<Int>], run: Int, isRightToLeft: Bool, into measures: inout [ShapedMeasure]
  ) {
    shapingText.runs.withUnsafeBufferPointer { runs in
      shaper.measure(
        ranges, in: text.string, style: runs[run].style, isRightToLeft: isRightToLeft,
        into: &measures)
    }
  }

  /// The text's length in UTF-8 bytes.
  var count: Int { text.string.utf8.count }

  /// Runs `body` with the text's UTF-8 (contiguous: a `StyledText` keeps it so, and this copies
  /// nothing).
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var string = text.string
    return string.withUTF8(body)
  }

  /// Finds the next paragraph separator in `start..<end` (see
  /// ``ByteScan/findSeparator(in:from:to:)``).
  func findSeparator(from start: Int, to end: Int) -> (offset: Int, length: Int)? {
    withUTF8 { ByteScan.findSeparator(in: $0, from: start, to: end) }
  }

  /// Moves an offset back to the start of a Unicode scalar.
  func scalarBoundary(atOrBefore offset: Int) -> Int {
    withUTF8 { ByteScan.scalarBoundary(in: $0, atOrBefore: offset) }
  }

  /// Where the white space at the end of a range starts (its end when there is none).
  func trailingSpaceStart(in range: Range<Int>) -> Int {
    withUTF8 { ByteScan.trailingSpaceStart(in: range, of: $0) }
  }

  /// Whether a range of the text holds a tab character (one `memchr`).
  func containsTab(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return false }
    return withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base + range.lowerBound, 0x09, range.count) != nil
    }
  }

  /// The index of the first level run that ends after `offset` (the one holding it, when the
  /// runs cover it), found by bisection: a window of a long mixed-direction paragraph holds
  /// thousands of runs, and a linear search per segment made its layout quadratic.
  static func levelRunIndex(endingAfter offset: Int, in levels: [BidiAnalysis.LevelRun]) -> Int? {
    var low = 0
    var high = levels.count
    while low < high {
      let middle = (low + high) / 2
      if levels[middle].range.upperBound > offset { high = middle } else { low = middle + 1 }
    }
    return low < levels.count ? low : nil
  }
}

extension LayoutContext {
  /// The end of the first grapheme that ends at least `length` bytes after `start`, or `end`
  /// when none does before it.
  func graphemeEnd(from start: Int, reaching length: Int, before end: Int) -> Int {
    var offset = start
    for character in text.slice(start..<end) {
      offset += character.utf8.count
      if offset - start >= length { break }
    }
    return offset
  }
}
