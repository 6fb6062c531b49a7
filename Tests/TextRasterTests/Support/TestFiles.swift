import Foundation

/// Temporary directories for files the tests write, and a place to keep images for a person to
/// look at.
enum TestFiles {
  /// A new empty directory under the system's temporary directory.
  static func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "TextRasterTests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The names of the files in a directory, hidden ones included.
  static func contents(of directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  /// The directory named by `TEXTRASTER_TEST_IMAGES`, where tests that draw also write their
  /// images for inspection; `nil` (the default) writes nothing.
  static var imageDirectory: String? {
    ProcessInfo.processInfo.environment["TEXTRASTER_TEST_IMAGES"]
  }
}
