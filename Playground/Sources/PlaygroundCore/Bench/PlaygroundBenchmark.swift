import Foundation
import NIOCore
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

/// The playground's speed, printed as `make bench` prints every figure:
/// `bench NAME ours=… peer=… ratio=…x`, where the peer is a budget, not another library.
///
/// - `playground-tap-latency` (and `-p99`): a tap on "more" answered by the service, as the
///   server answers it minus the socket: the session checked out, the job handed to a drawing
///   thread, hit test, state change, the expand animation and the still encoded as PNG, the
///   images stored and the JSON answer naming their URLs. Against 100 ms, a response felt as
///   instant.
/// - `playground-width-drag` (and `-p99`): one slider step of the expandable text: the model
///   laid out at the new width, drawn and encoded as PNG. Against one 60 Hz frame, 16.7 ms.
public struct PlaygroundBenchmark {
  /// How many taps are timed.
  public var taps: Int

  /// Creates a benchmark of a number of taps (and as many slider steps).
  public init(taps: Int = 200) {
    self.taps = taps
  }

  /// Runs both figures and prints them.
  public func run() async throws {
    let clock = ContinuousClock()
    let service = try PlaygroundService()
    let (id, _) = try await service.createSession()

    // Where "more" is, from the same model the service builds.
    let typesetter = try Typesetter(language: "")
    let scene = PlaygroundScene(typesetter: typesetter)
    let list = try scene.expandableModel(PlaygroundSession()).displayList(
      using: typesetter.stack.engine)
    guard let more = list.hitRegions.first(where: { $0.action == .expand })?.rect else {
      throw PlaygroundError(status: 400, "the sample text is not cut, so there is no \"more\"")
    }
    let tap = TapRequest(component: .expandable, x: Double(more.midX), y: Double(more.midY))
    let reset = ActionRequest(component: .expandable, action: "reset")
    var latencies: [Double] = []
    for _ in 0..<(taps + 5) {
      _ = try await service.act(session: id, reset)
      let start = clock.now
      let answer = try await service.tap(session: id, tap)
      let elapsed = start.duration(to: clock.now)
      let text = String(buffer: answer.json)
      guard text.contains(#""action":"expand""#) else {
        throw PlaygroundError(status: 400, "a tap on \"more\" did not expand: \(text.prefix(200))")
      }
      latencies.append(Self.seconds(elapsed))
    }
    latencies.removeFirst(5)  // warm-up: the glyph cache fills
    Self.print("playground-tap-latency", latencies, percentile: 50, budget: 0.100)
    Self.print("playground-tap-latency-p99", latencies, percentile: 99, budget: 0.100)

    // One slider step: 300 → 400 points and back, a point at a time.
    var session = PlaygroundSession()
    var steps: [Double] = []
    for step in 0..<taps {
      let offset = Double(step % 200)
      session.settings.width = 300 + (offset < 100 ? offset : 200 - offset)
      let start = clock.now
      // Each step is an answer of its own, with its own pixel budget.
      let answer = PlaygroundScene(typesetter: typesetter, budget: PixelBudget())
      let view = answer.view(of: .expandable, session: &session)
      steps.append(Self.seconds(start.duration(to: clock.now)))
      guard view.stillPNG != nil else {
        throw PlaygroundError(status: 400, "a width step failed: \(view.error ?? "")")
      }
    }
    Self.print("playground-width-drag", steps, percentile: 50, budget: 1 / 60)
    Self.print("playground-width-drag-p99", steps, percentile: 99, budget: 1 / 60)
  }

  /// The nearest-rank percentile of some times.
  public static func percentile(_ percent: Double, of values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count, max(1, rank)) - 1]
  }

  private static func print(_ name: String, _ values: [Double], percentile: Double, budget: Double)
  {
    let ours = Self.percentile(percentile, of: values)
    Swift.print(
      "bench \(name) ours=\(milliseconds(ours)) peer=\(milliseconds(budget))"
        + " ratio=\(String(format: "%.2f", budget / ours))x samples=\(values.count)")
  }

  private static func milliseconds(_ seconds: Double) -> String {
    let value = seconds * 1000
    return String(format: value < 10 ? "%.2fms" : "%.1fms", value)
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
