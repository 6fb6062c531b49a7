import Foundation
import Testing

/// End-to-end tests of `textreveal render` on the built binary.
@Suite struct RenderCommandTests {
  static let text = """
    Keep a short note for every day, tag the people and places that mattered, and read the \
    whole week back on Sunday in a minute or two, wherever you are.
    """

  typealias Run = CommandRun

  func run(_ arguments: [String]) throws -> Run {
    try CommandRun(arguments)
  }

  func makeDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The chunk types of a PNG file and its IHDR size, checking the signature and chunk lengths.
  func chunks(of data: Data) throws -> (types: [String], width: Int, height: Int, frames: Int?) {
    let bytes = [UInt8](data)
    try #require(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    func uint32(_ offset: Int) -> Int {
      Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
    }
    var types: [String] = []
    var frames: Int?
    var position = 8
    while position + 12 <= bytes.count {
      let length = uint32(position)
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      if type == "acTL" { frames = uint32(position + 8) }
      types.append(type)
      position += 12 + length
    }
    #expect(position == bytes.count, "the last chunk ends the file")
    return (types, uint32(16), uint32(20), frames)
  }

  @Test("render writes a PNG as large as the component and its padding at scale 2")
  func writesPNG() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    let result = try run([
      "render", "--text", Self.text, "--width", "300", "--scale", "2", "-o", path,
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains(path))

    // The collapsed height is the height of the first three lines, as `measure` reports them.
    let measure = try CommandRun(
      ["measure", "--width", "300", "--line-limit", "3"],
      input: try CommandRun.jsonLines([["id": "t", "text": Self.text]]))
    let record = try #require(try measure.records().first)
    #expect(record["isTruncated"] as? Bool == true)
    let height = try #require((record["size"] as? [String: Double])?["height"])

    let png = try chunks(of: try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(png.types.first == "IHDR" && png.types.last == "IEND" && png.types.contains("IDAT"))
    #expect(png.frames == nil)
    #expect(png.width == (300 + 32) * 2)
    #expect(png.height == Int(((height + 32) * 2).rounded(.up)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
  }

  @Test("every option together, and the text from a file")
  func allOptions() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("text.txt")
    try Data("שלום עולם. \(Self.text)\n".utf8).write(to: input)
    let path = directory.appendingPathComponent("all.png").path
    let result = try run([
      "render", input.path, "--width", "280", "--line-limit", "2", "--style", "inline",
      "--state", "expanded", "--scale", "1", "--theme", "dark", "--type-size", "AX1",
      "--direction", "rtl", "--less-label", "less", "--show-frames", "-o", path,
    ])
    #expect(result.status == 0, "\(result.error)")
    let png = try chunks(of: try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(png.width == 280 + 32)
    #expect(png.height > 200, "expanded at AX1, the whole text is tall")
  }

  @Test("--animate writes an animated PNG with several frames")
  func animates() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("animation.png").path
    let result = try run([
      "render", "--text", Self.text, "--width", "300", "--animate", "-o", path,
    ])
    #expect(result.status == 0, "\(result.error)")
    let png = try chunks(of: try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(png.types.contains("acTL") && png.types.contains("fcTL") && png.types.contains("fdAT"))
    #expect(try #require(png.frames) > 1)
    #expect(png.types.filter { $0 == "fcTL" }.count == png.frames)
    #expect(png.width == (300 + 32) * 2)
  }

  @Test(
    "bad arguments fail with a message naming the option, and write nothing",
    arguments: [
      (["--text", "hello", "--width", "0"], "--width"),
      (["--text", "hello", "--scale", "4"], "--scale"),
      (["--text", "hello", "--style", "bogus"], "--style"),
      (["--text", "hello", "--type-size", "huge"], "--type-size"),
      (["--text", "hello", "--line-limit", "0"], "--line-limit"),
      (["--text", "hello", "--theme", "sepia"], "--theme"),
      (["--text", "hello", "--direction", "up"], "--direction"),
      ([String](), "--text"),
    ])
  func badArguments(arguments: [String], mention: String) throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    let result = try run(["render"] + arguments + ["-o", path])
    #expect(result.status != 0)
    #expect(result.error.contains(mention), "\(result.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test("an unwritable output path is named and nothing is left behind")
  func unwritableOutput() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("no-such-directory/out.png").path
    let result = try run(["render", "--text", Self.text, "-o", missing])
    #expect(result.status != 0)
    #expect(result.error.contains(missing), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: missing))

    // A directory in the way: the image is written to a temporary file that cannot be renamed
    // over it, and the temporary file is removed.
    let blocked = directory.appendingPathComponent("blocked.png")
    try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
    for extra in [[], ["--animate"]] {
      let result = try run(["render", "--text", Self.text, "-o", blocked.path] + extra)
      #expect(result.status != 0)
      #expect(result.error.contains(blocked.path), "\(result.error)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["blocked.png"])
    }
  }
}
