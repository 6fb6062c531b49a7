import Foundation

/// One run of the built `textreveal` binary: its exit status and what it printed.
struct CommandRun {
  var status: Int32
  var output: String
  var error: String

  /// The built binary: next to the test bundle, or `TEXTREVEAL_BINARY`.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["TEXTREVEAL_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("textreveal")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("textreveal")
  }()

  /// Runs the binary with arguments, writing `input` to its standard input (closed at once
  /// when `nil`), and waits for it.
  init(_ arguments: [String], input: Data? = nil) throws {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    if let input {
      stdin.fileHandleForWriting.write(input)
      try stdin.fileHandleForWriting.close()
    }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    self.output = String(decoding: output, as: UTF8.self)
    self.error = String(decoding: error, as: UTF8.self)
  }

  /// JSON Lines of records, as `measure` and `render-list` read them.
  static func jsonLines(_ records: [[String: Any]]) throws -> Data {
    var data = Data()
    for record in records {
      data += try JSONSerialization.data(withJSONObject: record)
      data += Data("\n".utf8)
    }
    return data
  }
}
