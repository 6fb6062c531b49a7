@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// TextReveal's engine on the real text stack (HarfBuzz, ICU, Fontconfig), set up like the peer.
struct OurEngine {
  let engine: TextLayoutEngine
  let style = TextStyle(fontFamily: Setup.family, size: Setup.size)
  let limited = LayoutConfiguration(
    width: Setup.width, lineLimit: .lines(Setup.lineLimit), truncationToken: .ellipsis)
  let unlimited = LayoutConfiguration(width: Setup.width)

  /// Creates an engine over a fresh text stack, so with an empty shaping cache.
  init() throws(BenchError) {
    let stack = try makeStack()
    engine = stack.engine
  }

  /// Lays a text out with the line limit and an ellipsis token.
  func truncationCheck(_ text: BenchText) -> LaidOutText {
    layout(text, configuration: limited)
  }

  /// Measures a text with the line limit and an ellipsis token: the same line count and cut as
  /// ``truncationCheck(_:)``, without placing glyphs.
  func truncationMeasure(_ text: BenchText) -> TextMeasurement {
    do {
      return try engine.measure(
        StyledText(text.string, style: style), configuration: limited)
    } catch {
      preconditionFailure("The benchmark configuration is valid: \(error)")
    }
  }

  /// Lays a text out with no line limit.
  func fullLayout(_ text: BenchText) -> LaidOutText {
    layout(text, configuration: unlimited)
  }

  private func layout(_ text: BenchText, configuration: LayoutConfiguration) -> LaidOutText {
    do {
      return try engine.layout(text.string, style: style, configuration: configuration)
    } catch {
      preconditionFailure("The benchmark configuration is valid: \(error)")
    }
  }
}
