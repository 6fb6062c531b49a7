import Foundation

/// A face in a font file as the process keeps its data: the file's path and face index, and
/// what the file system says of the file's contents when it was read.
///
/// Everything read from a font file for the process (its faces, coverage, direct shaping
/// plans, kerning tables, token measures) is kept under this key rather than under the path
/// alone: a file written again at the same path (a registered font replaced, an app's
/// downloaded font updated) has another size, modification time or inode, so it is read
/// again rather than confused with the file that was there before.
struct FontFileKey: Sendable, Hashable {
  /// The path and face index.
  var file: FontFileReference
  /// The device and inode of the file.
  var device: UInt64
  var inode: UInt64
  /// The file's size in bytes.
  var size: Int64
  /// The file's last modification, in nanoseconds since 1970.
  var modified: Int64

  /// The key of a face in the file at its path now; `nil` when the file cannot be examined
  /// (it does not exist), in which case it cannot be loaded either.
  init?(_ file: FontFileReference) {
    var status = stat()
    guard stat(file.path, &status) == 0 else { return nil }
    self.file = file
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  /// Hashes the file's identity (device, inode, size, modification) and the face index, not
  /// the path, whose string costs most of a hash: a path names one file at a time, so keys
  /// that differ only there are rare, and `==`, which compares every field, tells them apart.
  func hash(into hasher: inout Hasher) {
    hasher.combine(device)
    hasher.combine(inode)
    hasher.combine(size)
    hasher.combine(modified)
    hasher.combine(file.index)
  }
}
