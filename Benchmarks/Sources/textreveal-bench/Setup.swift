@_spi(Backend) import TextShaping

/// The set-up both engines share: font, size, width and line limit.
enum Setup {
  /// The font family: DejaVu Sans, TextReveal's default on Linux.
  static let family = "DejaVu Sans"
  /// The font size in points (1 pt = 1 px at 72 dpi).
  static let size = 17.0
  /// The line width in points.
  static let width = 320.0
  /// The line limit of the truncation check.
  static let lineLimit = 3
}

/// A new text stack, or an error naming the missing font.
func makeStack() throws(BenchError) -> TextStack {
  do {
    return try TextStack()
  } catch {
    throw .usage("no text stack: \(error)")
  }
}
