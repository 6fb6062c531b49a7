@_spi(Backend) import TextLayout

/// The invariants every layout must satisfy, checked against the same text laid out without a
/// limit. Each returns a description of the first violation, or `nil`.
package enum LayoutInvariants {
  /// The lines' ranges tile the text from its start: each starts where the previous one ended.
  package static func linesTileText(_ layout: LaidOutText) -> String? {
    var expected = 0
    for (index, line) in layout.lines.enumerated() {
      if line.range.lowerBound != expected {
        return "line \(index) starts at \(line.range.lowerBound), expected \(expected)"
      }
      expected = line.range.upperBound
    }
    if expected != layout.visibleEnd {
      return "lines end at \(expected) but visibleEnd is \(layout.visibleEnd)"
    }
    return nil
  }

  /// The lines of an unlimited layout, concatenated, give back the whole text.
  package static func concatenationIsText(_ layout: LaidOutText) -> String? {
    let text = layout.text.string
    let joined = layout.lines.map { String(text[layout.stringRange($0.range)]) }.joined()
    return joined == text ? nil : "lines concatenate to \(joined.debugDescription)"
  }

  /// No line is wider than the layout width unless it holds a single grapheme.
  package static func linesFit(_ layout: LaidOutText, tolerance: Double = 1e-6) -> String? {
    for (index, line) in layout.lines.enumerated()
    where line.width > layout.configuration.width + tolerance {
      let content = layout.text.string[layout.stringRange(line.contentRange)]
      if content.count > 1 {
        return "line \(index) \(content.debugDescription) is \(line.width) wide"
      }
    }
    return nil
  }

  /// `isClipped` is true exactly when a line (token included) is wider than the width.
  package static func clippedAgrees(_ layout: LaidOutText, tolerance: Double = 1e-6) -> String? {
    let widest = layout.lines.map(\.width).max() ?? 0
    let overflows = widest > layout.configuration.width + tolerance
    // Between the fill tolerance and the clip tolerance either answer is right.
    let undecided = abs(widest - layout.configuration.width) <= 2 * tolerance
    guard layout.isClipped != overflows, !undecided else { return nil }
    return "isClipped is \(layout.isClipped) with the widest line \(widest) wide"
  }

  /// Every line boundary is a grapheme boundary of the text.
  package static func graphemesWhole(_ layout: LaidOutText) -> String? {
    var boundaries: Set<Int> = [0]
    var offset = 0
    for character in layout.text.string {
      offset += character.utf8.count
      boundaries.insert(offset)
    }
    for (index, line) in layout.lines.enumerated() {
      for bound in [line.range.lowerBound, line.range.upperBound, line.contentRange.upperBound]
      where !boundaries.contains(bound) {
        return "line \(index) boundary \(bound) splits a grapheme"
      }
    }
    return nil
  }

  /// A limited layout agrees with the unlimited one: same first lines, `isTruncated` exactly when
  /// a line with non-whitespace content lies beyond the limit, visible range a prefix.
  package static func limitAgrees(
    limited: LaidOutText, unlimited: LaidOutText, limit: Int
  ) -> String? {
    let text = unlimited.text.string
    let beyond = unlimited.lines.dropFirst(limit).contains { line in
      text[unlimited.stringRange(line.range)].unicodeScalars.contains {
        !$0.properties.isWhitespace && $0 != "\u{200B}"
      }
    }
    if limited.isTruncated != beyond {
      return "isTruncated is \(limited.isTruncated) but content beyond the limit is \(beyond)"
    }
    let expected = unlimited.lines.prefix(limit).map(\.range)
    if limited.configuration.truncationToken == nil && limited.lines.map(\.range) != expected {
      return "limited lines \(limited.lines.map(\.range)) differ from \(Array(expected))"
    }
    if limited.visibleEnd > text.utf8.count { return "visibleEnd past the end of the text" }
    return nil
  }

  /// All the invariants of one text at one width and limit; the first violation or `nil`.
  package static func check(
    _ text: StyledText, width: Double, limit: Int, engine: TextLayoutEngine,
    token: TruncationToken? = nil
  ) throws -> String? {
    let unlimited = try engine.layout(text, configuration: LayoutConfiguration(width: width))
    let limited = try engine.layout(
      text,
      configuration: LayoutConfiguration(
        width: width, lineLimit: .lines(limit), truncationToken: token))
    let checks = [
      linesTileText(unlimited), concatenationIsText(unlimited), linesFit(unlimited),
      graphemesWhole(unlimited), linesTileText(limited), graphemesWhole(limited),
      linesFit(limited), clippedAgrees(unlimited), clippedAgrees(limited),
      limitAgrees(limited: limited, unlimited: unlimited, limit: limit),
      try measurementAgrees(unlimited, engine: engine),
      try measurementAgrees(limited, engine: engine),
    ]
    return checks.compactMap { $0 }.first.map { "width \(width), limit \(limit): \($0)" }
  }

  /// Measuring the text gives exactly the layout's line count, size, cut and visible end.
  package static func measurementAgrees(
    _ layout: LaidOutText, engine: TextLayoutEngine
  ) throws -> String? {
    let measured = try engine.measure(layout.text, configuration: layout.configuration)
    return measured == layout.measurement
      ? nil : "measured \(measured), laid out \(layout.measurement)"
  }

  /// Line counts never grow when the width grows.
  package static func lineCountMonotone(
    _ text: StyledText, widths: [Double], engine: TextLayoutEngine
  ) throws -> String? {
    var previous = Int.max
    for width in widths.sorted() {
      let lines = try engine.layout(text, configuration: LayoutConfiguration(width: width))
        .lines.count
      if lines > previous { return "\(lines) lines at width \(width), \(previous) when narrower" }
      previous = lines
    }
    return nil
  }
}
