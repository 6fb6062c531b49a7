import Foundation

/// The page's files, read once into memory: the server answers from this fixed table, so no
/// request path ever reaches the file system.
public struct StaticAssets: Sendable {
  /// A file: its media type and bytes.
  public struct Asset: Sendable {
    /// The media type.
    public var contentType: String
    /// The bytes.
    public var body: [UInt8]
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
      let asset = Asset(contentType: type, body: Array(data))
      files["/\(name).\(ext)"] = asset
      if name == "index" { files["/"] = asset }
    }
    return StaticAssets(files: files)
  }
}
