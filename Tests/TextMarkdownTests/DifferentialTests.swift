import Foundation
import TestSupport
import Testing
import TextLayout

@testable import TextMarkdown

/// The parser against the reference (cmark-gfm 0.29 over the rewritten text, TextMarkdown's
/// parser before it had its own) on generated Markdown full of every inline construct, opened
/// and closed in any order: the same characters and the same styles, or a difference the
/// reference is known to make by its rewriting (``ReferenceDifferences``).
@Suite struct DifferentialTests {
  /// Generated texts per alphabet: `PROPERTY_COUNT` in the environment for a longer search
  /// (200,000 of each found nothing more than the default).
  static let count =
    ProcessInfo.processInfo.environment["PROPERTY_COUNT"].flatMap { Int($0) } ?? 4_000

  static let body = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  @Test(
    "generated Markdown reads as the reference reads it, or differs as it is known to",
    arguments: [
      ("every construct", MarkdownGenerator.tokens, 2_811),
      ("emphasis and brackets", MarkdownGenerator.emphasisTokens, 7),
    ] as [(String, [String], UInt64)])
  func agreesWithReference(name: String, alphabet: [String], seed: UInt64) throws {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var failures: [String] = []
    var explained: [String: Int] = [:]
    for _ in 0..<Self.count {
      let markdown = MarkdownGenerator.markdown(
        tokens: Int.random(in: 1...80, using: &generator), from: alphabet, using: &generator)
      guard let reason = Self.difference(markdown) else { continue }
      if let reason {
        explained[reason, default: 0] += 1
      } else if failures.count < 10 {
        let small = Self.minimized(markdown)
        failures.append(
          "\(small.debugDescription)\n  ours:      "
            + MarkdownDump.dump(MarkdownParser.styledText(from: small, base: Self.body))
            + "\n  reference: "
            + MarkdownDump.dump(ReferenceMarkdown.styledText(from: small, base: Self.body)))
      }
    }
    #expect(failures.isEmpty, "\(name): \(failures.joined(separator: "\n"))")
    // The known differences stay a small part of the texts.
    #expect(explained.values.reduce(0, +) * 10 < Self.count, "\(explained)")
  }

  /// `nil` when the two agree; else the known reason, or `.some(nil)` when there is none.
  static func difference(_ markdown: String) -> String?? {
    let ours = MarkdownParser.styledText(from: markdown, base: body)
    let reference = ReferenceMarkdown.styledText(from: markdown, base: body)
    guard ours != reference else { return nil }
    return .some(ReferenceDifferences.explain(markdown, reference: reference))
  }

  /// The Markdown with as many characters removed as keep an unexplained difference: a
  /// failure reads as its cause.
  static func minimized(_ markdown: String) -> String {
    var characters = Array(markdown)
    var chunk = max(1, characters.count / 2)
    while chunk >= 1 {
      var index = 0
      var removed = false
      while index < characters.count {
        var shorter = characters
        shorter.removeSubrange(index..<min(index + chunk, shorter.count))
        if case .some(.none) = difference(String(shorter)) {
          characters = shorter
          removed = true
        } else {
          index += chunk
        }
      }
      if !removed { chunk /= 2 }
    }
    return String(characters)
  }
}

/// A readable dump of styled text: each run's characters and what it carries.
enum MarkdownDump {
  static func dump(_ text: StyledText) -> String {
    text.runs.map { run in
      let style = run.style
      var marks: [String] = []
      if style.weight == .bold { marks.append("b") }
      if style.isItalic { marks.append("i") }
      if style.fontFamily != "DejaVu Sans" { marks.append("code") }
      if style.isStrikethrough { marks.append("del") }
      if style.isSpoiler { marks.append("spoiler") }
      if let link = style.link { marks.append("a=\(link.absoluteString)") }
      return String(text.slice(run.range)).debugDescription + "[" + marks.joined(separator: ",")
        + "]"
    }.joined(separator: " ")
  }
}
