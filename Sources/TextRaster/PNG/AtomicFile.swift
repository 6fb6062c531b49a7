import Foundation

/// Writes files so that a reader never sees half of one: the bytes go to a temporary file in
/// the same directory, which is then renamed over the destination.
///
/// The rename is atomic because both names are on the same file system. When anything fails,
/// the temporary file is removed and the destination is left as it was.
enum AtomicFile {
  /// Writes `bytes` to `path`, replacing any file there.
  ///
  /// - Throws: ``TextRasterError/cannotWrite(path:function:code:)`` naming `path`, the system
  ///   call that failed and its `errno`.
  static func write(_ bytes: [UInt8], to requestedPath: String) throws(TextRasterError) {
    // Writing to a symbolic link writes its target, as any editor does; renaming over the
    // link would replace the link with a file.
    let path = Self.target(of: requestedPath)
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
    var written = 0
    while written < bytes.count && failure == nil {
      let result = bytes.withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if result < 0 {
        if errno != EINTR { failure = .cannotWrite(path: path, function: "write", code: errno) }
      } else {
        written += result
      }
    }
    // mkstemp creates the file readable only by its owner; an image is for everyone to read.
    if failure == nil && fchmod(descriptor, 0o644) != 0 {
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
