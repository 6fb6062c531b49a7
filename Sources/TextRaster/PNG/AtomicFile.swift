import Foundation
import Synchronization

/// Writes files so that a reader never sees half of one, and so that writing is never a way to
/// destroy something.
///
/// - A regular file (or a path where nothing is) gets the bytes under a temporary name in the
///   same directory, renamed over the path once complete: the path holds either its previous
///   contents or the whole new file. A file replaced this way keeps its permissions and, when
///   the process may give them, its owner and group; what it cannot keep (its owner, or other
///   names it had as hard links, which go on naming the old contents) is said through
///   ``notes``.
/// - Anything else that exists at the path (a device such as `/dev/null`, a FIFO, a socket) is
///   opened and written to, never replaced: renaming over it would put a file where the node
///   was, which root may do even in `/dev`.
/// - The path `-` is standard output.
///
/// A symbolic link is followed, as editors do: the file it names is written.
package enum AtomicFile {
  /// Where notes about what a replacement could not keep go, as sentences naming the path;
  /// nowhere by default. The command-line tool sends them to standard error.
  package static let notes = Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Writes `bytes` to `path`, replacing a regular file there.
  ///
  /// - Throws: ``TextRasterError/cannotWrite(path:function:code:)`` naming `path`, the system
  ///   call that failed and its `errno`.
  static func write(_ bytes: [UInt8], to requestedPath: String) throws(TextRasterError) {
    if requestedPath == "-" {
      try writeAll(bytes, to: STDOUT_FILENO, path: "standard output")
      return
    }
    let path = Self.target(of: requestedPath)
    var existing = stat()
    guard stat(path, &existing) == 0 else {
      // Nothing there (or a path that will not resolve, which the temporary file reports).
      try replace(path, with: bytes, keeping: nil)
      return
    }
    switch existing.st_mode & S_IFMT {
    case S_IFREG: try replace(path, with: bytes, keeping: existing)
    case S_IFDIR: throw .cannotWrite(path: path, function: "open", code: EISDIR)
    default: try writeInPlace(bytes, to: path)
    }
  }

  /// Opens a device, FIFO or other node and writes to it; a socket cannot be opened and is an
  /// error (`ENXIO`), a FIFO waits for its reader.
  private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(TextRasterError) {
    let descriptor = open(path, O_WRONLY | O_NOCTTY)
    guard descriptor >= 0 else { throw .cannotWrite(path: path, function: "open", code: errno) }
    var failure: TextRasterError?
    do {
      try writeAll(bytes, to: descriptor, path: path)
    } catch {
      failure = error
    }
    if close(descriptor) != 0 && failure == nil {
      failure = .cannotWrite(path: path, function: "close", code: errno)
    }
    if let failure { throw failure }
  }

  /// Writes the bytes through a temporary file renamed over `path`, giving it the permissions,
  /// owner and group of `existing`, the file it replaces (or 0644 for a new file: an image is
  /// for everyone to read).
  private static func replace(
    _ path: String, with bytes: [UInt8], keeping existing: stat?
  ) throws(TextRasterError) {
    let directory = (path as NSString).deletingLastPathComponent
    let prefix = directory.isEmpty ? "" : directory + "/"
    // A short temporary name: the file's own name may already be as long as names can be.
    var template = Array((prefix + ".textreveal-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, function: "mkstemp", code: errno)
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: TextRasterError?
    do {
      try writeAll(bytes, to: descriptor, path: path)
    } catch {
      failure = error
    }
    var notes: [String] = []
    if failure == nil, let existing {
      var made = stat()
      if fstat(descriptor, &made) == 0,
        made.st_uid != existing.st_uid || made.st_gid != existing.st_gid,
        fchown(descriptor, existing.st_uid, existing.st_gid) != 0
      {
        notes.append(
          "\(path): the new file belongs to user \(made.st_uid) and group \(made.st_gid),"
            + " not \(existing.st_uid) and \(existing.st_gid) as the one it replaced"
            + " (fchown: \(String(cString: strerror(errno))))")
      }
      if existing.st_nlink > 1 {
        notes.append(
          "\(path) was one of \(existing.st_nlink) hard links to a file; the new file is under"
            + " this name only, and the other names still show the old one")
      }
    }
    // mkstemp makes the file readable by its owner only. After fchown, which may clear the
    // set-user and set-group bits.
    let mode = existing.map { mode_t($0.st_mode & 0o7777) } ?? 0o644
    if failure == nil && fchmod(descriptor, mode) != 0 {
      failure = .cannotWrite(path: path, function: "fchmod", code: errno)
    }
    if failure == nil && fsync(descriptor) != 0 {
      failure = .cannotWrite(path: path, function: "fsync", code: errno)
    }
    if close(descriptor) != 0 && failure == nil {
      failure = .cannotWrite(path: path, function: "close", code: errno)
    }
    if failure == nil && rename(temporary, path) != 0 {
      failure = .cannotWrite(path: path, function: "rename", code: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    if !notes.isEmpty, let handler = Self.notes.withLock({ $0 }) {
      for note in notes { handler(note) }
    }
  }

  /// Writes every byte, going on after a short write or an interrupted call.
  private static func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, path: String
  ) throws(TextRasterError) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw .cannotWrite(path: path, function: "write", code: errno)
      }
      written += result
    }
  }

  /// The file a path names: the target of a symbolic link (followed as far as it goes), or the
  /// path itself.
  static func target(of path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? destination
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
    }
    return current
  }
}
