import Foundation
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

  /// A prepared text with its runs of blank lines collapsed, when a blank line starts before a
  /// UTF-8 offset (one further on changes nothing before it) and collapsing changes the text;
  /// otherwise `nil`, and the caller keeps the text it has. A list's row passes the end of what
  /// its collapsed lines show; the expandable text, its whole text.
  package static func collapsed(_ text: PreparedText, before end: Int) -> PreparedText? {
    var string = text.text.string
    let mayCollapse = string.withUTF8 { mayHaveBlankLine($0, startingBefore: end) }
    guard mayCollapse else { return nil }
    let collapsed = collapsed(text.text)
    return collapsed.string.utf8.count == string.utf8.count ? nil : PreparedText(collapsed)
  }

  /// Whether a run of blank lines may start before a UTF-8 offset: a newline there followed by
  /// ASCII spaces, tabs or carriage returns and then another newline or a non-ASCII scalar
  /// (which may be white space). `false` means ``collapsed(_:)`` changes nothing before the
  /// offset; `true` is only a maybe. It looks only at the bytes after newlines: `memchr` finds
  /// those, so a list's rows without any cost a few instructions for a hundred bytes.
  package static func mayHaveBlankLine(
    _ utf8: UnsafeBufferPointer<UInt8>, startingBefore end: Int
  ) -> Bool {
    guard let base = utf8.baseAddress else { return false }
    let limit = min(utf8.count, max(0, end))
    var index = 0
    while index < limit {
      guard let found = memchr(base + index, Int32(UInt8(ascii: "\n")), limit - index) else {
        return false
      }
      var next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      index = next
      scan: while next < utf8.count {
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
