import Foundation
import FuzzDriver
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

// The command-line tool's readers of JSON Lines, on arbitrary bytes: the line reader (LF, CR LF
// and CR alone), `measure`'s record measurer and `render-list`'s row parser, compiled from the
// tool's own files. Every record must be answered by one line of valid JSON that names it by
// id or line number, with lines or an error, and the row parser must account for every line.

enum Records {
  static let measurer: RecordMeasurer = {
    do {
      return RecordMeasurer(
        engine: try TextStack().engine, style: TextStyle(size: 17),
        configuration: LayoutConfiguration(width: 200, lineLimit: .lines(3)))
    } catch {
      fatalError("fuzz-records needs the text stack: \(error)")
    }
  }()
  /// The file the input is written to, for the line reader to read.
  static let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-records-\(getpid()).jsonl").path
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRecords(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = Data(FuzzDriver.bytes(start, count))
  guard FileManager.default.createFile(atPath: Records.path, contents: input) else {
    fatalError("cannot write \(Records.path)")
  }
  var lines: [(number: Int, bytes: Data)] = []
  do {
    var reader = try LineReader(path: Records.path)
    lines = try reader.readAll()
  } catch {
    fatalError("reading a regular file failed: \(error)")
  }
  // Lines end at LF, CR LF or CR: the lines and their ends give the input back.
  let ends = input.filter { $0 == 0x0A || $0 == 0x0D }.count
  let crlf = zip(input, input.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
  let expected = ends - crlf + (input.last.map { $0 != 0x0A && $0 != 0x0D } ?? false ? 1 : 0)
  if lines.count != expected { fatalError("\(lines.count) lines, expected \(expected)") }
  for (number, record) in lines where !JSONLines.isBlank(record) {
    let result = Records.measurer.measure(record: record, lineNumber: number)
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(result.json.utf8))
        as? [String: Any]
    else {
      fatalError("line \(number) was answered with invalid JSON: \(result.json)")
    }
    if object["id"] == nil && object["line"] as? Int != number {
      fatalError("line \(number) was answered without its id or number: \(result.json)")
    }
    if result.isFailure != (object["error"] != nil)
      || (object["error"] == nil) == (object["lines"] == nil)
    {
      fatalError("line \(number) has neither lines nor an error, or both: \(result.json)")
    }
  }
  let (rows, problems) = ListRowRecord.parse(lines)
  let nonBlank = lines.filter { !JSONLines.isBlank($0.bytes) }.count
  if rows.count + problems.count != nonBlank {
    fatalError("\(nonBlank) lines gave \(rows.count) rows and \(problems.count) problems")
  }
  return 0
}

exit(FuzzDriver.run(fuzzRecords))
