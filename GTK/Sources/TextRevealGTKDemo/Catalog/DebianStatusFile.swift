import Foundation

/// dpkg's database of installed packages (`/var/lib/dpkg/status`): one stanza of `Field: value`
/// lines per package, stanzas separated by blank lines, continuation lines starting with a
/// space.
enum DebianStatusFile {
  /// The file dpkg keeps.
  static let defaultPath = "/var/lib/dpkg/status"

  /// The installed packages of a status file, sorted by name, each name once (a package
  /// installed for two architectures is listed once).
  ///
  /// Stanzas whose status is not "installed", or that lack a name, version or description, are
  /// skipped.
  static func installedPackages(in text: String) -> [DebianPackage] {
    var packages: [String: DebianPackage] = [:]
    for stanza in stanzas(in: text) {
      guard let package = package(from: stanza), packages[package.name] == nil else { continue }
      packages[package.name] = package
    }
    return packages.values.sorted { $0.name < $1.name }
  }

  /// The installed packages of the file at a path.
  ///
  /// - Throws: The file's reading error, naming the path.
  static func installedPackages(atPath path: String) throws -> [DebianPackage] {
    installedPackages(in: try String(contentsOfFile: path, encoding: .utf8))
  }

  /// A stanza's fields: each name with its first line and its continuation lines.
  typealias Stanza = [String: (first: Substring, continuation: [Substring])]

  static func stanzas(in text: String) -> [Stanza] {
    var result: [Stanza] = []
    var current: Stanza = [:]
    var field: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
        if !current.isEmpty { result.append(current) }
        current = [:]
        field = nil
      } else if line.first == " " || line.first == "\t" {
        if let field { current[field]?.continuation.append(line) }
      } else if let colon = line.firstIndex(of: ":") {
        let name = String(line[..<colon])
        var value = line[line.index(after: colon)...]
        while value.first == " " || value.first == "\t" { value = value.dropFirst() }
        current[name] = (value, [])
        field = name
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  static func package(from stanza: Stanza) -> DebianPackage? {
    guard let name = stanza["Package"]?.first, !name.isEmpty,
      stanza["Status"]?.first.hasSuffix(" installed") == true,
      let version = stanza["Version"]?.first,
      let description = stanza["Description"]
    else { return nil }
    return DebianPackage(
      name: String(name), version: String(version),
      section: stanza["Section"].map { String($0.first) },
      installedSize: stanza["Installed-Size"].flatMap { Int($0.first) },
      homepage: stanza["Homepage"].flatMap { URL(string: String($0.first)) },
      depends: stanza["Depends"].map { String($0.first) },
      synopsis: String(description.first),
      longDescription: DebianDescription.text(fromContinuationLines: description.continuation))
  }
}
