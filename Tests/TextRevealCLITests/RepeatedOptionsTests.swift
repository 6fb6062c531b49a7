import ArgumentParser
import Testing

@testable import textreveal

/// Options given many times reach swift-argument-parser once each, with the same meaning.
@Suite struct RepeatedOptionsTests {
  static let table = RepeatedOptions.options(of: TextRevealCommand.self)

  func rewrite(_ arguments: [String]) -> [String] {
    RepeatedOptions.rewrite(arguments, options: Self.table)
  }

  @Test("the commands' options are read from their description")
  func table() throws {
    let render = try #require(Self.table["render"])
    #expect(render["--width"]?.isUnconditional == true)
    #expect(render["-o"]?.key == "output" && render["--output"]?.key == "output")
    #expect(render["--spoiler"]?.isRepeating == true)
    #expect(render["--animate"]?.takesValue == false)
    // Every repeating option is one whose values are joined and split again: another would
    // reach swift-argument-parser once per occurrence.
    for (command, options) in Self.table where command != "help" {
      let repeating = Set(options.values.filter(\.isRepeating).map(\.key))
      #expect(repeating == RepeatedOptions.joined[command] ?? [], "\(command)")
    }
  }

  @Test("10,000 occurrences of an option become one")
  func collapses() throws {
    let spoilers = Array(repeating: ["--spoiler", "a"], count: 10_000).flatMap { $0 }
    let widths = Array(repeating: ["--width", "100"], count: 10_000).flatMap { $0 }
    let flags = Array(repeating: "--animate", count: 10_000)
    let rewritten = rewrite(["render", "--text", "a"] + spoilers + widths + flags + ["-o", "x"])
    #expect(rewritten.count == 10)
    let spoiler = try #require(rewritten.firstIndex(of: "--spoiler"))
    #expect(RepeatedOptions.split([rewritten[spoiler + 1]]).count == 10_000)
  }

  @Test(
    "the meaning stays: the last value counts, values keep their order, the rest goes through",
    arguments: [
      (
        ["render", "--width", "10", "--width=20", "in.txt", "-o", "x"],
        ["render", "--width", "20", "-o", "x", "in.txt"]
      ),
      (
        ["render", "--spoiler", "b", "x.txt", "--spoiler=a", "--spoiler", "b"],
        ["render", "--spoiler", "b\u{0}a\u{0}b", "x.txt"]
      ),
      // An option without its value, and what follows --, are swift-argument-parser's.
      (["render", "--text", "--width", "5"], ["render", "--width", "5", "--text"]),
      (
        ["render", "--width", "-5", "--", "--text", "a"],
        ["render", "--width", "-5", "--", "--text", "a"]
      ),
      (["render", "--unknown", "v", "-o", "-"], ["render", "-o", "-", "--unknown", "v"]),
      (["measure", "--width", "1", "--width", "2"], ["measure", "--width", "2"]),
      (["--help"], ["--help"]),
    ] as [([String], [String])])
  func keepsMeaning(arguments: [String], expected: [String]) {
    #expect(rewrite(arguments) == expected)
  }

  @Test("split values are validated: an empty or blank phrase among many is still an error")
  func validatesSplitValues() throws {
    let spoilers = Array(repeating: ["--spoiler", "a"], count: 500).flatMap { $0 }
    for bad in ["", " "] {
      let run = try CommandRun(
        ["render", "--text", "a b"] + spoilers + ["--spoiler", bad, "-o", "/dev/null"])
      #expect(run.status == 1)
      #expect(run.error.contains("--spoiler"), "\(run.error)")
      #expect(run.error.contains("Usage: textreveal render"), "\(run.error)")
    }
    let fine = try CommandRun(["render", "--text", "a b"] + spoilers + ["-o", "/dev/null"])
    #expect(fine.status == 0, "\(fine.error)")
    #expect(fine.output.contains("1 spoilers hidden"), "\(fine.output)")
  }
}
