import Foundation

/// An installed Debian package as an app store lists it: its name, what it is, and its long
/// description.
struct DebianPackage: Hashable, Sendable {
  /// The package's name.
  var name: String
  /// The version installed.
  var version: String
  /// The archive section, such as `libs` or `admin`.
  var section: String?
  /// The installed size in kibibytes.
  var installedSize: Int?
  /// The project's home page.
  var homepage: URL?
  /// The packages it depends on, as the `Depends` field lists them.
  var depends: String?
  /// The description's first line: what the package is, in a few words.
  var synopsis: String
  /// The rest of the description, as a reader sees it: paragraphs separated by a blank line,
  /// verbatim lines kept on their own (see ``DebianDescription``).
  var longDescription: String
}
