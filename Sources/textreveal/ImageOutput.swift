import TextRaster

/// A command that writes an image to `--output`, which may be `-`, standard output.
protocol ImageOutputCommand {
  var output: String { get }
}

extension RenderCommand: ImageOutputCommand {}
extension RenderListCommand: ImageOutputCommand {}

/// How a command's image output is set up before it runs.
enum ImageOutput {
  /// Routes what the command prints about its work away from standard output when the image
  /// goes there, and what replacing a file could not keep (its owner, its other hard links)
  /// to standard error.
  static func prepare(for command: Any) {
    if let command = command as? any ImageOutputCommand, command.output == "-" {
      Console.isImageOnStandardOutput = true
    }
    AtomicFile.notes.withLock { $0 = { Console.warn($0) } }
  }
}
