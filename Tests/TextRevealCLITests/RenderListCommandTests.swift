import Foundation
import Testing

/// End-to-end tests of `textreveal render-list` on the built binary.
@Suite struct RenderListCommandTests {
  static let long = """
    Back from the coast! The ferry was two hours late, so we spent the morning on the pier \
    sharing one umbrella and a bag of warm bread, and I took far too many photos of the lighthouse.
    """

  static var rows: [[String: Any]] {
    [
      ["id": "ana", "name": "Ana Lima", "text": long],
      ["id": "tom", "name": "Tom Baker", "text": "Friday works."],
      ["id": "noa", "name": "נועה לוי", "text": "הגעתי הביתה מאוחר אבל שמחה, תודה לכולם."],
      ["id": "anon", "text": "No name, so a plain circle."],
    ]
  }

  typealias Run = CommandRun

  func run(_ arguments: [String], input: Data) throws -> Run {
    try CommandRun(arguments, input: input)
  }

  func jsonLines(_ records: [[String: Any]]) throws -> Data {
    try CommandRun.jsonLines(records)
  }

  func makeDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func png(at path: String) throws -> (types: [String], width: Int, height: Int, frames: Int?) {
    try RenderCommandTests().chunks(of: try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  func files(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test("--viewport draws a band of a list too tall for one image, and names the whole height")
  func viewport() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 10,000 two-line messages: some 830,000 points, past any bitmap at scale 2.
    let rows = (0..<10_000).map { index -> [String: Any] in
      [
        "id": "m\(index)", "name": "User \(index % 50)",
        "text": "Message \(index) with some words that wrap onto a second line.",
      ]
    }
    let input = try jsonLines(rows)
    let path = directory.appendingPathComponent("band.png").path

    let whole = try run(["render-list", "--scale", "2", "-o", path], input: input)
    #expect(whole.status == 1)
    #expect(whole.error.contains("--viewport TOP,HEIGHT"), "\(whole.error)")
    #expect(whole.error.contains("pixels"), "\(whole.error)")

    let band = try run(
      ["render-list", "--scale", "2", "--viewport", "300000,800", "-o", path], input: input)
    #expect(band.status == 0, "\(band.error)")
    #expect(band.output.contains("10000 rows"), "\(band.output)")
    #expect(band.output.contains("in the viewport"), "\(band.output)")
    #expect(band.output.contains("list height"), "\(band.output)")
    let image = try png(at: path)
    // The band and the 16-point padding above and below it, at 2 pixels a point.
    #expect(image.height == (800 + 32) * 2 && image.width == (390 + 32) * 2)

    // A band past the end ends with the list.
    let last = try run(
      ["render-list", "--viewport", "0,5000", "-o", path],
      input: try jsonLines(Array(rows.prefix(1)))
    )
    #expect(last.status == 0, "\(last.error)")
    #expect(try png(at: path).height < (200 + 32) * 2)
  }

  @Test(
    "a bad --viewport names the option",
    arguments: ["0,-3", "-1,100", "abc", "1,2,3", "0,inf", "nan,4"])
  func badViewport(value: String) throws {
    let run = try run(
      ["render-list", "--viewport", value, "-o", "/tmp/never.png"], input: try jsonLines(Self.rows))
    #expect(run.status == 1)
    #expect(run.error.contains("--viewport"), "\(run.error)")
  }

  @Test("a PNG of the list, taller when a cut row is expanded")
  func writesPNG() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try jsonLines(Self.rows)
    let collapsed = directory.appendingPathComponent("collapsed.png").path
    let expanded = directory.appendingPathComponent("expanded.png").path

    let first = try run(["render-list", "-o", collapsed], input: input)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.contains("4 rows, 0 expanded"), "\(first.output)")
    let second = try run(["render-list", "--expand", "ana", "-o", expanded], input: input)
    #expect(second.status == 0, "\(second.error)")
    #expect(second.output.contains("4 rows, 1 expanded"), "\(second.output)")

    let before = try png(at: collapsed)
    let after = try png(at: expanded)
    #expect(before.types.first == "IHDR" && before.types.last == "IEND" && before.frames == nil)
    #expect(before.width == (390 + 32) * 2 && after.width == before.width)
    // Four rows are at least as tall as their avatars and padding: 64 points each.
    #expect(before.height >= (4 * 64 + 32) * 2)
    #expect(after.height > before.height, "\(after.height) vs \(before.height)")
    #expect(try files(in: directory) == ["collapsed.png", "expanded.png"])
  }

