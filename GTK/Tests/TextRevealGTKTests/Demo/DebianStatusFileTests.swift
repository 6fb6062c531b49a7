import Foundation
import Testing

@testable import TextRevealGTKDemo

@Suite struct DebianStatusFileTests {
  static let status = """
    Package: zlib1g
    Status: install ok installed
    Section: libs
    Installed-Size: 164
    Version: 1:1.2.13.dfsg-1
    Depends: libc6 (>= 2.14)
    Description: compression library - runtime
     zlib is a library implementing the deflate compression method found
     in gzip and PKZIP.
     .
     This package includes the shared library.
    Homepage: http://zlib.net/

    Package: oldtool
    Status: deinstall ok config-files
    Version: 1.0
    Description: removed, only its configuration is left

    Package: libfoo
    Status: install ok installed
    Architecture: amd64
    Version: 2.0
    Description: foo library
    Conffiles:
     /etc/foo.conf 0123456789abcdef

    Package: libfoo
    Status: install ok installed
    Architecture: i386
    Version: 2.0
    Description: foo library (second architecture)

    Package: adduser
    Status: install ok installed
    Version: 3.134
    Description: add and remove users and groups
     This package includes the 'adduser' and 'deluser' commands.
     .
      - 'adduser' creates new users;
      - 'deluser' removes them.
    """

  @Test("Installed packages are read, sorted by name, each name once")
  func packages() {
    let packages = DebianStatusFile.installedPackages(in: Self.status)
    #expect(packages.map(\.name) == ["adduser", "libfoo", "zlib1g"])
    #expect(packages[1].synopsis == "foo library")
    #expect(packages[1].longDescription == "")
  }

  @Test("A package's fields: synopsis, long description, size, home page, dependencies")
  func fields() throws {
    let zlib = try #require(
      DebianStatusFile.installedPackages(in: Self.status).first { $0.name == "zlib1g" })
    #expect(zlib.synopsis == "compression library - runtime")
    #expect(
      zlib.longDescription
        == "zlib is a library implementing the deflate compression method found in gzip and"
        + " PKZIP.\n\nThis package includes the shared library.")
    #expect(zlib.installedSize == 164)
    #expect(zlib.section == "libs")
    #expect(zlib.version == "1:1.2.13.dfsg-1")
    #expect(zlib.homepage == URL(string: "http://zlib.net/"))
    #expect(zlib.depends == "libc6 (>= 2.14)")
  }

  @Test("Another field's continuation lines stay out of the description")
  func otherContinuations() throws {
    let foo = try #require(
      DebianStatusFile.installedPackages(in: Self.status).first { $0.name == "libfoo" })
    #expect(!foo.longDescription.contains("foo.conf"))
  }

  @Test("Verbatim lines keep their own lines")
  func verbatim() throws {
    let adduser = try #require(DebianStatusFile.installedPackages(in: Self.status).first)
    #expect(
      adduser.longDescription
        == "This package includes the 'adduser' and 'deluser' commands.\n\n"
        + " - 'adduser' creates new users;\n - 'deluser' removes them.")
  }

  @Test("This machine's dpkg database has packages with descriptions")
  func machine() throws {
    let packages = try DebianStatusFile.installedPackages(atPath: DebianStatusFile.defaultPath)
    #expect(packages.count > 50)
    #expect(packages.contains { $0.name == "dpkg" && !$0.synopsis.isEmpty })
    #expect(packages.filter { $0.longDescription.isEmpty }.count < packages.count / 2)
  }
}
