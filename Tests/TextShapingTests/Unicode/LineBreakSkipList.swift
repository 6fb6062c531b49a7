import Foundation
import Testing

/// The known deviations of ICU's line breaking from LineBreakTest.txt, read from
/// `Resources/LineBreakTestSkips.txt`.
///
/// Each entry is `line N` (one case of the file, by its line number), followed by `#` and the
/// reason: single cases only, so that a skip never hides a family of cases.
struct LineBreakSkipList {
  var lines: Set<Int> = []

  static func load() throws -> LineBreakSkipList {
    let url = try #require(
      Bundle.module.url(
        forResource: "LineBreakTestSkips", withExtension: "txt", subdirectory: "Resources"))
    var list = LineBreakSkipList()
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty && !trimmed.hasPrefix("#") else { continue }
      let entry = trimmed.split(separator: "#", maxSplits: 1).first ?? ""
      let words = entry.split(separator: " ", maxSplits: 1)
      guard words.count == 2 else { continue }
      let value = words[1].trimmingCharacters(in: .whitespaces)
      guard words[0] == "line", let number = Int(value) else {
        Issue.record("LineBreakTestSkips.txt: not a `line N` entry: \(line)")
        continue
      }
      list.lines.insert(number)
    }
    return list
  }

  func contains(line: Int) -> Bool {
    lines.contains(line)
  }
}
