import Foundation
import Testing

/// Output files are never a way to destroy something (issue 28): a device, FIFO or socket at
/// the output path is written to or refused, never replaced; `-o -` is standard output; a
/// regular file replaced keeps its mode and owner, and the command says when it cannot keep
/// its other hard links. Run as root too (as CI runs), where a rename over `/dev/null`
/// succeeds.
@Suite(.serialized) struct OutputFileTests {
  static let isRoot = geteuid() == 0
  static let render = #"$B render --text 'Output files' --width 200"#
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A new directory of its own for one test.
  static func directory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "output-\(UUID())"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func fileType(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }

  static func startsWithPNG(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return Array(data.prefix(8)) == pngSignature
  }

  @Test("-o /dev/null writes into the device and leaves it a device")
  func devNull() throws {
    defer {
      // Were /dev/null ever replaced (by root), the machine's own is put back.
      if Self.fileType("/dev/null") != S_IFCHR && Self.isRoot {
        _ = try? CommandRun.shell("rm -f /dev/null; mknod -m 666 /dev/null c 1 3")
      }
    }
    let run = try CommandRun.shell("\(Self.render) -o /dev/null")
    #expect(run.status == 0, "\(run.error)")
    #expect(Self.fileType("/dev/null") == S_IFCHR)
  }

  @Test("a device node of the null device made for the test stays a device (root only)")
  func madeDevice() throws {
    guard Self.isRoot else { return }
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let device = directory + "/null"
    let made = try CommandRun.shell("mknod -m 666 \(device) c 1 3")
    #expect(made.status == 0, "\(made.error)")
    let run = try CommandRun.shell("\(Self.render) -o \(device)")
    #expect(run.status == 0, "\(run.error)")
    #expect(Self.fileType(device) == S_IFCHR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["null"])
  }

  @Test("-o /dev/full fails with the device's error and leaves it a device")
  func devFull() throws {
    defer {
      if Self.fileType("/dev/full") != S_IFCHR && Self.isRoot {
        _ = try? CommandRun.shell("rm -f /dev/full; mknod -m 666 /dev/full c 1 7")
      }
    }
    let run = try CommandRun.shell("\(Self.render) -o /dev/full")
    #expect(run.status == 1)
    #expect(run.error.contains("/dev/full") && run.error.contains("No space left"), "\(run.error)")
    #expect(Self.fileType("/dev/full") == S_IFCHR)
  }

  @Test("a FIFO is written to, for the program reading it, and stays a FIFO")
  func fifo() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fifo = directory + "/pipe"
    #expect(mkfifo(fifo, 0o644) == 0)
    // A reader waits on the FIFO. Had it been replaced, the reader would wait for ever: it
    // is stopped then (with SIGKILL: the test runner's children inherit a mask that blocks
    // the other signals), so that the test fails instead of hanging.
    let run = try CommandRun.shell(
      "cat \(fifo) > \(directory)/read.png & \(Self.render) -o \(fifo); status=$?;"
        + " [ -p \(fifo) ] || kill -9 $!; wait; exit $status")
    #expect(run.status == 0, "\(run.error)")
    #expect(Self.fileType(fifo) == S_IFIFO)
    #expect(Self.startsWithPNG(directory + "/read.png"))
  }

  @Test("a socket is refused with an error naming it, and stays a socket")
  func socket() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/socket"
    let made = try CommandRun.shell(
      "python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind(\"\(path)\")'")
    #expect(made.status == 0, "\(made.error)")
    let run = try CommandRun.shell("\(Self.render) -o \(path)")
    #expect(run.status == 1)
    #expect(run.error.contains(path), "\(run.error)")
    #expect(Self.fileType(path) == S_IFSOCK)
  }

  @Test("a 0600 file replaced stays 0600, and no temporary file is left")
  func keepsMode() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/private.png"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
    #expect(chmod(path, 0o600) == 0)
    let run = try CommandRun.shell("\(Self.render) -o \(path)")
    #expect(run.status == 0, "\(run.error)")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(Self.startsWithPNG(path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["private.png"])
  }

  @Test("a file of another owner replaced keeps its owner and group (root only)")
  func keepsOwner() throws {
    guard Self.isRoot else { return }
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/theirs.png"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
    #expect(chown(path, 65_534, 65_534) == 0)
    let run = try CommandRun.shell("\(Self.render) -o \(path)")
    #expect(run.status == 0, "\(run.error)")
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_uid == 65_534 && status.st_gid == 65_534)
    #expect(!run.error.contains("belongs to"), "\(run.error)")
  }

  @Test("a file with another hard link is replaced under its name, and the command says so")
  func hardLink() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/a.png"
    let other = directory + "/b.png"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
    #expect(link(path, other) == 0)
    let run = try CommandRun.shell("\(Self.render) -o \(path)")
    #expect(run.status == 0, "\(run.error)")
    #expect(Self.startsWithPNG(path))
    #expect(FileManager.default.contents(atPath: other) == Data("old".utf8))
    #expect(run.error.contains("\(path) was one of 2 hard links"), "\(run.error)")
  }

  @Test(
    "-o - writes the image to standard output and the summary to standard error",
    arguments: [
      render,
      #"printf '{"id":"a","text":"Row"}\n' | $B render-list --width 200"#,
    ])
  func standardOutput(command: String) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/out.png"
    let run = try CommandRun.shell("\(command) -o - > \(path)")
    #expect(run.status == 0, "\(run.error)")
    #expect(Self.startsWithPNG(path))
    #expect(run.error.contains("-: "), "\(run.error)")
    // Nothing but the image: it ends with the PNG's IEND chunk.
    let data = try #require(FileManager.default.contents(atPath: path))
    #expect(Array(data.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
  }
}
