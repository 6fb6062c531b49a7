import Foundation
import TextLayout
import TextReveal

/// The seam between the GTK widget core (``ComponentWidget``) and one component: everything the
/// core knows of a component goes through here.
///
/// The core owns the GTK side: the GObject, sizing, drawing a bitmap as a texture at the
/// widget's scale, clicks, the frame clock, GTK's settings and the accessibility tree. An
/// adapter owns the component: its model value and the state of its animations. The questions
/// are those of the component shape the library is moving to (a display list, typed actions):
///
/// - "Lay yourself out for this environment at this time": ``scene(using:at:)`` gives a
///   ``ComponentScene``, which says how large the component is, what to draw, what a point hits,
///   whether it animates and what assistive technologies read. It stands in for the display
///   list: when every model produces one, a single adapter over the library's component protocol
///   replaces the per-component adapters, and the core does not change.
/// - "Perform this action at this time": ``perform(_:at:)``, with what the front end must do
///   about it (``ActionOutcome``).
///
/// Adapters are values with no GTK in them, so the tests drive them without a display.
protocol ComponentAdapter {
  /// What a click can do in this component.
  associatedtype Action

  /// The accessible role of the widget, fixed when the widget is made.
  static var role: WidgetRole { get }

  /// The width, type size, theme and direction the widget gives the component; the core sets it
  /// from the allocation and GTK's settings before asking for a scene.
  var environment: ComponentEnvironment { get set }

  /// Whether animations are off (GTK's `gtk-enable-animations`): state changes at once, and
  /// spoiler dust stands still.
  var reducesMotion: Bool { get set }

  /// The component laid out for ``environment`` at a time.
  ///
  /// - Parameters:
  ///   - engine: The layout engine.
  ///   - time: The frame clock's time, in seconds.
  /// - Returns: What to draw at that time, and what a click hits.
  func scene(using engine: TextLayoutEngine, at time: Double) throws -> ComponentScene<Action>

  /// The width the component would take if it had all it wanted, in points; 0 when it simply
  /// fills the width it is given.
  func naturalWidth(using engine: TextLayoutEngine) throws -> Double

  /// Performs an action found by a scene's hit test, at a time.
  mutating func perform(_ action: Action, at time: Double) -> ActionOutcome
}

extension ComponentAdapter {
  func naturalWidth(using engine: TextLayoutEngine) throws -> Double { 0 }
}
