import TextLayout
import TextRaster
import TextReveal
import TextShaping

/// The spoiler benchmarks: one animation frame (advance the dust of a three-line message whose
/// spoilers cover about 600 square points, and rasterize the frame at scale 3) against the
/// frame budget of a 120 Hz display, and the particle step alone for 4,000 live particles
/// against a 50 µs budget. The peers are budgets, not engines: a ratio of R means the work fits
/// R times in its budget.
enum Spoilers {
  /// A 120 Hz display's frame: 8.33 ms.
  static let frameBudget = 1.0 / 120
  /// The particle step's budget for 4,000 live particles.
  static let stepBudget = 50e-6

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
    let layout: LaidOutText
    do {
      layout = try stack.engine.layout(text, configuration: LayoutConfiguration(width: 320))
    } catch {
      throw .usage("the spoiler message cannot be laid out: \(error)")
    }
    let spoilers = SpoilerModel(layout: layout, seed: 1)
    let area = spoilers.regions.reduce(0) { $0 + $1.area }
    let renderer = ComponentRenderer(shaper: stack.shaper, scale: .x3)
    var canvas = renderer.canvas(width: 320, height: layout.size.height, theme: .light)
    let blank = canvas
    var particles: [SpoilerParticle] = []
    particles.reserveCapacity(1024)
    let clock = ContinuousClock()

    // One frame: the dust advanced to the frame's time and the frame drawn from scratch.
    var frames: [Double] = []
    for frame in 0..<(60 * repetitions) {
      let time = 1 + Double(frame) / 120
      let start = clock.now
      canvas = blank
      do {
        try renderer.draw(
          layout, spoilers: spoilers, at: time, origin: renderer.origin, in: &canvas,
          theme: .light, particles: &particles)
      } catch {
        throw .usage("a spoiler frame cannot be drawn: \(error)")
      }
      frames.append(seconds(start.duration(to: clock.now)))
    }
    let frame = Statistics(frames).median
    output(
      "bench spoiler-frame ours=\(Figure.time(frame)) peer=\(Figure.time(frameBudget))"
        + " ratio=\(Figure.ratio(frameBudget / frame)) area=\(Int(area))pt2"
        + " particles=\(particles.count) lines=\(layout.lines.count) scale=3")

    // The particle step alone: a field with 4,000 live particles (0.35 per square point).
    let side = (4000 / ParticleField.density).squareRoot()
    let field = ParticleField(
      regions: [[LayoutRect(x: 0, y: 0, width: side, height: side)]], seed: 2)
    var steps: [Double] = []
    for step in 0..<(200 * repetitions) {
      let time = 1 + Double(step) / 120
      let start = clock.now
      field.particles(at: time, into: &particles)
      steps.append(seconds(start.duration(to: clock.now)))
    }
    let step = Statistics(steps).median
    output(
      "bench spoiler-particles ours=\(Figure.time(step)) peer=\(Figure.time(stepBudget))"
        + " ratio=\(Figure.ratio(stepBudget / step)) live=\(particles.count)")
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
