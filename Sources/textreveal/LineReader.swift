import Foundation

/// Reads an input (a file, or standard input) line by line as it arrives, with line numbers:
/// a record is answered before the next is read, and memory follows the longest line, not the
/// input.
///
/// Lines end at LF, CR LF or a CR alone (a file from an old Mac tool ends records that way).
struct LineReader {
  private let handle: FileHandle
  private let name: String
  private var buffer = Data()
  private var start = 0
  /// How many bytes from `start` on are known to hold no line end: a long line is read in
  /// many chunks, and searching it from its start after each one made it quadratic.
  private var searched = 0
  private var isAtEnd = false
  private var number = 0

  /// The size of one read.
  static let chunk = 1 << 16

  /// Opens a file, or standard input for `nil` or `-`.
  ///
  /// - Throws: ``CommandError`` naming the file and what is wrong with it (missing, a
  ///   directory, unreadable), or a closed standard input.
  init(path: String?) throws(CommandError) {
    guard let path, path != "-" else {
      // A closed standard input (`<&-`) has no descriptor 0 to read.
      guard fcntl(FileHandle.standardInput.fileDescriptor, F_GETFD) != -1 else {
        throw CommandError("cannot read standard input: it is closed")
      }
      handle = FileHandle.standardInput
      name = "standard input"
      return
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CommandError("cannot read input file \(path): no such file")
    }
    guard !isDirectory.boolValue else {
      throw CommandError("cannot read input file \(path): it is a directory")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CommandError("cannot read input file \(path): permission denied")
    }
    self.handle = handle
    name = "input file \(path)"
  }

  /// Whether the next line is already read, so that asking for it will not wait for input.
  var hasBufferedLine: Bool {
    buffer[start...].contains { $0 == 0x0A || $0 == 0x0D } || (isAtEnd && start < buffer.count)
  }

  /// The next line, without its terminator, and its 1-based number; `nil` at the end.
  ///
  /// - Throws: ``CommandError`` when reading fails.
  mutating func next() throws(CommandError) -> (number: Int, bytes: Data)? {
    while true {
      if let end = firstLineEnd(from: start + searched) {
        // A CR at the end of what was read: an LF may follow in the next read.
        if buffer[end] == 0x0D && end + 1 == buffer.count && !isAtEnd {
          try read()
          continue
        }
        var next = end + 1
        if buffer[end] == 0x0D && next < buffer.count && buffer[next] == 0x0A { next += 1 }
        let line = Data(buffer[start..<end])
        start = next
        searched = 0
        number += 1
        compact()
        return (number, line)
      }
      searched = buffer.count - start
      if isAtEnd {
        guard start < buffer.count else { return nil }
        let line = Data(buffer[start...])
        start = buffer.count
        searched = 0
        number += 1
        return (number, line)
      }
      try read()
    }
  }

  /// The offset of the first LF or CR at or after `offset` in the buffer.
  private func firstLineEnd(from offset: Int) -> Int? {
    buffer.withUnsafeBytes { bytes in
      var index = offset
      while index < bytes.count {
        if bytes[index] == 0x0A || bytes[index] == 0x0D { return index }
        index += 1
      }
      return nil
    }
  }

  /// Reads what has arrived, up to a chunk, or notes the end.
  ///
  /// One `read(2)`, which returns as soon as any bytes are there: `FileHandle`'s
  /// `read(upToCount:)` waits for the whole count (or the end), so a record written into a
  /// pipe that stays open was not answered until 64 KiB more came.
  private mutating func read() throws(CommandError) {
    var chunk = [UInt8](repeating: 0, count: Self.chunk)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(handle.fileDescriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
        return
      }
      if count == 0 {
        isAtEnd = true
        return
      }
      if errno == EINTR { continue }
      throw CommandError("cannot read \(name): \(String(cString: strerror(errno)))")
    }
  }

  /// Drops the lines already handed out once they are most of the buffer.
  private mutating func compact() {
    if start > Self.chunk && start * 2 > buffer.count {
      buffer.removeSubrange(0..<start)
      start = 0
    }
  }

  /// Every remaining line, for commands that need the whole input.
  mutating func readAll() throws(CommandError) -> [(number: Int, bytes: Data)] {
    var lines: [(Int, Data)] = []
    while let line = try next() { lines.append(line) }
    return lines
  }

  /// Every remaining byte, line endings included, for commands that read a whole text.
  mutating func readAllBytes() throws(CommandError) -> Data {
    while !isAtEnd { try read() }
    let rest = Data(buffer[start...])
    start = buffer.count
    return rest
  }
}

/// Where UTF-8 stops being valid.
enum UTF8Check {
  /// The offset of the first byte that does not continue valid UTF-8, or the count when all
  /// of it is valid.
  static func firstInvalidOffset(in data: Data) -> Int {
    var iterator = data.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput, .error: return offset
      }
    }
  }
}
