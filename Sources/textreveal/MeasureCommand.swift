import ArgumentParser
import Foundation
import TextLayout
import TextShaping

/// `textreveal measure`: lays out JSON Lines records and prints their lines, as JSON Lines.
struct MeasureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "measure",
    abstract: "Lay out JSON Lines records ({\"id\", \"text\"}) and print their lines.",
    discussion: """
      Reads one JSON object per line and writes one JSON object per record, in input order:
      {"id", "lines": [{"text", "start", "end", "width"}], "isTruncated", "visibleEnd", "size"}.
      Offsets are UTF-8 byte offsets into the record's text; a line's start and end include its
      trailing whitespace and newline, its text does not. A bad record yields {"id", "error"}
      (or {"line", "error"} when it has no id) and the others are still measured; the exit
      status is 1 when any record failed. Blank input lines are skipped.
      """
  )

  @Option(help: "The layout width in points.")
  var width: Double

  @Option(help: "The maximum number of lines (at least 1); unlimited when omitted.")
  var lineLimit: Int?

  @Option(help: "The font size in points.")
  var size: Double = 17

  @Option(help: "A font file to use instead of DejaVu Sans.")
  var font: String?

  @Argument(help: "A JSON Lines file; standard input when omitted.")
  var input: String?

  func validate() throws {
    guard width.isFinite, width > 0 else {
      throw ValidationError("--width must be a finite number greater than 0, got \(width)")
    }
    if let lineLimit, lineLimit < 1 {
      throw ValidationError("--line-limit must be at least 1, got \(lineLimit)")
    }
    guard size.isFinite, size > 0 else {
      throw ValidationError("--size must be a finite number greater than 0, got \(size)")
    }
  }

  func run() throws {
    let data: Data
    do {
      if let input {
        data = try Data(contentsOf: URL(fileURLWithPath: input))
      } else {
        data = FileHandle.standardInput.readDataToEndOfFile()
      }
    } catch {
      throw CommandError("cannot read input file \(input ?? "-"): \(error.localizedDescription)")
    }
    let stack: TextStack
    do {
      stack = try TextStack(fontPath: font)
    } catch {
      throw CommandError("\(error)")
    }
    let measurer = RecordMeasurer(
      engine: TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer),
      style: TextStyle(fontFamily: stack.defaultFamily, size: size),
      configuration: LayoutConfiguration(
        width: width, lineLimit: lineLimit.map(LineLimit.lines) ?? .unlimited))
    var output = StandardOutput()
    var failures = 0
    for (number, line) in JSONLines.split(data) {
      let result = measurer.measure(record: line, lineNumber: number)
      if result.isFailure { failures += 1 }
      output.write(result.json)
    }
    output.flush()
    if failures > 0 {
      FileHandle.standardError.write(Data("measure: \(failures) record(s) failed\n".utf8))
      throw ExitCode(1)
    }
  }
}