  @Test("every option together, and the rows from a file")
  func allOptions() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("rows.jsonl")
    try jsonLines(Self.rows).write(to: input)
    let path = directory.appendingPathComponent("all.png").path
    let result = try run(
      [
        "render-list", input.path, "--width", "320", "--line-limit", "2", "--expand", "ana",
        "--expand", "tom", "--scale", "1", "--theme", "dark", "--type-size", "AX1",
        "--direction", "rtl", "-o", path,
      ], input: Data())
    #expect(result.status == 0, "\(result.error)")
    // "tom" fits: expanding it changes nothing, and the command says so.
    #expect(result.error.contains("\"tom\""), "\(result.error)")
    #expect(try png(at: path).width == 320 + 32)
  }

  @Test("--animate --toggle writes an animated PNG with several frames")
  func animates() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("toggle.png").path
    let result = try run(
      ["render-list", "--animate", "--toggle", "ana", "-o", path],
      input: try jsonLines(Self.rows))
    #expect(result.status == 0, "\(result.error)")
    let png = try png(at: path)
    #expect(png.types.contains("acTL") && png.types.contains("fdAT"))
    #expect(try #require(png.frames) > 10)
    #expect(png.types.filter { $0 == "fcTL" }.count == png.frames)
    #expect(png.width == (390 + 32) * 2)
  }

  @Test("an empty input draws an empty list: the padding alone")
  func emptyInput() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("empty.png").path
    let result = try run(["render-list", "-o", path], input: Data("\n  \n".utf8))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("0 rows"), "\(result.output)")
    let png = try png(at: path)
    #expect(png.width == (390 + 32) * 2 && png.height == 32 * 2)
  }

  @Test(
    "bad input fails naming the problem and writes nothing",
    arguments: [
      ("a repeated id", ["--expand", "ana"], "duplicate row id \"ana\""),
      ("a malformed line", [], "line 2: malformed JSON"),
      ("an unknown --expand id", ["--expand", "zed"], "\"zed\""),
      ("an unknown --toggle id", ["--animate", "--toggle", "zed"], "\"zed\""),
    ])
  func badInput(name: String, arguments: [String], message: String) throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var input = try jsonLines(Self.rows)
    switch name {
    case "a repeated id": input += try jsonLines([["id": "ana", "text": "Again."]])
    case "a malformed line":
      input = try jsonLines([Self.rows[0]]) + Data("{\"id\": \"x\", \"text\": \n".utf8)
    default: break
    }
    let path = directory.appendingPathComponent("out.png").path
    let result = try run(["render-list"] + arguments + ["-o", path], input: input)
    #expect(result.status != 0, "\(name)")
    #expect(result.error.contains(message), "\(name): \(result.error)")
    #expect(try files(in: directory).isEmpty, "\(name)")
  }

  @Test("every bad line is reported with its number")
  func everyBadLine() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = Data(
      """
      {"id": "a", "text": "Fine."}
      [1, 2]
      {"text": "No id."}

      {"id": "b", "name": 7, "text": "Bad name."}
      {"id": "c"}

      """.utf8)
    let path = directory.appendingPathComponent("out.png").path
    let result = try run(["render-list", "-o", path], input: input)
    #expect(result.status != 0)
    for expected in [
      "line 2: not a JSON object", "line 3: no \"id\"", "line 5: row \"b\": \"name\" is not",
      "line 6: row \"c\" has no \"text\"",
    ] {
      #expect(result.error.contains(expected), "\(expected): \(result.error)")
    }
    #expect(!result.error.contains("line 1:") && !result.error.contains("line 4:"))
    #expect(result.error.contains("nothing was written"))
    #expect(try files(in: directory).isEmpty)
  }

  @Test(
    "bad arguments fail with a message naming the option",
    arguments: [
      (["--width", "0"], "--width"),
      (["--width", "60"], "--width"),
      (["--line-limit", "0"], "--line-limit"),
      (["--scale", "4"], "--scale"),
      (["--type-size", "huge"], "--type-size"),
      (["--animate"], "--toggle"),
      (["--toggle", "ana"], "--animate"),
    ])
  func badArguments(arguments: [String], mention: String) throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    let result = try run(
      ["render-list"] + arguments + ["-o", path], input: try jsonLines(Self.rows))
    #expect(result.status != 0)
    #expect(result.error.contains(mention), "\(result.error)")
    #expect(try files(in: directory).isEmpty)
  }
}
