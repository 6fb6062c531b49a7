import Foundation
import TextLayout
import TextMarkdown

/// The scaling classes of issue 28: each input that grew faster than itself.
///
/// - `markdown-*`: Markdown patterns that made cmark-gfm 0.29 quadratic (links before emphasis,
///   `<?`, `<!A `, CDATA, `![[]()`), and two that would make a careless parser so (a `www.`
///   after every `_`, and emphasis whose search stop is removed again and again): the whole
///   parse, `MarkdownParser.styledText`.
/// - `cli-*`: the command-line tool, run from `TEXTREVEAL_BINARY` or the root package's release
///   build, on a file of n bytes: `render --spoiler a` on `a ` × n, `render --markdown
///   --type-size AX5` on `**a** b ` × n, `render --markdown` on `[a](b) c ` × n, and
///   `--spoiler a` given n / 12 times (n bytes of arguments). Its time is the whole run's,
///   start-up included.
extension Scaling {
  static let hardeningClasses: [InputClass] = [
    markdown("markdown-link-underscore", "[b](c) _x_ "),
    markdown("markdown-link-star", "[b](c) *x* "),
    markdown("markdown-processing-instruction", "<?"),
    markdown("markdown-declaration", "<!A "),
    markdown("markdown-cdata", "<![CDATA["),
    markdown("markdown-image-brackets", "![[]()"),
    markdown("markdown-www-underscore", "www.a_"),
    InputClass(
      name: "markdown-emphasis-bottoms", size: 250_000, make: { _ in StyledText("") },
      work: { (bytes: Int) throws(BenchError) -> () throws(BenchError) -> Int in
        // Openers no closer of the class may take, then closers that fail and openers that
        // a later closer takes, removing the stop the failed search left.
        let markdown =
          String(repeating: " *a", count: bytes / 6)
          + String(repeating: "a**b a* ", count: bytes / 16)
        return { () throws(BenchError) -> Int in
          MarkdownParser.styledText(from: markdown, base: style).runs.count
        }
      }),
    command("cli-spoiler", size: 250_000, unit: "a ", ["--spoiler", "a"]),
    command(
      "cli-type-size", size: 250_000, unit: "**a** b ", ["--markdown", "--type-size", "AX5"]),
    command("cli-links", size: 250_000, unit: "[a](b) c ", ["--markdown"]),
    // 120 KB of options at n, 480 KB at 4n: 80,000 arguments, within Linux's 2 MB limit on a
    // process's arguments and environment, which 4 × 250 KB passed as options exceeds.
    InputClass(
      name: "cli-options", size: 120_000, make: { _ in StyledText("") },
      work: { (bytes: Int) throws(BenchError) -> () throws(BenchError) -> Int in
        let spoilers = Array(repeating: ["--spoiler", "a"], count: bytes / 12).flatMap { $0 }
        return try runner(["render", "--text", "a b"] + spoilers + ["-o", "/dev/null"])
      }, isExternal: true),
  ]

  /// The whole parse of a pattern repeated to `size` bytes.
  static func markdown(_ name: String, _ pattern: String) -> InputClass {
    InputClass(
      name: name, size: 250_000, make: { _ in StyledText("") },
      work: { (bytes: Int) throws(BenchError) -> () throws(BenchError) -> Int in
        let markdown = String(repeating: pattern, count: max(1, bytes / pattern.utf8.count))
        return { () throws(BenchError) -> Int in
          MarkdownParser.styledText(from: markdown, base: style).runs.count
        }
      })
  }

  /// `textreveal render FILE ARGUMENTS -o /dev/null` on a unit repeated to `size` bytes.
  static func command(_ name: String, size: Int, unit: String, _ arguments: [String])
    -> InputClass
  {
    InputClass(
      name: name, size: size, make: { _ in StyledText("") },
      work: { (bytes: Int) throws(BenchError) -> () throws(BenchError) -> Int in
        let path =
          FileManager.default.temporaryDirectory.appendingPathComponent(
            "scaling-\(name)-\(bytes).txt"
          ).path
        let text = String(repeating: unit, count: max(1, bytes / unit.utf8.count))
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
          throw .child(command: name, reason: "cannot write \(path)")
        }
        return try runner(["render", path] + arguments + ["-o", "/dev/null"])
      }, isExternal: true)
  }

  /// A run of the command-line tool, which must succeed.
  static func runner(_ arguments: [String]) throws(BenchError) -> () throws(BenchError) -> Int {
    let binary =
      ProcessInfo.processInfo.environment["TEXTREVEAL_BINARY"] ?? "../.build/release/textreveal"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw .child(
        command: "textreveal", reason: "no binary at \(binary): make bench builds it first")
    }
    return { () throws(BenchError) -> Int in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        throw .child(command: binary, reason: "\(error)")
      }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw .child(
          command: "textreveal \(arguments.prefix(3).joined(separator: " "))…",
          reason: "exit status \(process.terminationStatus)")
      }
      return Int(process.processIdentifier)
    }
  }
}
