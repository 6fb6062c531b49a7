import TextLayout

extension MarkdownParser {
  /// The styled text of the start of some Markdown, and how much of it is the whole text's.
  struct StyledPrefix {
    /// The text of the Markdown's start.
    var text: StyledText
    /// How many UTF-8 bytes of `text` (characters and styles) are the whole Markdown's.
    var exactCount: Int
    /// Whether `text` is the whole Markdown's text.
    var isWhole: Bool
  }

  /// Measures Markdown as `engine.measure(_:configuration:)` measures its
  /// ``styledText(from:base:codeFamily:)``, parsing only the start that the visible lines need.
  ///
  /// A description of a few kilobytes shown in three lines needs a few hundred bytes of it:
  /// the Markdown is parsed up to a white space past an estimate of what the lines hold, the
  /// start is measured, and when the measurement read text that the rest of the Markdown could
  /// still change (an unclosed `*`, `[`, `` ` ``…, see ``styledPrefix(of:base:codeFamily:impliedLanguage:minimumBytes:)``),
  /// a start twice as long is tried, up to the whole Markdown.
  ///
  /// ```swift
  /// let check = try MarkdownParser.measure(
  ///   description, base: body, with: engine,
  ///   configuration: LayoutConfiguration(width: 320, lineLimit: .lines(3)))
  /// if check.isTruncated { showMoreButton() }
  /// ```
  ///
  /// - Parameters:
  ///   - markdown: The Markdown.
  ///   - base: The style of plain text.
  ///   - codeFamily: The font family of code spans.
  ///   - engine: The layout engine.
  ///   - configuration: The width, line limit, alignment, spacing, direction and token.
  /// - Returns: The measurement of the whole text, equal to measuring the whole parse; its
  ///   `visibleEnd` is an offset in that text.
  /// - Throws: ``MarkdownError`` when cmark-gfm fails, ``TextLayoutError`` when the
  ///   configuration is invalid or the analyzer failed.
  /// - Complexity: Proportional to the visible text when the line limit is set, as a
  ///   measurement is; otherwise to the whole Markdown.
  public static func measure(
    _ markdown: String, base: TextStyle, codeFamily: String = "DejaVu Sans Mono",
    with engine: TextLayoutEngine, configuration: LayoutConfiguration
  ) throws -> TextMeasurement {
    try configuration.validate()
    let language = impliedLanguage(of: markdown)
    var budget = initialBudget(base: base, configuration: configuration)
    while true {
      let start = try styledPrefix(
        of: markdown, base: base, codeFamily: codeFamily, impliedLanguage: language,
        minimumBytes: budget)
      if start.isWhole {
        return try engine.measure(start.text, configuration: configuration)
      }
      if let measurement = try engine.measure(
        prefix: start.text, exactCount: start.exactCount, configuration: configuration)
      {
        return measurement
      }
      budget = budget > Int.max / 2 ? Int.max : budget * 2
    }
  }

  /// The Markdown bytes a first try parses: what the lines of a limited layout can hold at
  /// four bytes an em (the engine's own first window), with room for the text it reads past
  /// the last line and for markup; everything without a line limit.
  static func initialBudget(base: TextStyle, configuration: LayoutConfiguration) -> Int {
    guard case .lines(let lines) = configuration.lineLimit else { return Int.max }
    let ems = Double(lines) * configuration.width / max(1, base.size)
    let textBytes = min(ems * 4, Double(Int.max / 8)) + 256
    return Int(textBytes * 1.25)
  }

  /// Parses the start of some Markdown: up to the first white space at or after
  /// `minimumBytes`, or all of it.
  ///
  /// The start's text is the whole text's up to the first character that Markdown after the
  /// cut could read differently: a literal `*`, `_` or `~` (an unmatched delimiter may
  /// match one later), `` ` `` (a code span), `[` or `![` (a link or image), `<` (an
  /// autolink or raw HTML), `\` (a hard break at the cut), or a spoiler marker without a
  /// partner. CommonMark matches a closing delimiter with openers before it only, so what
  /// was matched before the cut stays matched; and a cut at white space splits no word,
  /// entity, autolink or delimiter run. Only the last paragraph can hold such a character:
  /// inline syntax never spans a blank line. Nor is the start's last word, with the white
  /// space after it: the line may continue or end in a hard break, and cmark-gfm reads an
  /// autolink at the end of its input differently (`www.example.org_` is a link there and
  /// plain text before a space).
  ///
  /// - Parameters:
  ///   - markdown: The whole Markdown.
  ///   - impliedLanguage: The language the whole Markdown implies (``impliedLanguage(of:)``).
  ///   - minimumBytes: How many bytes of Markdown to parse at least.
  static func styledPrefix(
    of markdown: String, base: TextStyle, codeFamily: String, impliedLanguage: String?,
    minimumBytes: Int
  ) throws(MarkdownError) -> StyledPrefix {
    var markdown = markdown
    let cut: Int? = markdown.withUTF8 { bytes in
      guard minimumBytes < bytes.count else { return nil }
      return bytes[minimumBytes...].firstIndex(where: isWhiteSpace)
    }
    guard let cut else {
      let text = try parse(
        markdown, base: base, codeFamily: codeFamily, impliedLanguage: impliedLanguage,
        findsUnsettled: false
      ).text
      return StyledPrefix(text: text, exactCount: text.string.utf8.count, isWhole: true)
    }
    let start = markdown.withUTF8 { String(decoding: $0[..<cut], as: UTF8.self) }
    let (text, unsettled) = try parse(
      start, base: base, codeFamily: codeFamily, impliedLanguage: impliedLanguage,
      findsUnsettled: true)
    var string = text.string
    let exactCount = string.withUTF8 { bytes in
      // The last word, and the white space after it, are not settled.
      var end = bytes.count
      while end > 0, isWhiteSpace(bytes[end - 1]) { end -= 1 }
      while end > 0, !isWhiteSpace(bytes[end - 1]) { end -= 1 }
      return min(end, unsettled ?? end)
    }
    return StyledPrefix(text: text, exactCount: exactCount, isWhole: false)
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
