import Foundation

/// A finished layout: the visible lines of a text, whether it was cut, and geometry queries.
///
/// A value made by the engine's `layout` calls; immutable and `Sendable`.
///
/// Positions in the text are string indices (``visibleRange``, ``lineRanges``,
/// ``characterIndex(at:)``, ``rects(for:)-(Range<String.Index>)``) or an `NSRange`
/// (``rects(for:)-(NSRange)``); geometry is in points, as `CGPoint`, `CGRect` and `CGSize`.
///
/// ```swift
/// let layout = try engine.layout(text, configuration: .init(width: 320, lineLimit: .lines(3)))
/// if layout.isTruncated { showMoreButton(at: layout.tokenLabelRect) }
/// ```
public struct LaidOutText: Sendable, Hashable, CustomReflectable {
  /// The contents, shared between copies: a list keeps a layout (its "Read more" label, say)
  /// in every row, and a copy costs one reference count instead of one for each field.
  private let storage: Storage

  /// The text that was laid out.
  public var text: StyledText { storage.fields.text }
  /// The configuration it was laid out with.
  public var configuration: LayoutConfiguration { storage.fields.configuration }
  /// The visible lines, top to bottom.
  public var lines: [Line] { storage.fields.lines }
  /// Whether anything other than trailing whitespace is not shown.
  public var isTruncated: Bool { storage.fields.isTruncated }
  /// The end of the visible text, as a UTF-8 offset; the visible text is `0..<visibleEnd`, and
  /// ``visibleRange`` is the same range in string indices.
  @_spi(Backend) public var visibleEnd: Int { storage.fields.visibleEnd }
  /// The size of the laid-out lines: the widest line (token included) and the total height.
  public var size: CGSize { storage.fields.size.cgSize }
  /// ``size`` in the engine's own geometry.
  package var layoutSize: LayoutSize { storage.fields.size }
  /// Whether a visible line is wider than the layout width, so that a frame of that width clips
  /// it.
  ///
  /// Lines break between grapheme clusters and never inside one, so a single cluster wider than
  /// the whole width (a long emoji sequence, a character with hundreds of combining marks, a
  /// truncation token wider than the line) sits alone on its line and overflows. That is a cut
  /// ``isTruncated`` does not report, because no more lines would show it: a caller that wants
  /// to know whether everything is visible asks `isTruncated || isClipped`.
  public var isClipped: Bool { configuration.isClipped(atContentWidth: layoutSize.width) }
  /// The truncation token's rectangle, when the text is cut and a token was given.
  public var tokenRect: CGRect? { storage.fields.tokenRect?.cgRect }
  /// The rectangle of the token's label (the "more" part), when there is one.
  public var tokenLabelRect: CGRect? { storage.fields.tokenLabelRect?.cgRect }
  /// ``tokenLabelRect`` in the engine's own geometry.
  package var layoutTokenLabelRect: LayoutRect? { storage.fields.tokenLabelRect }

  package init(
    text: StyledText, configuration: LayoutConfiguration, lines: [Line], isTruncated: Bool,
    visibleEnd: Int, size: LayoutSize, tokenRect: LayoutRect?, tokenLabelRect: LayoutRect?
  ) {
    storage = Storage(
      fields: Fields(
        text: text, configuration: configuration, lines: lines, isTruncated: isTruncated,
        visibleEnd: visibleEnd, size: size, tokenRect: tokenRect, tokenLabelRect: tokenLabelRect))
  }

