/// The cases of the Unicode Consortium's LineBreakTest.txt (UAX #14 conformance data).
///
/// Each case line lists code points with `÷` (break) or `×` (no break) between and around them,
/// followed by a comment after `#` that names the rules applied.
struct LineBreakTestFile {
  /// Where Debian's unicode-data package installs the file.
  static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

  /// One test case.
  struct Case {
    /// The 1-based line number in the file.
    var line: Int
    /// The text made of the case's code points.
    var text: String
    /// The expected break offsets, in UTF-8 bytes, excluding 0.
    var breaks: [Int]
    /// The rule comment, for messages.
    var comment: String
  }

  /// The cases, and the lines whose code points Swift strings cannot hold (lone surrogates).
  var cases: [Case] = []
  var unrepresentableLines: [Int] = []

  /// Parses the file's text.
  init(contents: String) {
    for (index, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let parts = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let fields = parts.first?.split(whereSeparator: \.isWhitespace) ?? []
      guard !fields.isEmpty else { continue }
      var text = ""
      var breaks: [Int] = []
      var offset = 0
      var isRepresentable = true
      for field in fields {
        switch field {
        case "÷":
          if offset > 0 { breaks.append(offset) }
        case "×":
          break
        default:
          guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else {
            isRepresentable = false
            continue
          }
          text.unicodeScalars.append(scalar)
          offset += String(scalar).utf8.count
        }
      }
      guard isRepresentable else {
        unrepresentableLines.append(index + 1)
        continue
      }
      let comment = parts.count > 1 ? String(parts[1]).trimmingSpaces() : ""
      cases.append(Case(line: index + 1, text: text, breaks: breaks, comment: comment))
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
