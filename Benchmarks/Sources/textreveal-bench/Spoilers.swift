import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

/// The spoiler benchmarks: one animation frame of a three-line message with a hidden word (its
/// display list at the frame's time, drawn at scale 3 by the one renderer entry point) against
/// the frame budget of a 120 Hz display, and the display list alone against the same budget.
/// The peers are budgets, not engines: a ratio of R means the work fits R times in its budget.
enum Spoilers {
  /// A 120 Hz display's frame: 8.33 ms.
  static let frameBudget = 1.0 / 120

  static func run(repetitions: Int) throws(BenchError) {
    let stack = try makeStack()
    var hidden = TextStyle(fontFamily: Setup.family, size: Setup.size)
    hidden.isSpoiler = true
    // Three lines at 320 points; the hidden words cover about 600 square points (a word's
    // rectangle is as tall as its line, about 20 points at 17).
    let plain = TextStyle(fontFamily: Setup.family, size: Setup.size)
    var text = StyledText(
      "Finished the series last night. In the end the butler is the ", style: plain)
    text.append("twin", style: hidden)
    text.append(" of the detective, and nobody survives.", style: plain)
    let message = SpoilerText(
      text: text, environment: ComponentEnvironment(width: 320), seed: 1)
    let renderer = ComponentRenderer(stack: stack, scale: .x3)
    let clock = ContinuousClock()
    var first: DisplayList<SpoilerText.Action>
    do {
      first = try message.displayList(using: stack.engine, at: 1)
    } catch {
      throw .usage("the spoiler message cannot be laid out: \(error)")
    }
    let area = first.hitRegions.reduce(0.0) { $0 + Double($1.rect.width * $1.rect.height) }

    // One frame, through the one renderer entry point: the message's display list at the
    // frame's time (its layout, its hidden words and their dust), drawn from scratch at 3x.
    var frames: [Double] = []
    var models: [Double] = []
    var grains = 0
    var pixels = 0
    for frame in 0..<(60 * repetitions) {
      let time = 1 + Double(frame) / 120
      let start = clock.now
      do {
        let list = try message.displayList(using: stack.engine, at: time)
        models.append(seconds(start.duration(to: clock.now)))
        first = list
        let image = try renderer.image(of: list)
        pixels &+= image.width
      } catch {
        throw .usage("a spoiler frame cannot be drawn: \(error)")
      }
      frames.append(seconds(start.duration(to: clock.now)))
    }
    for case .dust(let dust) in first.items { grains += dust.grains.count }
    let frame = Statistics(frames).median
    output(
      "bench spoiler-frame ours=\(Figure.time(frame)) peer=\(Figure.time(frameBudget))"
        + " ratio=\(Figure.ratio(frameBudget / frame)) area=\(Int(area))pt2"
        + " grains=\(grains) lines=\(Self.lineCount(first)) scale=3 columns=\(pixels)")
    // The model's share of the frame: the display list alone, against the same budget.
    let model = Statistics(models).median
    output(
      "bench spoiler-display-list ours=\(Figure.time(model)) peer=\(Figure.time(frameBudget))"
        + " ratio=\(Figure.ratio(frameBudget / model)) grains=\(grains)")
  }

  static func lineCount(_ list: DisplayList<SpoilerText.Action>) -> Int {
    for case .text(let text) in list.items { return text.layout.lines.count }
    return 0
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