  // Equality and hashing are the stored fields' own, derived on `Fields`: a field added there
  // takes part without anyone remembering to list it.
  public static func == (lhs: LaidOutText, rhs: LaidOutText) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }

  /// The fields, for `dump`, debuggers and test failures, rather than the storage.
  public var customMirror: Mirror { Mirror(reflecting: storage.fields) }

  /// Everything a layout holds, compared and hashed field by field.
  private struct Fields: Sendable, Hashable {
    let text: StyledText
    let configuration: LayoutConfiguration
    let lines: [Line]
    let isTruncated: Bool
    let visibleEnd: Int
    let size: LayoutSize
    let tokenRect: LayoutRect?
    let tokenLabelRect: LayoutRect?
  }

  /// The immutable contents, shared by copies.
  private final class Storage: Sendable {
    let fields: Fields

    init(fields: Fields) { self.fields = fields }
  }

  /// The visible characters that no installed font covers, as UTF-8 ranges of the text in
  /// logical order: each is drawn with its face's missing glyph (`.notdef`), a box.
  ///
  /// Empty when every visible character has a glyph. The truncation token's characters are
  /// not counted. A caller can name what to install from the characters' scripts (the
  /// `textreveal render` command warns with a Debian package).
  ///
  /// ```swift
  /// for range in layout.uncoveredCharacters { print(layout.text.string[layout.stringRange(range)]) }
  /// ```
  ///
  /// - Complexity: O(*g*) for the *g* glyphs of the visible lines; found when asked, not
  ///   stored.
  public var uncoveredCharacters: [Range<Int>] {
    var ranges: [Range<Int>] = []
    for line in lines {
      for run in line.runs where run.role == .text {
        for index in ShapedText.uncoveredClusters(runs: run.glyphRuns, clusters: run.clusters) {
          let cluster = run.clusters[index].range
          ranges.append(
            run.range.lowerBound + cluster.lowerBound..<run.range.lowerBound + cluster.upperBound)
        }
      }
    }
    // Runs are in visual order: right-to-left runs put their characters back to front.
    return ranges.sorted { $0.lowerBound < $1.lowerBound }
  }

  /// The visible part of the text, always a prefix of it.
  public var visibleRange: Range<String.Index> { stringRange(0..<visibleEnd) }

  /// The part of the text each line shows, trailing spaces and its line break included, top to
  /// bottom: the ranges tile ``visibleRange``.
  public var lineRanges: [Range<String.Index>] { lines.map { stringRange($0.range) } }

  /// Converts a UTF-8 range of the text to a range of string indices.
  @_spi(Backend) public func stringRange(_ range: Range<Int>) -> Range<String.Index> {
    let utf8 = text.string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    return start..<utf8.index(start, offsetBy: range.count)
  }

  /// Converts a range of string indices of the text to a UTF-8 range.
  @_spi(Backend) public func utf8Range(_ range: Range<String.Index>) -> Range<Int> {
    let utf8 = text.string.utf8
    return utf8.distance(
      from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(
        from: utf8.startIndex, to: range.upperBound)
  }

  // MARK: - Hit testing

  /// The UTF-8 offset of the character under a point, or nearest to it.
  ///
  /// Points above the first line hit the first line, points below the last line hit the last;
  /// points left or right of a line hit its nearest end. A point on the truncation token gives
  /// the end of the visible text.
  ///
  /// - Parameter point: A point in layout coordinates.
  /// - Returns: The offset of the start of the cluster under the point, or `nil` when the layout
  ///   has no lines.
  /// - Complexity: O(*l* + *c*) for *l* lines and *c* clusters on the hit line.
  package func characterOffset(at point: LayoutPoint) -> Int? {
    guard let line = lines.first(where: { point.y < $0.top + $0.height }) ?? lines.last else {
      return nil
    }
    var best: (distance: Double, offset: Int)?
    for run in line.runs {
      guard run.role == .text else {
        if point.x >= run.x && point.x < run.x + run.width { return visibleEnd }
        continue
      }
      for extent in run.clusterExtents() {
        if point.x >= extent.minX && point.x < extent.maxX { return extent.range.lowerBound }
        let distance = min(abs(point.x - extent.minX), abs(point.x - extent.maxX))
        if best == nil || distance < best!.distance { best = (distance, extent.range.lowerBound) }
      }
    }
    return best?.offset ?? line.range.lowerBound
  }

  /// The link under a point: its target and the whole UTF-8 range of text that carries it.
  ///
  /// Only a point on the link's own glyphs counts (not the nearest character, as
  /// ``characterIndex(at:)`` answers), and never one on the truncation token, so a "more"
  /// right after a link is not the link.
  ///
  /// - Parameter point: A point in the layout's coordinates.
  /// - Returns: The link, or `nil` when the point is not on a visible link.
  public func link(at point: CGPoint) -> TextLink? {
    link(at: LayoutPoint(point))
  }

  /// ``link(at:)-(CGPoint)`` in the engine's own geometry.
  package func link(at point: LayoutPoint) -> TextLink? {
    guard let offset = characterOffset(at: point), offset < visibleEnd,
      let run = text.runIndex(at: offset), let url = text.runs[run].style.link,
      rects(for: offset..<(offset + 1)).contains(where: { $0.contains(point) })
    else { return nil }
    // Neighbouring runs with the same target (bold inside a link) are the same link.
    var first = run
    while first > 0 && text.runs[first - 1].style.link == url { first -= 1 }
    var last = run
    while last + 1 < text.runs.count && text.runs[last + 1].style.link == url { last += 1 }
    return TextLink(
      url: url, range: text.runs[first].range.lowerBound..<text.runs[last].range.upperBound)
  }

  /// The index of the character under a point, or nearest to it.
  ///
  /// - Parameter point: A point in layout coordinates.
  /// - Returns: The string index of the cluster under the point, or `nil` with no lines.
  public func characterIndex(at point: CGPoint) -> String.Index? {
    characterOffset(at: LayoutPoint(point)).map { stringRange($0..<$0).lowerBound }
  }

  // MARK: - Rectangles

  /// The rectangles that cover a range of the text, one or more per line.
  ///
  /// In a line that mixes directions a logical range can be visually discontinuous, so it may
  /// need several rectangles on one line. Rectangles are as tall as their line.
  ///
  /// - Parameter range: A UTF-8 range of the text.
  /// - Returns: The rectangles, top to bottom and left to right within a line.
  package func rects(for range: Range<Int>) -> [LayoutRect] {
    var result: [LayoutRect] = []
    for line in lines where line.range.overlaps(range) || line.range.lowerBound == range.lowerBound
    {
      var spans: [(minX: Double, maxX: Double)] = []
      for run in line.runs where run.role == .text && run.range.overlaps(range) {
        for extent in run.clusterExtents() where extent.range.overlaps(range) {
          if let last = spans.last, abs(last.maxX - extent.minX) < 1e-6 {
            spans[spans.count - 1].maxX = extent.maxX
          } else if let last = spans.last, abs(last.minX - extent.maxX) < 1e-6 {
            spans[spans.count - 1].minX = extent.minX
          } else {
            spans.append((extent.minX, extent.maxX))
          }
        }
      }
      spans.sort { $0.minX < $1.minX }
      var merged: [(minX: Double, maxX: Double)] = []
      for span in spans {
        if let last = merged.last, span.minX <= last.maxX + 1e-6 {
          merged[merged.count - 1].maxX = max(last.maxX, span.maxX)
        } else {
          merged.append(span)
        }
      }
      for span in merged {
        result.append(
          LayoutRect(x: span.minX, y: line.top, width: span.maxX - span.minX, height: line.height))
      }
    }
    return result
  }

  /// The rectangles that cover a range of string indices of the text.
  public func rects(for range: Range<String.Index>) -> [CGRect] {
    rects(for: utf8Range(range)).map(\.cgRect)
  }

  /// The rectangles that cover a range of the text given as an `NSRange` (UTF-16 units), as
  /// Foundation and UIKit give ranges; a range that does not fall on the text is empty.
  public func rects(for range: NSRange) -> [CGRect] {
    guard let range = Range(range, in: text.string) else { return [] }
    return rects(for: range)
  }

  /// The rectangles of each word in a range: whitespace between words is not covered.
  ///
  /// Spoilers use this to draw dust over hidden words only.
  ///
  /// - Parameter range: A UTF-8 range of the text.
  /// - Returns: The rectangles of every maximal run of non-whitespace characters in the range.
  package func wordRects(in range: Range<Int>) -> [LayoutRect] {
    let clamped = range.clamped(to: 0..<visibleEnd)
    guard !clamped.isEmpty else { return [] }
    var result: [LayoutRect] = []
    var wordStart: Int?
    var offset = clamped.lowerBound
    for character in text.slice(clamped) {
      let length = character.utf8.count
      if character.isWhitespace {
        if let start = wordStart { result += rects(for: start..<offset) }
        wordStart = nil
      } else if wordStart == nil {
        wordStart = offset
      }
      offset += length
    }
    if let start = wordStart { result += rects(for: start..<offset) }
    return result
  }

  /// The rectangles of each word in a range of string indices of the text.
  public func wordRects(in range: Range<String.Index>) -> [CGRect] {
    wordRects(in: utf8Range(range)).map(\.cgRect)
  }
}
