import Foundation
import TextRaster
@_spi(FrontEnd) import TextReveal

/// How a demo draws a component: its colors, type size, direction, motion and pixel scale, as
/// the command line's options and the playground's settings give them.
public struct Appearance: Sendable, Hashable, Codable {
  /// The colors.
  public var theme: Theme
  /// The dynamic type size.
  public var typeSize: TypeSize
  /// The interface direction.
  public var direction: InterfaceDirection
  /// Whether motion is reduced.
  public var reducesMotion: Bool
  /// The pixels per point of the images.
  public var scale: RasterScale

  /// Creates an appearance: light, large, left to right, with motion, at 2×, unless told
  /// otherwise.
  public init(
    theme: Theme = .light, typeSize: TypeSize = .large,
    direction: InterfaceDirection = .leftToRight, reducesMotion: Bool = false,
    scale: RasterScale = .x2
  ) {
    self.theme = theme
    self.typeSize = typeSize
    self.direction = direction
    self.reducesMotion = reducesMotion
    self.scale = scale
  }

  /// The environment of a component of a width in this appearance.
  public func environment(width: Double) -> ComponentEnvironment {
    ComponentEnvironment(
      width: width, typeSize: typeSize, theme: theme, direction: direction,
      reducesMotion: reducesMotion)
  }
}

extension Theme {
  /// The built-in theme of a name, "light" or "dark".
  public init?(name: String) {
    guard let theme = Theme.allCases.first(where: { $0.name == name.lowercased() }) else {
      return nil
    }
    self = theme
  }
}

extension InterfaceDirection {
  /// The direction of a short name, "ltr" or "rtl", or of a case name.
  public init?(name: String) {
    switch name.lowercased() {
    case "ltr", "lefttoright": self = .leftToRight
    case "rtl", "righttoleft": self = .rightToLeft
    default: return nil
    }
  }

  /// The short name: "ltr" or "rtl".
  public var shortName: String { self == .leftToRight ? "ltr" : "rtl" }
}

extension TypeSize {
  /// The short name: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 to AX5.
  public var shortName: String {
    switch self {
    case .extraSmall: "xSmall"
    case .small: "small"
    case .medium: "medium"
    case .large: "large"
    case .extraLarge: "xLarge"
    case .extraExtraLarge: "xxLarge"
    case .extraExtraExtraLarge: "xxxLarge"
    case .accessibilityMedium: "AX1"
    case .accessibilityLarge: "AX2"
    case .accessibilityExtraLarge: "AX3"
    case .accessibilityExtraExtraLarge: "AX4"
    case .accessibilityExtraExtraExtraLarge: "AX5"
    }
  }
}

extension TypeSize {
  /// The category of a short name (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1
  /// to AX5), or of a case name, in any letter case.
  public init?(name: String) {
    guard
      let size = TypeSize.allCases.first(where: {
        $0.shortName.lowercased() == name.lowercased() || "\($0)" == name
      })
    else { return nil }
    self = size
  }
}
