@_spi(Backend) import TextLayout
import TextMarkdown

/// The Markdown benchmark: the 3-line check of a description written in Markdown, against
/// Pango's 3-line check of the same text without markup.
///
/// Ours is what a component does with a Markdown description: the whole Markdown is parsed
/// (``MarkdownParser/styledText(from:base:codeFamily:)``), then the 3-line check runs on the
/// styled text. Two more figures show where the time goes: `markdown-parse`, the parse alone,
/// and `markdown-styled-check`, the 3-line layout of the parsed text.
///
/// Each corpus text becomes a Markdown description by marking some of its words: every 23rd
/// word bold, every 29th italic, every 31st a code span, every 37th a spoiler, and one link
/// (about one word in seven marked, more than a store description carries; Chinese and
/// Japanese texts, split at spaces only, get fewer). The
/// peer lays out the plain text; a text is kept only when its Markdown reads back as exactly
/// that text, so both sides lay out the same characters.
extension Suite {
  mutating func markdownCheck() throws(BenchError) {
    let ours = try OurEngine()
    let peer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    var sources: [String: String] = [:]
    var texts: [BenchText] = []
    for text in corpus.texts {
      let markdown = Self.markdown(for: text.string)
      guard let styled = try? ours.parse(markdown), styled.string == text.string else {
        continue
      }
      sources[text.id] = markdown
      texts.append(text)
    }
    output(
      "bench-check markdown-check texts=\(texts.count)/\(corpus.texts.count)"
        + " (those whose Markdown reads back as the plain text)")
    guard !texts.isEmpty else { throw .usage("no corpus text survives as Markdown") }
    compare(
      name: "markdown-check", texts: texts,
      ours: { { ours.markdownCheck(sources[$0.id]!).lineCount } },
      peer: { { peer.truncationCheck($0) ? 1 : 0 } })
    // The two halves of ours, each against the same peer figure: where the time goes.
    compare(
      name: "markdown-parse", texts: texts,
      ours: { { (try? ours.parse(sources[$0.id]!))?.runs.count ?? 0 } },
      peer: { { peer.truncationCheck($0) ? 1 : 0 } })
    var parsed: [String: StyledText] = [:]
    for text in texts { parsed[text.id] = try? ours.parse(sources[text.id]!) }
    compare(
      name: "markdown-styled-check", texts: texts,
      ours: { { ours.truncationCheck(parsed[$0.id]!).lines.count } },
      peer: { { peer.truncationCheck($0) ? 1 : 0 } })
  }

  /// The text with some of its words marked up. Words with characters Markdown reads
  /// (emphasis, code, links, escapes, entities, spoiler bars) stay as they are.
  static func markdown(for text: String) -> String {
    let special: Set<Character> = [
      "*", "_", "`", "[", "]", "(", ")", "|", "\\", "<", ">", "&", "~", "!", "#",
    ]
    var result = ""
    var index = 0
    var linked = false
    for (position, word) in text.split(separator: " ", omittingEmptySubsequences: false)
      .enumerated()
    {
      if position > 0 { result += " " }
      guard !word.isEmpty, !word.contains(where: special.contains) else {
        result += word
        continue
      }
      index += 1
      switch index {
      case _ where index % 23 == 0: result += "**\(word)**"
      case _ where index % 29 == 0: result += "*\(word)*"
      case _ where index % 31 == 0: result += "`\(word)`"
      case _ where index % 37 == 0: result += "||\(word)||"
      case _ where index % 5 == 0 && !linked:
        linked = true
        result += "[\(word)](https://example.org/\(index))"
      default: result += word
      }
    }
    return result
  }
}

extension OurEngine {
  /// Parses Markdown over the benchmark's style.
  func parse(_ markdown: String) throws -> StyledText {
    MarkdownParser.styledText(from: markdown, base: style)
  }

  /// The 3-line check of a Markdown description: the whole parse, then the check.
  func markdownCheck(_ markdown: String) -> TextMeasurement {
    do {
      return try engine.measure(
        MarkdownParser.styledText(from: markdown, base: style), configuration: limited)
    } catch {
      preconditionFailure("The benchmark configuration is valid: \(error)")
    }
  }

  /// The 3-line check of styled text.
  func truncationCheck(_ text: StyledText) -> LaidOutText {
    do {
      return try engine.layout(text, configuration: limited)
    } catch {
      preconditionFailure("The benchmark configuration is valid: \(error)")
    }
  }
}
