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
  ///
  /// Standard input is written, and standard error read, on threads of their own while this
  /// one reads standard output: a pipe holds only 64 KiB, so writing all of a large input
  /// before reading, or reading one output to its end before the other, can leave the child
  /// and this process waiting on each other.
  init(_ arguments: [String], input: Data? = nil) throws {
    _ = Self.ignoreBrokenPipes
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
    let done = DispatchGroup()
    if let input {
      let writer = stdin.fileHandleForWriting
      DispatchQueue.global().async(group: done) {
        // A child that exits without reading all of it closes the pipe: the rest is dropped.
        try? writer.write(contentsOf: input)
        try? writer.close()
      }
    }
    let error = Collected()
    let errorReader = stderr.fileHandleForReading
    DispatchQueue.global().async(group: done) {
      error.data = errorReader.readDataToEndOfFile()
    }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    status = process.terminationStatus
    self.output = String(decoding: output, as: UTF8.self)
    self.error = String(decoding: error.data, as: UTF8.self)
  }

  /// Makes a write into a pipe whose reader has gone fail with `EPIPE` instead of killing
  /// the test process with `SIGPIPE`: a child that exits before reading all of its input
  /// (an early usage error, say) is an outcome the tests check, not a reason to stop them.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// What a reading thread collected; read only after the thread is done.
  private final class Collected: @unchecked Sendable {
    var data = Data()
  }

  /// Runs a shell line with `$B` set to the binary; returns status, standard output and error.
  static func shell(_ line: String) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", line]
    var environment = ProcessInfo.processInfo.environment
    environment["B"] = binary.path
    process.environment = environment
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID())")
    let error = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(UUID())")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: error.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: error)
    }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: error)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self),
      try String(contentsOf: error, encoding: .utf8)
    )
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
