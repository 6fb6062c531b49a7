import Foundation
@_spi(Backend) import TextLayout

/// What a component draws at one moment, and what a tap on it means: the value every front end
/// renders.
///
/// A display list is the answer of ``RevealComponent/displayList(using:at:visibleRect:)``: the
/// component's size, its background, the items to draw back to front (texts placed at origins,
/// shapes, spoiler dust, groups with a clip, an opacity or a mask), the typed hit regions a tap
/// can land on, what assistive technologies read, and whether the picture changes with time.
/// Every coordinate is in points in the component's own space (origin at its top-left corner),
/// and nothing is left to compute: a front end draws the items and routes taps, and has no code
/// of its own for any component.
///
/// ```swift
/// let list = try model.displayList(using: engine, at: now)
/// try renderer.draw(list, in: &canvas)            // TextRaster, GTK, a SwiftUI Canvas…
/// if let action = model.hitTest(tap, in: list) {
///   let outcome = model.perform(action, at: now)
///   if let url = outcome { open(url) }
/// }
/// ```
public struct DisplayList<Action: Hashable & Sendable>: Sendable, Hashable {
  /// The component's frame size; items may reach outside it only where a clip allows.
  public var size: CGSize
  /// The color behind the component: its theme's background.
  public var background: TextColor
  /// What to draw, back to front.
  @_spi(FrontEnd) public var items: [DisplayItem]
  /// Where a tap does something, front-most first: the first region that contains the point
  /// wins.
  public var hitRegions: [HitRegion<Action>]
  /// What assistive technologies read, in reading order.
  public var accessibility: [AccessibilityElement<Action>]
  /// Whether the picture changes with time, and until when.
  public var animation: DisplayAnimation

  /// Creates a display list.
  @_spi(FrontEnd) public init(
    size: CGSize, background: TextColor, items: [DisplayItem] = [],
    hitRegions: [HitRegion<Action>] = [], accessibility: [AccessibilityElement<Action>] = [],
    animation: DisplayAnimation = .still
  ) {
    self.size = size
    self.background = background
    self.items = items
    self.hitRegions = hitRegions
    self.accessibility = accessibility
    self.animation = animation
  }

  /// The action of the front-most hit region that contains a point.
  ///
  /// - Parameter point: A point in the component's coordinates.
  /// - Returns: The action, or `nil` when a tap there does nothing.
  /// - Complexity: O(*r*) for *r* regions; a list has regions only for the rows it shows.
  public func action(at point: CGPoint) -> Action? {
    hitRegions.first { $0.rect.contains(point) }?.action
  }
}
