import Foundation
import TextRaster
@_spi(FrontEnd) import TextReveal

/// A scripted run of a component, recorded as the frames of an animation: how the gallery, the
/// command line and the benchmarks make an animated PNG of any component.
///
/// ```swift
/// let frames = try Recording.frames(
///   of: model, using: engine,
///   script: [.hold(.milliseconds(900)), .perform(.expand), .animate, .hold(.seconds(1.5))])
/// try renderer.animation(frames, padding: 16).write(to: "expand.png")
/// ```
public enum Recording {
  /// A step of a script.
  public enum Step<Action: Hashable & Sendable>: Sendable, Hashable {
    /// One frame of the component as it stands, shown for a while; the clock does not move.
    case hold(Duration)
    /// Performs an action at the current time, drawing nothing.
    case perform(Action)
    /// Performs the action of a tap at a point (in the component's coordinates) at the current
    /// time; the step fails when the point hits nothing.
    case tap(CGPoint)
    /// Frames at the frame rate while a change of state is under way (an expand, a row
    /// toggling, a reveal), at most `maximum` seconds; dust that keeps moving afterwards does
    /// not extend it.
    case animate(maximum: Double)
    /// Frames at the frame rate for a while, whatever animates (spoiler dust).
    case play(seconds: Double)

    /// ``animate(maximum:)`` for up to 5 seconds.
    public static var animate: Step { .animate(maximum: 5) }
  }

  /// Why a script could not be recorded.
  public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The component could not be laid out.
    case layout(TextRevealError)
    /// A tap hit nothing: the point, in the component's coordinates.
    case missedTap(CGPoint)

    public var description: String {
      switch self {
      case .layout(let error): "\(error)"
      case .missedTap(let point):
        "the tap at \(Double(point.x).formatted()),\(Double(point.y).formatted()) hits nothing"
      }
    }
  }

  /// The frames of a script run on a component, starting at a time.
  ///
  /// - Parameters:
  ///   - component: The component; the script's actions change a copy of it.
  ///   - engine: The layout engine.
  ///   - script: The steps.
  ///   - start: The time of the first frame.
  ///   - framesPerSecond: The frame rate of animated steps, 30 by default.
  /// - Returns: The frames, and the component as the script left it.
  /// - Throws: ``Failure/layout(_:)`` when the component cannot be laid out,
  ///   ``Failure/missedTap(_:)`` for a tap on nothing.
  public static func frames<Component: RevealComponent>(
    of component: Component, using engine: TextLayoutEngine,
    script: [Step<Component.Action>], start: Double = 0, framesPerSecond: Double = 30
  ) throws(Failure) -> (frames: [AnimationFrame<Component.Action>], component: Component) {
    var component = component
    // Reads the component as the script has changed it so far.
    func list(at time: Double) throws(Failure) -> DisplayList<Component.Action> {
      do {
        return try component.displayList(using: engine, at: time)
      } catch {
        throw .layout(error)
      }
    }
    var time = start
    var frames: [AnimationFrame<Component.Action>] = []
    let step = 1 / framesPerSecond
    let delay = Duration.milliseconds(Int((1000 * step).rounded()))
    for entry in script {
      switch entry {
      case .hold(let duration):
        frames.append(
          AnimationFrame(list: try list(at: time), delay: duration))
      case .perform(let action):
        component.perform(action, at: time)
      case .tap(let point):
        guard let action = component.hitTest(point, in: try list(at: time)) else {
          throw .missedTap(point)
        }
        component.perform(action, at: time)
      case .animate(let maximum):
        let end = time + maximum
        while time < end {
          let shown = try list(at: time)
          guard shown.animation.isChanging(after: time) else { break }
          frames.append(AnimationFrame(list: shown, delay: delay))
          time += step
        }
      case .play(let seconds):
        let count = max(1, Int((seconds * framesPerSecond).rounded(.up)))
        for _ in 0..<count {
          frames.append(
            AnimationFrame(list: try list(at: time), delay: delay))
          time += step
        }
      }
    }
    return (frames, component)
  }
}
