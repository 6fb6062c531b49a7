import ArgumentParser
import Foundation
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// `textreveal measure`: lays out JSON Lines records and prints their lines, as JSON Lines.
struct MeasureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "measure",
    abstract: "Lay out JSON Lines records ({\"id\", \"text\"}) and print their lines.",
    discussion: """
      Reads one JSON object per line and writes one JSON object per record, in input order:
      {"id", "lines": [{"text", "start", "end", "width"}], "isTruncated", "visibleEnd",
      "isClipped", "size", "uncovered"}. "isClipped" is true when a line is wider than --width:
      a grapheme cluster wider than a whole line overflows it, since lines never break inside
      one. "uncovered" lists the visible characters no installed font covers, drawn as boxes,
      as [{"text", "start", "end"}].
      Offsets are UTF-8 byte offsets into the record's text; a line's start and end include its
      trailing whitespace and newline, its text does not. A bad record yields {"id", "error"}
      (or {"line", "error"} when it has no id) and the others are still measured; the exit
      status is 1 when any record failed. Blank input lines are skipped.
      """
  )

  @Option(parsing: .unconditional, help: "The layout width in points.")
  var width: Double

  @Option(
    parsing: .unconditional,
    help: "The maximum number of lines (at least 1); unlimited when omitted.")
  var lineLimit: Int?

  @Option(parsing: .unconditional, help: "The font size in points.")
  var size: Double = 17

  @Option(help: "A font file to use instead of DejaVu Sans.")
  var font: String?

  /// The language of records without a "lang" field, and the line-breaking locale.
  @OptionGroup var language: LanguageOptions

  @Argument(help: "A JSON Lines file; standard input when omitted.")
  var input: String?

  func validate() throws {
    try OptionRange.check(width, option: "width", maximum: OptionRange.width, unit: "points")
    if let lineLimit { try OptionRange.check(lineLimit: lineLimit) }
    try OptionRange.check(size, option: "size", maximum: OptionRange.size, unit: "points")
  }

  func run() throws {
    var reader = try LineReader(path: input)
    let stack = try language.stack(fontPath: font)
    let measurer = RecordMeasurer(
      engine: TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer),
      style: TextStyle(fontFamily: stack.defaultFamily, size: size, language: language.lang),
      configuration: LayoutConfiguration(
        width: width, lineLimit: lineLimit.map(LineLimit.lines) ?? .unlimited))
    // Record by record: each answer is written before the input is read further (so a pipe
    // sees it as soon as its record arrives), and memory stays flat whatever the input's size.
    var output = StandardOutput()
    var failures = 0
    while let (number, line) = try reader.next() {
      guard !JSONLines.isBlank(line) else { continue }
      let result = measurer.measure(record: line, lineNumber: number)
      if result.isFailure { failures += 1 }
      try output.write(result.json)
      if !reader.hasBufferedLine { try output.flush() }
    }
    try output.flush()
    if failures > 0 {
      Console.warn("measure: \(failures) record(s) failed")
      throw ExitCode(1)
    }
  }
}
