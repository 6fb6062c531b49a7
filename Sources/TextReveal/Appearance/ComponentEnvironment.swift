@_spi(Backend) import TextLayout

/// What every component reads from its surroundings: the width it is given, the dynamic type
/// size, the colors and the layout direction.
///
/// Every model holds one as `environment` and reads it when it lays itself out, the way a
/// SwiftUI view reads its environment: change the environment (a rotation, a new type size,
/// dark mode) and lay the model out again.
///
/// ```swift
/// var model = ExpandableTextModel(
///   text: StyledText(description), environment: ComponentEnvironment(width: 343))
/// model.environment.typeSize = .accessibilityMedium
/// let layout = try model.layout(using: engine)
/// ```
public struct ComponentEnvironment: Sendable, Hashable {
  /// The width the component is given, in points.
  public var width: Double
  /// The dynamic type size; text sizes are given at ``TypeSize/large``.
  public var typeSize: TypeSize
  /// The colors.
  public var theme: Theme
  /// The direction of the interface around the component.
  public var direction: InterfaceDirection
  /// Where tabs in the component's text advance to: every 28 points by default.
  public var tabStops: TabStops
  /// Whether motion is reduced (Reduce Motion): changes of height happen at once, spoiler dust
  /// is static dots, and a reveal is a cross-fade.
  public var reducesMotion: Bool

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - width: The width in points.
  ///   - typeSize: The dynamic type size, ``TypeSize/large`` by default.
  ///   - theme: The colors, ``Theme/light`` by default.
  ///   - direction: The interface direction, left to right by default.
  ///   - tabStops: Where tabs advance to, every 28 points by default.
  ///   - reducesMotion: Whether motion is reduced, not by default.
  public init(
    width: Double, typeSize: TypeSize = .large, theme: Theme = .light,
    direction: InterfaceDirection = .leftToRight, tabStops: TabStops = .default,
    reducesMotion: Bool = false
  ) {
    self.width = width
    self.typeSize = typeSize
    self.theme = theme
    self.direction = direction
    self.tabStops = tabStops
    self.reducesMotion = reducesMotion
  }
}
