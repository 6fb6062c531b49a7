import TextReveal

/// What the widgets follow of GTK's settings: the dark preference, the text scale and whether
/// animations are on.
struct WidgetAppearance: Hashable, Sendable {
  /// `gtk-application-prefer-dark-theme`.
  var prefersDarkTheme = false
  /// `gtk-theme-name`, or the `GTK_THEME` environment variable when it is set (it names the
  /// theme GTK draws with, such as `Adwaita:dark`).
  var themeName: String?
  /// `gtk-xft-dpi`: the text resolution in 1024ths of a dot per inch, or 0 or less when unset.
  var xftDPI = 0
  /// `gtk-enable-animations`.
  var enablesAnimations = true

  /// The text resolution GTK treats as 100 %: 96 dpi.
  static let standardDPI = 96 * 1024

  /// The theme: dark when the application prefers it or the theme is a dark variant.
  var theme: Theme {
    if prefersDarkTheme { return .dark }
    guard let name = themeName?.lowercased() else { return .light }
    return name.hasSuffix(":dark") || name.hasSuffix("-dark") ? .dark : .light
  }

  /// The text scale: the resolution over 96 dpi, 1 when unset.
  var textScale: Double {
    xftDPI > 0 ? Double(xftDPI) / Double(Self.standardDPI) : 1
  }

  /// The type size whose body text is nearest the large size (17 points) times the text scale.
  var typeSize: TypeSize {
    let wanted = TypeSize.large.bodySize * textScale
    return TypeSize.allCases.min { abs($0.bodySize - wanted) < abs($1.bodySize - wanted) }!
  }

  /// The environment a component is shown in at a width: this appearance's type size, theme
  /// and motion, and the widget's direction.
  func environment(width: Double, direction: InterfaceDirection) -> ComponentEnvironment {
    ComponentEnvironment(
      width: max(1, width), typeSize: typeSize, theme: theme, direction: direction,
      reducesMotion: !enablesAnimations)
  }
}
