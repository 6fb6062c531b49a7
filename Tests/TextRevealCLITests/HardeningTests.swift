import Foundation
import Testing

/// Hostile inputs and broken streams (issue 14): each exits 0 with correct output or 1 with a
/// message naming the problem, never a trap.
@Suite struct HardeningTests {
  /// Runs a shell line with `$B` set to the binary; returns status, standard output and error.
  func shell(_ line: String) throws -> (status: Int32, output: String, error: String) {
    try CommandRun.shell(line)
  }

  static let record = #"{"id":"a","text":"hello world"}"#

  @Test(
    "closed or failing streams are errors naming the stream, exit 1",
    arguments: [
      (#"$B measure --width 100 <&-"#, "standard input"),
      (#"$B render-list --width 390 -o /tmp/never.png <&-"#, "standard input"),
      (#"echo '\#(record)' | $B measure --width 100 > /dev/full"#, "standard output"),
      (#"echo '\#(record)' | $B measure --width 100 >&-"#, "standard output"),
    ])
  func streams(line: String, stream: String) throws {
    let run = try shell(line)
    #expect(run.status == 1, "\(line): \(run.error)")
    #expect(run.error.contains(stream), "\(line): \(run.error)")
    #expect(!run.error.contains("Fatal error"))
  }

  @Test("a reader that leaves early with SIGPIPE ignored gets an error, not a crash")
  func brokenPipe() throws {
    let run = try shell(
      #"trap '' PIPE; i=0; while [ $i -lt 3000 ]; do echo '\#(Self.record)'; i=$((i+1)); done"#
        + #" | $B measure --width 100 | head -1; echo "status=${PIPESTATUS:-}""#)
    #expect(run.output.hasPrefix(#"{"id":"a""#))
    #expect(!run.error.contains("Fatal error"))
  }

  @Test("records ending in CR alone are separate records")
  func carriageReturns() throws {
    let run = try shell(
      #"printf '{"id":"a","text":"x"}\r{"id":"b","text":"y"}\r\n{"id":"c","text":"z"}' | $B measure --width 100"#
    )
    #expect(run.status == 0, "\(run.error)")
    let ids = run.output.split(separator: "\n").map { $0.prefix(9) }
    #expect(ids == [#"{"id":"a""#, #"{"id":"b""#, #"{"id":"c""#])
  }

  @Test(
    "absurd numbers name the option and its range, exit 1",
    arguments: [
      "$B render --text hello --width 1e300 -o /tmp/x.png",
      "$B render --text hello --width -5 -o /tmp/x.png",
      "$B render --text hello --size 1e307 -o /tmp/x.png",
      "$B measure --width 100 --size 1e307 /dev/null",
      "$B render-list --width inf -o /tmp/x.png /dev/null",
      "$B render --text hello --line-limit 0 -o /tmp/x.png",
    ])
  func ranges(line: String) throws {
    let run = try shell(line)
    #expect(run.status == 1, "\(line)")
    #expect(run.error.contains("must be"), "\(line): \(run.error)")
  }

  @Test("a directory as input is named as one")
  func directory() throws {
    let run = try shell("$B measure --width 100 /tmp")
    #expect(run.status == 1)
    #expect(run.error.contains("/tmp: it is a directory"), "\(run.error)")
  }

  @Test("a character wider than the width renders, and the command says it is clipped")
  func clippedCharacter() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID()).png")
    defer { try? FileManager.default.removeItem(at: path) }
    let family = Array(repeating: "\u{1F469}", count: 200).joined(separator: "\u{200D}")
    let clipped = try shell("$B render --text 'ok \(family)' --width 100 -o \(path.path)")
    #expect(clipped.status == 0, "\(clipped.error)")
    #expect(clipped.error.contains("wider than --width 100"), "\(clipped.error)")
    let plain = try shell("$B render --text 'ok fine' --width 100 -o \(path.path)")
    #expect(plain.status == 0 && plain.error.isEmpty, "\(plain.error)")
  }

  @Test("a wide image renders; one too large for a bitmap names its size")
  func imageSizes() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("w-\(UUID()).png")
    let wide = try shell("$B render --text hello --width 10000 -o \(path.path)")
    #expect(wide.status == 0, "\(wide.error)")
    let huge = try shell("$B render --text hello --width 100000 --scale 3 -o \(path.path)")
    #expect(huge.status == 1)
    #expect(huge.error.contains("300096 × "), "\(huge.error)")
  }

  @Test("a list of a few hundred rows renders at scale 2")
  func longList() throws {
    var input = ""
    for index in 0..<300 { input += #"{"id":"r\#(index)","text":"Message \#(index)"}"# + "\n" }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID()).jsonl")
    try input.write(to: file, atomically: true, encoding: .utf8)
    let png = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID()).png")
    let run = try shell("$B render-list \(file.path) --scale 2 -o \(png.path)")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("300 rows"))
  }

  @Test("a label with a line break, or too long to fit, is refused")
  func labels() throws {
    let broken = try shell(#"$B render --text hello --more-label "$(printf 'a\nb')" -o /tmp/x.png"#)
    #expect(broken.status == 1)
    #expect(broken.error.contains("--more-label must be one line"), "\(broken.error)")
    let long = String(repeating: "m", count: 800)
    let tooLong = try shell("$B render --text hello --less-label \(long) -o /tmp/x.png")
    #expect(tooLong.status == 1)
    #expect(tooLong.error.contains("--less-label must be one line of 1 to 40 characters"))
  }

  @Test("errors name the real problem: a byte offset, a font directory")
  func namedErrors() throws {
    let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).txt")
    try Data([0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20, 0xFF, 0x20]).write(to: bad)
    let utf8 = try shell("$B render \(bad.path) -o /tmp/x.png")
    #expect(utf8.status == 1)
    #expect(utf8.error.contains("not UTF-8: invalid byte at offset 6"), "\(utf8.error)")
    let font = try shell("$B render --text hi --font /tmp -o /tmp/x.png")
    #expect(font.status == 1)
    #expect(font.error.contains("/tmp") && font.error.contains("directory"), "\(font.error)")
  }

  @Test("an output through a symbolic link writes its target; a long file name works")
  func outputs() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("o-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let target = directory.appendingPathComponent("target.png")
    let link = directory.appendingPathComponent("link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let viaLink = try shell("$B render --text hi -o \(link.path)")
    #expect(viaLink.status == 0, "\(viaLink.error)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(FileManager.default.fileExists(atPath: target.path))
    let long = directory.appendingPathComponent(String(repeating: "n", count: 250) + ".png")
    let longRun = try shell("$B render --text hi -o \(long.path)")
    #expect(longRun.status == 0, "\(longRun.error)")
    #expect(FileManager.default.fileExists(atPath: long.path))
  }
}
