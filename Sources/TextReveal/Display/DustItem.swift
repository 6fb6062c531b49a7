import Foundation
@_spi(Backend) import TextLayout

/// Spoiler dust at one moment: grains that each are a small round dot.
///
/// The grains are already placed, sized and faded for the display list's time, and they lie
/// inside the hidden words' rectangles; a front end draws each as an anti-aliased circle.
@_spi(FrontEnd) public struct DustItem: Sendable, Hashable {
  /// The grains.
  public var grains: [DustGrain]
  /// The colors the grains take, by ``DustGrain/colorIndex``: each hidden run's text color.
  public var colors: [TextColor]

  /// Creates dust.
  public init(grains: [DustGrain], colors: [TextColor]) {
    self.grains = grains
    self.colors = colors
  }
}

/// One grain of spoiler dust.
@_spi(FrontEnd) public struct DustGrain: Sendable, Hashable {
  /// Its center in the component.
  public var center: CGPoint
  /// Its diameter in points.
  public var diameter: Double
  /// Its opacity, 0 to 1, to multiply with its color's.
  public var opacity: Double
  /// Its color in ``DustItem/colors``.
  public var colorIndex: Int

  /// Creates a grain.
  public init(center: CGPoint, diameter: Double, opacity: Double, colorIndex: Int) {
    self.center = center
    self.diameter = diameter
    self.opacity = opacity
    self.colorIndex = colorIndex
  }
}
