import Foundation
import Testing

/// The known deviations of ICU's line breaking from LineBreakTest.txt, read from
/// `Resources/LineBreakTestSkips.txt`.
///
/// Each entry is either `line N` (one case of the file) or `rule TEXT` (every case whose rule
/// comment contains TEXT), followed by `#` and the reason.
struct LineBreakSkipList {
  var lines: Set<Int> = []
  var rulePatterns: [String] = []

  static func load() throws -> LineBreakSkipList {
    let url = try #require(
      Bundle.module.url(
        forResource: "LineBreakTestSkips", withExtension: "txt", subdirectory: "Resources"))
    var list = LineBreakSkipList()
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
      let entry = line.split(separator: "#", maxSplits: 1).first ?? ""
      let words = entry.split(separator: " ", maxSplits: 1)
      guard words.count == 2 else { continue }
      let value = words[1].trimmingCharacters(in: .whitespaces)
      switch words[0] {
      case "line": if let number = Int(value) { list.lines.insert(number) }
      case "rule": list.rulePatterns.append(value)
      default: continue
      }
    }
    return list
  }

  func contains(line: Int, comment: String) -> Bool {
    lines.contains(line) || rulePatterns.contains { comment.contains($0) }
  }
}
