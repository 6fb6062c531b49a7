import Foundation
@_spi(FrontEnd) import TextReveal

/// Marking phrases of a text as spoilers, as the command line's `--spoiler` and the demos do.
public enum SpoilerPhrases {
  /// A phrase that cannot be marked.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The phrase is empty or only white space, which hides nothing a reader could see.
    case blank(String)
    /// The phrase does not occur in the text.
    case notFound(String)

    public var description: String {
      switch self {
      case .blank(let phrase):
        "the spoiler phrase \"\(phrase)\" is empty or only white space: name words of the text"
      case .notFound(let phrase):
        "the spoiler phrase \"\(phrase)\" does not occur in the text"
      }
    }
  }

  /// The text with every occurrence of each phrase styled as a spoiler.
  ///
  /// The phrases are found together in one pass over the text (an Aho–Corasick automaton over
  /// UTF-8 bytes), so the cost is the text's length plus the phrases', however many phrases and
  /// occurrences there are; occurrences may overlap, and all of them are hidden. A phrase that
  /// starts or ends inside a grapheme cluster ("👩" in a family emoji, one regional indicator
  /// of a flag) hides the whole cluster: a style boundary inside a cluster would break its
  /// shaping, and half a cluster has nothing of its own to show.
  ///
  /// - Throws: ``Problem`` for the first phrase that is blank or not in the text.
  /// - Complexity: O(*n* + *m*) for a text of *n* bytes and phrases of *m* bytes in all, and
  ///   one pass over the runs.
  public static func marking(
    _ phrases: [String], in text: StyledText
  ) throws(Problem) -> StyledText {
    if let blank = phrases.first(where: { !$0.contains { !$0.isWhitespace } }) {
      throw .blank(blank)
    }
    let distinct = Array(Set(phrases))
    guard !distinct.isEmpty else { return text }
    var automaton = Automaton(distinct.map { Array($0.utf8) })
    var string = text.string
    let (matches, found) = string.withUTF8 { automaton.matches(in: $0) }
    let indices = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, $0) })
    if let missing = phrases.first(where: { !found[indices[$0]!] }) {
      throw .notFound(missing)
    }
    var result = text
    result.updateStyle(in: Self.wholeClusters(matches, in: text.string)) { $0.isSpoiler = true }
    return result
  }

  /// The ranges widened to the grapheme clusters they touch, found in one walk of the text's
  /// clusters.
  ///
  /// - Parameter ranges: Non-empty UTF-8 ranges, sorted and disjoint.
  static func wholeClusters(_ ranges: [Range<Int>], in string: String) -> [Range<Int>] {
    var starts = ranges.map(\.lowerBound)
    var ends = ranges.map(\.upperBound)
    var nextStart = 0
    var nextEnd = 0
    var clusterStart = 0
    for character in string {
      guard nextEnd < ranges.count else { break }
      let clusterEnd = clusterStart + character.utf8.count
      while nextStart < ranges.count && ranges[nextStart].lowerBound < clusterEnd {
        starts[nextStart] = clusterStart
        nextStart += 1
      }
      while nextEnd < ranges.count && ranges[nextEnd].upperBound <= clusterEnd {
        ends[nextEnd] = clusterEnd
        nextEnd += 1
      }
      clusterStart = clusterEnd
    }
    return zip(starts, ends).map { $0..<$1 }
  }
}
