import ArgumentParser
import TextLayout
import TextRaster
import TextReveal
import TextShaping

/// The options `render` and `render-list` share: pixel scale, colors, type size, direction,
/// language.
struct AppearanceOptions: ParsableArguments {
  @Option(help: "Pixels per point: 1, 2 or 3.")
  var scale: Int = 2

  @Option(help: "The colors: light or dark.")
  var theme: ThemeOption = .light

  @Option(
    help:
      "The dynamic type size: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 to AX5.")
  var typeSize: String = "large"

  @Option(help: "The layout direction: ltr or rtl.")
  var direction: DirectionOption = .ltr

  @OptionGroup var language: LanguageOptions

  enum ThemeOption: String, CaseIterable, ExpressibleByArgument {
    case light, dark
  }

  enum DirectionOption: String, CaseIterable, ExpressibleByArgument {
    case ltr, rtl
  }

  func validate() throws {
    guard RasterCanvas.Scale(rawValue: scale) != nil else {
      throw ValidationError("--scale must be 1, 2 or 3, got \(scale)")
    }
    guard TypeSize(name: typeSize) != nil else {
      throw ValidationError(
        "--type-size must be one of xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,"
          + " AX1, AX2, AX3, AX4, AX5; got \(typeSize)")
    }
  }

  /// The validated pixel scale.
  var canvasScale: RasterCanvas.Scale { RasterCanvas.Scale(rawValue: scale)! }
  /// The validated type size.
  var category: TypeSize { TypeSize(name: typeSize)! }
  /// The theme's colors.
  var colors: Theme { theme == .light ? .light : .dark }
  /// The layout direction.
  var layoutDirection: InterfaceDirection { direction == .ltr ? .leftToRight : .rightToLeft }

  /// The environment of a component of a width.
  func environment(width: Double) -> ComponentEnvironment {
    ComponentEnvironment(
      width: width, typeSize: category, theme: colors, direction: layoutDirection)
  }
}
