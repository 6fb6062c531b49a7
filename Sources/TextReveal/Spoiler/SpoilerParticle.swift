import TextLayout

/// A grain of spoiler dust at one moment: where it is, how big and how opaque, and which
/// region's color it takes.
public struct SpoilerParticle: Sendable, Hashable {
  /// Its center, in the layout's coordinates.
  public var position: LayoutPoint
  /// Its diameter in points.
  public var size: Double
  /// Its opacity, 0 to 1.
  public var opacity: Double
  /// The index of its region in ``SpoilerModel/regions``, for the color.
  public var region: Int

  /// Creates a particle.
  public init(position: LayoutPoint, size: Double, opacity: Double, region: Int) {
    self.position = position
    self.size = size
    self.opacity = opacity
    self.region = region
  }
}
