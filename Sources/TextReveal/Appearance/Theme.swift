@_spi(Backend) import TextLayout

/// The colors a component is drawn with: light and dark variants of Apple's system colors.
public struct Theme: Sendable, Hashable, Codable, CaseIterable {
  /// The theme's name, "light" or "dark" for the built-in ones.
  public var name: String
  /// Body text.
  public var primaryText: TextColor
  /// Captions and secondary labels.
  public var secondaryText: TextColor
  /// Buttons such as "more", and links.
  public var accent: TextColor
  /// The background behind the text.
  public var background: TextColor

  /// Creates a theme.
  public init(
    name: String, primaryText: TextColor, secondaryText: TextColor, accent: TextColor,
    background: TextColor
  ) {
    self.name = name
    self.primaryText = primaryText
    self.secondaryText = secondaryText
    self.accent = accent
    self.background = background
  }

  /// Black text on white, blue accent.
  public static let light = Theme(
    name: "light", primaryText: TextColor(red: 0, green: 0, blue: 0),
    secondaryText: TextColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6),
    accent: TextColor(red: 0, green: 0.478, blue: 1),
    background: TextColor(red: 1, green: 1, blue: 1))

  /// White text on black, lighter blue accent.
  public static let dark = Theme(
    name: "dark", primaryText: TextColor(red: 1, green: 1, blue: 1),
    secondaryText: TextColor(red: 0.922, green: 0.922, blue: 0.961, alpha: 0.6),
    accent: TextColor(red: 0.039, green: 0.518, blue: 1),
    background: TextColor(red: 0, green: 0, blue: 0))

  /// The built-in themes: ``light`` and ``dark``.
  public static let allCases = [light, dark]
}
