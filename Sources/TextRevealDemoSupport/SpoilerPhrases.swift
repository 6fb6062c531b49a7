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
  /// Phrases are matched on whole grapheme clusters (Swift's `String` comparison), so "👩"
  /// does not match inside a family emoji nor "🇸" inside a flag, and a spoiler never starts or
  /// ends inside a cluster. All occurrences are styled in one pass over the runs.
  ///
  /// - Throws: ``Problem`` for the first phrase that is blank or not in the text.
  /// - Complexity: O(*n* · *p*) for a text of *n* characters and *p* phrases, and one pass over
  ///   the runs.
  public static func marking(
    _ phrases: [String], in text: StyledText
  ) throws(Problem) -> StyledText {
    var ranges: [Range<Int>] = []
    let string = text.string
    for phrase in phrases {
      guard phrase.contains(where: { !$0.isWhitespace }) else { throw .blank(phrase) }
      let found = string.ranges(of: phrase)
      guard !found.isEmpty else { throw .notFound(phrase) }
      for range in found {
        ranges.append(
          string.utf8.distance(
            from: string.startIndex, to: range.lowerBound)..<string.utf8.distance(
              from: string.startIndex, to: range.upperBound))
      }
    }
    var result = text
    result.updateStyle(in: ranges) { $0.isSpoiler = true }
    return result
  }
}
