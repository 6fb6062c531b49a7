import Foundation
@_spi(Backend) import TextLayout

/// The shape every TextReveal component shares: lay out into a display list, hit-test a tap,
/// perform an action at a time.
///
/// A front end written against this protocol draws and drives every component, and any
/// composition of them, with the same few lines:
///
/// ```swift
/// func tap<C: RevealComponent>(_ component: inout C, at point: CGPoint, time: Double) throws {
///   let list = try component.displayList(using: engine, at: time)
///   guard let action = component.hitTest(point, in: list) else { return }
///   if let url = component.perform(action, at: time) { open(url) }
/// }
/// ```
///
/// Time is an input: a component keeps the start time of each change, and its display list at
/// a later time is that moment of the animation. Nothing reads a clock.
public protocol RevealComponent: Sendable {
  /// What a tap on the component can do.
  associatedtype Action: Hashable & Sendable

  /// The width, type size, theme, direction and motion the component is shown in.
  var environment: ComponentEnvironment { get set }

  /// Lays the component out and describes what it shows at a time.
  ///
  /// - Parameters:
  ///   - engine: The layout engine.
  ///   - time: The moment to draw, in the clock the actions were performed in.
  ///   - visibleRect: The part of the component on screen, in its coordinates: a long list lays
  ///     out text only for the rows there. `nil` for all of it.
  /// - Returns: What to draw and where taps land.
  /// - Throws: ``TextRevealError`` for input the engine cannot lay out.
  func displayList(
    using engine: TextLayoutEngine, at time: Double, visibleRect: CGRect?
  ) throws(TextRevealError) -> DisplayList<Action>

  /// The action under a point of a display list this component made, if any.
  func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action?

  /// Performs an action at a time: changes the component's state (starting an animation) or
  /// hands a link back to open.
  ///
  /// - Returns: The link to open with the platform's handler, for a tap on a link; otherwise
  ///   `nil`, the component having changed its own state, if anything.
  @discardableResult
  mutating func perform(_ action: Action, at time: Double) -> URL?
}

extension RevealComponent {
  /// The display list of the whole component at a time.
  public func displayList(
    using engine: TextLayoutEngine, at time: Double = 0
  ) throws(TextRevealError) -> DisplayList<Action> {
    try displayList(using: engine, at: time, visibleRect: nil)
  }

  /// The action of the front-most hit region under the point.
  public func hitTest(_ point: CGPoint, in displayList: DisplayList<Action>) -> Action? {
    displayList.action(at: point)
  }
}
