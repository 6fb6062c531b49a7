import Foundation
import Testing

/// End-to-end: characters no installed font covers are named by `measure` and `render`, never
/// drawn as boxes in silence (issue 27).
@Suite struct UncoveredCharacterCommandTests {
  /// Kawi (Unicode 15, newer than every font Debian 12 ships) and U+0378, never assigned.
  static let text = "Kawi \u{11F04}\u{11F05} and \u{0378}, then words enough to wrap the line."

  @Test("measure lists the uncovered characters with their offsets, measures the lines, exits 0")
  func measure() throws {
    let input = try CommandRun.jsonLines([
      ["id": "kawi", "text": Self.text], ["id": "korean", "text": "안녕하세요. 오늘 날씨가 좋습니다."],
    ])
    let result = try CommandRun(["measure", "--width", "150"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let records = try result.records()
    let lines = try #require(records.first?["lines"] as? [[String: Any]])
    #expect(lines.count > 1)
    let uncovered = try #require(records.first?["uncovered"] as? [[String: Any]])
    #expect(uncovered.map { $0["text"] as? String } == ["\u{11F04}", "\u{11F05}", "\u{0378}"])
    #expect(uncovered.map { $0["start"] as? Int } == [5, 9, 18])
    #expect(uncovered.map { $0["end"] as? Int } == [9, 13, 20])
    // Korean is drawn from Noto Sans CJK: nothing to report, but the field is there.
    #expect((records.last?["uncovered"] as? [Any])?.isEmpty == true)
  }

  @Test("render draws the image and warns, naming each script and what to install")
  func render() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uncovered-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try CommandRun(
      ["render", "--text", Self.text, "--width", "320", "-o", output.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(FileManager.default.fileExists(atPath: output.path))
    #expect(
      result.error.contains(
        "render: 3 characters no installed font covers are drawn as boxes: Kawi"
          + " \u{11F04}\u{11F05} (no Debian font package covers it); Unknown U+0378 (code points"
          + " Unicode has not assigned)"), "\(result.error)")
    let clean = try CommandRun(
      ["render", "--text", "안녕하세요. 今天，天气好。", "--width", "320", "-o", output.path])
    #expect(clean.status == 0 && !clean.error.contains("drawn as boxes"), "\(clean.error)")
  }
}
