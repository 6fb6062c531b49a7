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

  @Test(
    "measure finds every character of the languages the README names in an installed font",
    arguments: [
      ("ko_KR.UTF-8", "다람쥐 헌 쳇바퀴에 타고파. 한글과 漢字를 함께 씁니다."),
      ("th", "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า กว่าบรรดาฝูงสัตว์เดรัจฉาน"),
      ("hi", "ऋषि ने क्षत्रिय को ज्ञान दिया; ड़ढ़ और ॐ भी।"), ("fa", "«گوشی» را بردار؛ ۱۲۳ ژاله پژمرد."),
      ("uk", "Щастям б'єш жук їх глицю в фон й ґедзь пріч."),
      ("vi", "Tiếng Việt có dấu: ằ, ẫ, ỵ, ự, ở, đường."),
      ("tr", "Pijamalı hasta yağız şoföre çabucak güvendi."),
      ("pl", "Pchnąć w tę łódź jeża lub ośm skrzyń fig."),
      ("es", "¿El pingüino Wenceslao comió kiwi y añejo? ¡Sí!"),
      (
        "fr",
        "Dès Noël où un zéphyr haï me vêt de glaçons würmiens, je dîne d’exquis rôtis de bœuf."
      ),
      ("zh_CN", "简体中文：“你好”，再见。"), ("zh_TW", "繁體中文：「你好」，再見。"), ("ja_JP", "日本語：「こんにちは」、カタカナ。"),
    ] as [(String, String)])
  func claimedLanguages(_ language: String, _ text: String) throws {
    let input = try CommandRun.jsonLines([["id": language, "text": text, "lang": language]])
    let result = try CommandRun(["measure", "--width", "200"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let record = try #require(try result.records().first)
    #expect((record["lines"] as? [Any])?.isEmpty == false)
    #expect((record["uncovered"] as? [Any])?.isEmpty == true, "\(language): \(record)")
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
