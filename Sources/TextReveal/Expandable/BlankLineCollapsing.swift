@_spi(Backend) import TextLayout

/// The clean-up an expandable text applies: trimming and collapsing runs of blank lines, keeping
/// each character's style.
package enum BlankLineCollapsing {
  /// The text without leading and trailing whitespace.
  package static func trimmed(_ text: StyledText) -> StyledText {
    let scalars = Array(text.string.unicodeScalars)
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
      return StyledText("", style: text.runs.first?.style ?? TextStyle())
    }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return keeping(text, scalars.indices.map { $0 >= first && $0 <= last })
  }

  /// The text with every run of blank lines — a newline, optional whitespace, another newline,
  /// and so on — replaced by one newline. Indentation after the run is kept.
  package static func collapsed(_ text: StyledText) -> StyledText {
    let scalars = Array(text.string.unicodeScalars)
    var keep = Array(repeating: true, count: scalars.count)
    var held: [Int] = []  // a newline and the whitespace after it, not yet known to be kept
    for (index, scalar) in scalars.enumerated() {
      if scalar == "\n" {
        for dropped in held { keep[dropped] = false }
        held = [index]
      } else if !held.isEmpty && !scalar.properties.isWhitespace {
        held = []
      } else if !held.isEmpty {
        held.append(index)
      }
    }
    return keeping(text, keep)
  }

  /// Whether a run of blank lines may start before a UTF-8 offset: a newline there followed by
  /// ASCII spaces, tabs or carriage returns and then another newline or a non-ASCII scalar
  /// (which may be white space). `false` means ``collapsed(_:)`` changes nothing before the
  /// offset; `true` is only a maybe, and costs a look at bytes, not scalars.
  package static func mayHaveBlankLine<Bytes: Collection<UInt8>>(
    _ utf8: Bytes, startingBefore end: Int
  ) -> Bool where Bytes.Index == Int {
    var index = utf8.startIndex
    let limit = min(utf8.endIndex, utf8.startIndex + end)
    while index < limit {
      defer { index += 1 }
      guard utf8[index] == UInt8(ascii: "\n") else { continue }
      var next = index + 1
      scan: while next < utf8.endIndex {
        switch utf8[next] {
        case 0x20, 0x09, 0x0B, 0x0C, 0x0D: next += 1
        case 0x0A, 0x80...: return true
        default: break scan
        }
      }
    }
    return false
  }

  /// Whether collapsing changes the text.
  package static func hasBlankLines(_ text: StyledText) -> Bool {
    collapsed(text).string != text.string
  }

  /// The scalars of a text that `keep` keeps, each with its style.
  ///
  /// Kept scalars are appended a stretch at a time (consecutive scalars of one run): an append
  /// per scalar made the text's language sample be read again on every character.
  static func keeping(_ text: StyledText, _ keep: [Bool]) -> StyledText {
    var result = StyledText("", style: text.runs.first?.style ?? TextStyle())
    var stretch = String.UnicodeScalarView()
    var stretchRun: Int?
    func flush() {
      if let stretchRun, !stretch.isEmpty {
        result.append(String(stretch), style: text.runs[stretchRun].style)
      }
      stretch = String.UnicodeScalarView()
      stretchRun = nil
    }
    var run = 0
    var index = 0
    var offset = 0
    for scalar in text.string.unicodeScalars {
      defer {
        index += 1
        offset += scalar.utf8.count
      }
      while run + 1 < text.runs.count && text.runs[run].range.upperBound <= offset { run += 1 }
      guard keep[index] else {
        flush()
        continue
      }
      if stretchRun != run { flush() }
      stretchRun = run
      stretch.append(scalar)
    }
    flush()
    return result
  }
}
