import Foundation
@_spi(Backend) import TextLayout

/// Items drawn together into a layer, which is then clipped, masked and faded as one before it
/// is composited.
@_spi(FrontEnd) public struct GroupItem: Sendable, Hashable {
  /// What the group draws, back to front, in the component's coordinates.
  public var items: [DisplayItem]
  /// Only what falls inside this rectangle shows; `nil` for no clip.
  public var clip: CGRect?
  /// A mask over the layer; `nil` for none.
  public var mask: Mask?
  /// The opacity the layer is composited with.
  public var opacity: Double

  /// A mask over a group's layer.
  public enum Mask: Sendable, Hashable {
    /// The App Store fade: on the rows of a rectangle, the layer fades to clear across it toward
    /// its clear edge, and is cleared beyond that edge (under the "more" button); other rows
    /// are untouched.
    case fade(FadeMask)
    /// Only what lies inside a circle shows: a spoiler reveal spreading from a tap.
    case circle(center: CGPoint, radius: Double)
  }

  /// Creates a group.
  public init(
    items: [DisplayItem], clip: CGRect? = nil, mask: Mask? = nil, opacity: Double = 1
  ) {
    self.items = items
    self.clip = clip
    self.mask = mask
    self.opacity = opacity
  }
}
