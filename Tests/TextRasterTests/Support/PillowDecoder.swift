import Foundation

/// Pillow (Debian's python3-pil, installed by scripts/bootstrap) as an independent PNG and APNG
/// decoder, run through Debian's own Python.
enum PillowDecoder {
  static let python = "/usr/bin/python3"

  /// Whether Debian's Python can import Pillow.
  static let isAvailable: Bool = {
    (try? run(["-c", "import PIL"]))?.status == 0
  }()

  /// What Pillow reads from a file: its format, size and frame count on the first line, then
  /// for each frame whether its RGBA pixels (composed by Pillow) equal the bytes of the matching
  /// file in `expected`, and the frame's duration in milliseconds.
  ///
  /// - Returns: Python's exit status and output, such as `PNG 4 3 2`, `equal 100`, `equal 250`.
  static func compare(_ path: String, expected: [String]) throws -> (status: Int32, output: String)
  {
    let script = """
      import sys
      from PIL import Image
      image = Image.open(sys.argv[1])
      frames = getattr(image, "n_frames", 1)
      print(image.format, image.size[0], image.size[1], frames)
      for index, expected_path in enumerate(sys.argv[2:]):
          image.seek(index)
          actual = image.convert("RGBA").tobytes()
          with open(expected_path, "rb") as file:
              expected = file.read()
          state = "equal" if actual == expected else "differ"
          print(state, int(image.info.get("duration", 0)))
      """
    return try run(["-c", script, path] + expected)
  }

  private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
