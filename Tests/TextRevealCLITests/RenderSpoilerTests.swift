import Foundation
import Testing

/// End-to-end tests of `textreveal render --spoiler` on the built binary.
@Suite struct RenderSpoilerTests {
  static let text =
    "The film ends when the butler turns out to be the twin brother of the detective, and"
    + " nobody survives the last scene."

  func output() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("spoiler-\(UUID()).png").path
  }

  @Test("spoilers are drawn hidden, revealed, as dust and as a reveal from a tap")
  func draws() throws {
    let base = [
      "render", "--text", Self.text, "--state", "expanded", "--spoiler", "the butler",
      "--spoiler", "nobody survives",
    ]
    for extra in [[], ["--spoiler-state", "revealed"], ["--animate"], ["--reduce-motion"]] {
      let path = output()
      let run = try CommandRun(base + extra + ["-o", path])
      #expect(run.status == 0, "\(extra): \(run.error)")
      #expect(FileManager.default.fileExists(atPath: path))
    }
    // "the butler" begins after "The film ends when " (19 characters, about 160 points).
    let path = output()
    let run = try CommandRun(base + ["--tap", "175,10", "-o", path])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("revealed from the tap"))
  }

  @Test("bad spoiler options name the problem and exit non-zero")
  func badOptions() throws {
    let missing = try CommandRun(
      ["render", "--text", Self.text, "--spoiler", "not in the text", "-o", output()])
    #expect(missing.status != 0)
    #expect(missing.error.contains("does not occur in the text"))
    let outside = try CommandRun(
      [
        "render", "--text", Self.text, "--spoiler", "nobody survives", "--tap", "1,1", "-o",
        output(),
      ])
    #expect(outside.status != 0)
    #expect(outside.error.contains("not on a hidden word"))
    let malformed = try CommandRun(
      ["render", "--text", Self.text, "--spoiler", "nobody survives", "--tap", "x", "-o", output()])
    #expect(malformed.status != 0)
    #expect(malformed.error.contains("--tap"))
    let noSpoiler = try CommandRun(["render", "--text", Self.text, "--tap", "5,5", "-o", output()])
    #expect(noSpoiler.status != 0)
    #expect(noSpoiler.error.contains("--spoiler"))
    let noMarkdownSpoiler = try CommandRun(
      ["render", "--markdown", "--text", Self.text, "--tap", "5,5", "-o", output()])
    #expect(noMarkdownSpoiler.status != 0)
    #expect(noMarkdownSpoiler.error.contains("||"), "\(noMarkdownSpoiler.error)")
  }

  @Test("--spoiler with only white space names it, instead of blaming the visible lines")
  func whiteSpacePhrase() throws {
    for phrase in [" ", "\t", "  "] {
      let run = try CommandRun(["render", "--text", Self.text, "--spoiler", phrase, "-o", output()])
      #expect(run.status != 0)
      #expect(run.error.contains("only white space"), "\(run.error)")
      #expect(!run.error.contains("past the visible lines"))
    }
  }

  @Test("Markdown spoilers count as spoilers for --tap, as for the still and --animate")
  func markdownTap() throws {
    let text = "It was ||the butler|| all along."
    for extra in [[], ["--animate"], ["--tap", "70,10"]] {
      let path = output()
      let run = try CommandRun(["render", "--markdown", "--text", text] + extra + ["-o", path])
      #expect(run.status == 0, "\(extra): \(run.error)")
      #expect(FileManager.default.fileExists(atPath: path))
    }
  }

  @Test("--spoiler of one person of a family or one letter of a flag draws the whole emoji")
  func emojiPhrase() throws {
    let cases = [
      ("Meet the family 👨‍👩‍👧 today", "👩", "👨‍👩‍👧"), ("Go team 🇺🇸 go", "🇸", "🇺🇸"),
    ]
    for (text, part, whole) in cases {
      // Drawn as if the whole emoji were named: the same picture, byte for byte.
      var pictures: [Data] = []
      for phrase in [part, whole] {
        let path = output()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CommandRun(
          [
            "render", "--text", text, "--state", "expanded", "--spoiler", phrase,
            "--spoiler-state", "revealed", "-o", path,
          ])
        #expect(run.status == 0, "\(phrase): \(run.error)")
        #expect(run.output.contains("1 spoilers revealed"), "\(run.output)")
        pictures.append(try Data(contentsOf: URL(fileURLWithPath: path)))
      }
      #expect(pictures[0] == pictures[1], "\(part) in \(whole)")
    }
  }
}
