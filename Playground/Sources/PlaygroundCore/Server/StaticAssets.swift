import Foundation
import NIOCore

/// The page's files, read once into memory: the server answers from this fixed table, so no
/// request path ever reaches the file system.
public struct StaticAssets: Sendable {
  /// A file: its media type, bytes and entity tag.
  public struct Asset: Sendable {
    /// The media type.
    public var contentType: String
    /// The bytes, shared by every response that sends them.
    public var body: ByteBuffer
    /// A strong entity tag of the bytes, so a browser revalidates with `If-None-Match` and
    /// gets a 304 instead of the file again.
    public var entityTag: String
  }

  /// The files by the path they are served at.
  public let files: [String: Asset]

  /// The files, with `/` serving `index.html`.
  static let names: [(name: String, ext: String, type: String)] = [
    ("index", "html", "text/html; charset=utf-8"),
    ("app", "js", "text/javascript; charset=utf-8"),
    ("app", "css", "text/css; charset=utf-8"),
  ]

  /// Reads the page's files from the package's resources.
  ///
  /// - Throws: ``PlaygroundError`` naming a file that is missing from the build.
  public static func bundled() throws(PlaygroundError) -> StaticAssets {
    var files: [String: Asset] = [:]
    for (name, ext, type) in names {
      guard
        let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Assets"),
        let data = try? Data(contentsOf: url)
      else {
        throw PlaygroundError(status: 404, "the playground's \(name).\(ext) is missing")
      }
      let asset = Asset(
        contentType: type, body: ByteBuffer(bytes: data), entityTag: entityTag(of: data))
      files["/\(name).\(ext)"] = asset
      if name == "index" { files["/"] = asset }
    }
    return StaticAssets(files: files)
  }

  /// FNV-1a over the bytes: a tag that changes when a file does (not a security measure).
  private static func entityTag(of data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "\"" + String(hash, radix: 16) + "\""
  }
}
