import Foundation

/// Standard output and standard error that report failures instead of trapping.
///
/// `FileHandle.write(_:)` (the Data overload) and `print` either trap or lose output silently
/// when the stream is closed, full (`/dev/full`) or a pipe whose reader left with SIGPIPE
/// ignored; these go through `write(contentsOf:)`, which throws, so the command can exit 1
/// with a message.
enum Console {
  /// Writes to standard output.
  ///
  /// - Throws: ``CommandError`` naming standard output and the system's reason.
  static func write(_ data: Data) throws(CommandError) {
    do {
      try FileHandle.standardOutput.write(contentsOf: data)
    } catch {
      throw CommandError("cannot write to standard output: \(Self.reason(error))")
    }
  }

  /// Whether standard output carries an image (`-o -`): the lines a command prints about its
  /// work go to standard error instead. Set once, before the command runs.
  nonisolated(unsafe) static var isImageOnStandardOutput = false

  /// Writes a line to standard output, or to standard error when an image is going there.
  static func print(_ line: String) throws(CommandError) {
    if isImageOnStandardOutput {
      warn(line)
      return
    }
    try write(Data((line + "\n").utf8))
  }

  /// Writes a line to standard error; a closed or failing standard error loses the message,
  /// nothing else, since there is nowhere left to report it.
  static func warn(_ line: String) {
    try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
  }

  /// The system's words for an I/O error, without Foundation's domain and code.
  static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      posix.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(posix.code)))
    }
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    switch error.code {
    case NSFileReadNoSuchFileError: return "no such file"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
    default: return error.localizedDescription
    }
  }
}

/// Buffered writes to standard output, one JSON line per record.
struct StandardOutput {
  private var buffer = Data()

  /// Adds a line; writes the buffer out when it grows past 64 KiB.
  mutating func write(_ line: String) throws(CommandError) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count > 1 << 16 { try flush() }
  }

  /// Writes out what is buffered.
  mutating func flush() throws(CommandError) {
    guard !buffer.isEmpty else { return }
    try Console.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
