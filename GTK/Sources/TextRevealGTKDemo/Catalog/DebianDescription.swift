/// Debian's description format (Policy 5.6.13) turned into display text.
///
/// The field's first line is the synopsis; each later line starts with a space:
/// - ` .` alone is a blank line, which separates paragraphs;
/// - a line starting with one space is part of a paragraph: successive such lines are one
///   paragraph, joined with spaces (the display wraps it);
/// - a line starting with two or more spaces is shown verbatim, on its own line, with the
///   first space removed;
/// - a line of a space, a full stop and more is reserved: it is left out.
enum DebianDescription {
  /// The long description's display text from the field's continuation lines, each with its
  /// leading space.
  static func text(fromContinuationLines lines: [Substring]) -> String {
    var result = ""
    /// What the last line was, to know how the next one joins it.
    enum Last { case start, paragraph, verbatim, blank }
    var last = Last.start
    for line in lines {
      let body = line.dropFirst()
      if body == "." {
        if last != .start && last != .blank {
          result += "\n\n"
          last = .blank
        }
      } else if body.hasPrefix(".") {
        continue
      } else if body.hasPrefix(" ") || body.hasPrefix("\t") {
        if last == .paragraph || last == .verbatim { result += "\n" }
        result += body
        last = .verbatim
      } else {
        let words = body.trimmingSpaces()
        guard !words.isEmpty else { continue }
        switch last {
        case .paragraph: result += " "
        case .verbatim: result += "\n"
        case .start, .blank: break
        }
        result += words
        last = .paragraph
      }
    }
    // A description ending in a blank line keeps no trailing break.
    while result.hasSuffix("\n") { result.removeLast() }
    return result
  }
}

extension Substring {
  /// The text without spaces and tabs at either end.
  fileprivate func trimmingSpaces() -> Substring {
    let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
    let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
    return self[start..<end]
  }
}
