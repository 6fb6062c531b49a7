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

  /// Whether collapsing changes the text.
  package static func hasBlankLines(_ text: StyledText) -> Bool {
    collapsed(text).string != text.string
  }

  static func keeping(_ text: StyledText, _ keep: [Bool]) -> StyledText {
    var result = StyledText("", style: text.runs.first?.style ?? TextStyle())
    var index = 0
    var offset = 0
    for scalar in text.string.unicodeScalars {
      defer {
        index += 1
        offset += scalar.utf8.count
      }
      guard keep[index] else { continue }
      result.append(String(scalar), style: text.style(at: offset))
    }
    return result
  }
}
