import ArgumentParser
import Foundation
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

/// The options `render` and `render-list` share: pixel scale, colors, type size, direction,
/// motion, language.
struct AppearanceOptions: ParsableArguments {
  @Option(help: "Pixels per point: 1, 2 or 3.")
  var scale: RasterScale = .x2

  @Option(help: "The colors: light or dark.")
  var theme: Theme = .light

  @Option(
    help:
      "The dynamic type size: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 to AX5.")
  var typeSize: TypeSize = .large

  @Option(help: "The layout direction: ltr or rtl.")
  var direction: InterfaceDirection = .leftToRight

  @OptionGroup var language: LanguageOptions

  /// The appearance with motion as given.
  func appearance(reducesMotion: Bool = false) -> Appearance {
    Appearance(
      theme: theme, typeSize: typeSize, direction: direction, reducesMotion: reducesMotion,
      scale: scale)
  }
}

// Every appearance choice is parsed from the names its type knows, and `--help` lists them
// from the type's cases: no option list is written by hand.

extension RasterScale: ExpressibleByArgument {
  public init?(argument: String) {
    guard let value = Int(argument) else { return nil }
    self.init(rawValue: value)
  }
  public var defaultValueDescription: String { "\(rawValue)" }
  public static var allValueStrings: [String] { allCases.map { "\($0.rawValue)" } }
}

extension Theme: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }
  public var defaultValueDescription: String { name }
  public static var allValueStrings: [String] { allCases.map(\.name) }
}

extension TypeSize: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }
  public var defaultValueDescription: String { shortName }
  public static var allValueStrings: [String] { allCases.map(\.shortName) }
}

extension InterfaceDirection: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }
  public var defaultValueDescription: String { shortName }
  public static var allValueStrings: [String] { allCases.map(\.shortName) }
}

extension TruncationStyle: ExpressibleByArgument {}
