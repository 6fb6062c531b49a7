import Foundation

/// `textreveal-bench --corpus FILE [--repetitions N] [--only NAME]...`: runs the benchmarks of
/// TextReveal's layout engine against Pango and Qt and prints one line per figure.
///
/// `textreveal-bench memory-child ours|peer --corpus FILE` is the child process of the memory
/// benchmark; `textreveal-bench profile NAME --corpus FILE [--repetitions N]` runs only our
/// engine, for a profiler (perf or callgrind), NAME one of truncation-check, full-layout,
/// full-layout-warm (the warm passes alone),
/// first-time-check, first-time-measure, first-time-full-layout, markdown-check,
/// markdown-styled-check (the check of the parsed Markdown alone), markdown-plain-check (the
/// same texts plain), list-rows, list-first, list-warm, list-relayout.
/// `textreveal-bench scaling-child NAME --size N [--repetitions N]` is the child process of a
/// scaling benchmark (see ``Scaling``).
@main
enum BenchCommand {
  static let benchmarks = [
    "truncation-check", "full-layout", "early-exit", "markdown-check", "emoji-check",
    "list-rows", "spoilers", "gtk-frames", "memory", "scaling",
  ]

  static func main() {
    do {
      try run(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("textreveal-bench: \(error)\n".utf8))
      exit(1)
    }
  }

  static func run(_ arguments: [String]) throws(BenchError) {
    var arguments = arguments
    if arguments.first == "scaling-child" {
      try scalingChild(Array(arguments.dropFirst()))
      return
    }
    var child: String?
    var profiled: String?
    if arguments.first == "memory-child" || arguments.first == "profile" {
      guard arguments.count >= 2 else {
        throw .usage("\(arguments[0]) needs ours or peer, or a benchmark to profile")
      }
      if arguments[0] == "profile" { profiled = arguments[1] } else { child = arguments[1] }
      arguments.removeFirst(2)
    }
    var corpusPath: String?
    var repetitions = 7
    var only: [String] = []
    while !arguments.isEmpty {
      let option = arguments.removeFirst()
      guard let value = arguments.first else { throw .usage("\(option) needs a value") }
      arguments.removeFirst()
      switch option {
      case "--corpus": corpusPath = value
      case "--repetitions":
        guard let count = Int(value), count >= 1 else {
          throw .usage("--repetitions needs a positive number, not \(value)")
        }
        repetitions = count
      case "--only":
        guard benchmarks.contains(value) else {
          throw .usage("--only takes one of \(benchmarks.joined(separator: ", ")), not \(value)")
        }
        only.append(value)
      default:
        throw .usage(
          "unknown option \(option); usage: textreveal-bench --corpus FILE"
            + " [--repetitions N] [--only NAME]...")
      }
    }
    guard let corpusPath else {
      throw .usage("--corpus FILE is required (see Benchmarks/Makefile)")
    }
    let corpus = try Corpus(path: corpusPath)
    if let child {
      try Memory.child(side: child, corpus: corpus)
      return
    }
    if let profiled {
      try Profile.run(profiled, corpus: corpus, repetitions: repetitions)
      return
    }

    let characters = corpus.texts.reduce(0) { $0 + $1.string.unicodeScalars.count }
    let bytes = corpus.texts.reduce(0) { $0 + $1.utf8.count }
    output(
      "bench-setup texts=\(corpus.texts.count) characters=\(characters) bytes=\(bytes)"
        + " font=\"\(Setup.family)\" size=\(Int(Setup.size)) width=\(Int(Setup.width))"
        + " line-limit=\(Setup.lineLimit) repetitions=\(repetitions)")
    var suite = Suite(corpus: corpus, repetitions: repetitions)
    let selected = only.isEmpty ? benchmarks : only
    // Each benchmark against Pango, then against Qt (Suite+Qt.swift).
    if selected.contains("truncation-check") {
      try suite.truncationCheck()
      try suite.truncationCheckQt()
    }
    if selected.contains("full-layout") {
      try suite.fullLayout()
      try suite.fullLayoutQt()
    }
    if selected.contains("early-exit") {
      try suite.earlyExit()
      try suite.earlyExitQt()
    }
    if selected.contains("markdown-check") {
      try suite.markdownCheck()
      try suite.markdownCheckQt()
    }
    if selected.contains("emoji-check") {
      try suite.emojiCheck()
      try suite.emojiCheckQt()
    }
    if selected.contains("list-rows") {
      try suite.listRows()
      try suite.listRowsQt()
    }
    if selected.contains("spoilers") { try Spoilers.run(repetitions: repetitions) }
    if selected.contains("gtk-frames") {
      try FrontEndFrames.run(corpus: corpus, repetitions: repetitions)
    }
    if selected.contains("memory") { try Memory.compare(corpusPath: corpusPath) }
    if selected.contains("scaling") { try Scaling.run(repetitions: min(repetitions, 5)) }
    output("bench-done checksum=\(suite.checksum)")
  }

  /// `scaling-child NAME --size N [--repetitions N]`.
  static func scalingChild(_ arguments: [String]) throws(BenchError) {
    guard let name = arguments.first else { throw .usage("scaling-child needs a class name") }
    var size: Int?
    var repetitions = 3
    var rest = arguments.dropFirst()
    while let option = rest.popFirst() {
      guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 else {
        throw .usage("\(option) needs a positive number")
      }
      switch option {
      case "--size": size = value
      case "--repetitions": repetitions = value
      default: throw .usage("unknown option \(option) for scaling-child")
      }
    }
    guard let size else { throw .usage("scaling-child needs --size") }
    try Scaling.measure(name, size: size, repetitions: repetitions)
  }
}

/// Writes a line to standard output at once (unbuffered), so that `tee` shows each figure as it
/// comes and a child's output is complete when it exits.
func output(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
