@_spi(Backend) import TextLayout

extension MarkdownParser {
  /// The styled text of the start of some Markdown, and how much of it is the whole text's.
  struct StyledPrefix {
    /// The text of the Markdown's start.
    var text: StyledText
    /// How many UTF-8 bytes of `text` (characters and styles) are the whole Markdown's.
    var exactCount: Int
    /// Whether `text` is the whole Markdown's text.
    var isWhole: Bool
    /// The offset of the first character that Markdown after the cut could read differently
    /// (an unclosed `[`, a lone `*`…), when it limits `exactCount`.
    var unsettledMarkup: Int? = nil
  }

  /// Measures Markdown as `engine.measure(_:configuration:)` measures its
  /// ``styledText(from:base:codeFamily:)``, parsing only the start that the visible lines need.
  ///
  /// A description of a few kilobytes shown in three lines needs a few hundred bytes of it:
  /// the Markdown is parsed up to a white space past an estimate of what the lines hold, the
  /// start is measured, and when the measurement read text that the rest of the Markdown could
  /// still change (an unclosed `*`, `[`, `` ` ``…, see ``styledPrefix(of:base:codeFamily:impliedLanguage:minimumBytes:)``),
  /// a start twice as long is tried, then the whole Markdown. Markup left open far before
  /// the cut (a `_` in `safe_read`, which never closes) goes to the whole Markdown at once:
  /// a longer start rarely settles it, and each try costs a parse and a measurement.
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
    var tries = 0
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
      tries += 1
      let isOpenFarBack = start.unsettledMarkup.map {
        start.text.string.utf8.count - $0 > farBack
      }
      budget = tries >= 2 || isOpenFarBack == true || budget > Int.max / 2 ? Int.max : budget * 2
    }
  }

  /// How far before the end of a start's text open markup makes the next try the whole
  /// Markdown: about two lines of text.
  static let farBack = 256

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
  /// `minimumBytes`, or the first place there between two Han or kana letters (Chinese and
  /// Japanese put no spaces between words), or all of it.
  ///
  /// The start's text is the whole text's up to the first character that Markdown after the
  /// cut could read differently: a literal `*`, `_` or `~` (an unmatched delimiter may
  /// match one later), `` ` `` (a code span), `[` or `![` (a link or image), `<` (an
  /// autolink or raw HTML), `\` (a hard break at the cut), or a spoiler marker without a
  /// partner. CommonMark matches a closing delimiter with openers before it only, so what
  /// was matched before the cut stays matched; and a cut at white space or between two
  /// letters splits no word of Latin script, entity, delimiter run or flanking, since
  /// letters are neither white space nor punctuation. Only the last paragraph can hold such
  /// a character: inline syntax never spans a blank line.
  ///
  /// At white space, the start's last word is not counted either, with the white space
  /// after it: the line may continue or end in a hard break, and cmark-gfm reads an
  /// autolink at the end of its input differently (`www.example.org_` is a link there and
  /// plain text before a space). Between letters, the text after the last white space is
  /// not counted when it may hold an autolink (`www.`, `://`, `@`), whose path may go on
  /// in letters.
  ///
  /// - Parameters:
  ///   - markdown: The whole Markdown.
  ///   - impliedLanguage: The language the whole Markdown implies (``impliedLanguage(of:)``).
  ///   - minimumBytes: How many bytes of Markdown to parse at least.
  static func styledPrefix(
    of markdown: String, base: TextStyle, codeFamily: String, impliedLanguage: TextLanguage?,
    minimumBytes: Int
  ) throws(MarkdownError) -> StyledPrefix {
    var markdown = markdown
    let cut: Int? = markdown.withUTF8 { bytes in
      guard minimumBytes < bytes.count else { return nil }
      return bytes.indices[minimumBytes...].first { isCut(at: $0, in: bytes) }
    }
    guard let cut else {
      let text = try parse(
        markdown, base: base, codeFamily: codeFamily, impliedLanguage: impliedLanguage,
        findsUnsettled: false
      ).text
      return StyledPrefix(text: text, exactCount: text.string.utf8.count, isWhole: true)
    }
    let (start, isBetweenLetters) = markdown.withUTF8 {
      (String(decoding: $0[..<cut], as: UTF8.self), !isWhiteSpace($0[cut]))
    }
    let (text, unsettled) = try parse(
      start, base: base, codeFamily: codeFamily, impliedLanguage: impliedLanguage,
      findsUnsettled: true)
    var string = text.string
    let settledCount = string.withUTF8 { bytes in
      var end = bytes.count
      if isBetweenLetters {
        let lastWord = (bytes.lastIndex(where: isWhiteSpace) ?? -1) + 1
        if mayHoldAutolink(UnsafeBufferPointer(rebasing: bytes[lastWord...])) { end = lastWord }
      } else {
        while end > 0, isWhiteSpace(bytes[end - 1]) { end -= 1 }
        while end > 0, !isWhiteSpace(bytes[end - 1]) { end -= 1 }
      }
      return end
    }
    guard let unsettled, unsettled < settledCount else {
      return StyledPrefix(text: text, exactCount: settledCount, isWhole: false)
    }
    return StyledPrefix(
      text: text, exactCount: unsettled, isWhole: false, unsettledMarkup: unsettled)
  }

  /// Whether the Markdown may be cut before `index`: at white space, or between two Han or
  /// kana letters.
  private static func isCut(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isWhiteSpace(bytes[index])
      || (index >= 3 && isHanOrKana(at: index, in: bytes) && isHanOrKana(at: index - 3, in: bytes))
  }

  /// Whether a hiragana, katakana or Han letter (U+3041–U+3096, U+30A1–U+30FA,
  /// U+3400–U+4DBF, U+4E00–U+9FFF) starts at `index`: three bytes of UTF-8.
  private static func isHanOrKana(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard index + 2 < bytes.count else { return false }
    let lead = bytes[index]
    let second = bytes[index + 1]
    let third = bytes[index + 2]
    guard (0xE3...0xE9).contains(lead), second & 0xC0 == 0x80, third & 0xC0 == 0x80 else {
      return false
    }
    let scalar =
      UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
    return (0x3041...0x3096).contains(scalar) || (0x30A1...0x30FA).contains(scalar)
      || (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
  }

  /// Whether text may hold a GFM autolink: `www.`, a scheme's `://` or an e-mail's `@`.
  private static func mayHoldAutolink(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for pattern in ["www.", "://", "@"] {
      let pattern = Array(pattern.utf8)
      if text.count >= pattern.count,
        (0...(text.count - pattern.count)).contains(where: {
          text[$0..<($0 + pattern.count)].elementsEqual(pattern)
        })
      {
        return true
      }
    }
    return false
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
