import Foundation
@_spi(Backend) import TextLayout

/// A rectangle of a display list where a tap performs an action.
///
/// The rectangle already includes any slop around a small button, so a front end tests taps
/// against it as it is.
public struct HitRegion<Action: Hashable & Sendable>: Sendable, Hashable {
  /// Where a tap counts, in the component's coordinates.
  public var rect: CGRect
  /// What the tap does.
  public var action: Action

  /// Creates a hit region.
  public init(rect: CGRect, action: Action) {
    self.rect = rect
    self.action = action
  }
}
