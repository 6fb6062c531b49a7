import TextReveal

extension TextColors {
  /// The colors of a component's theme: its primary text color for text, its accent for labels.
  ///
  /// ```swift
  /// try glyphs.draw(layout, at: origin, in: &canvas, colors: TextColors(theme: .dark))
  /// ```
  ///
  /// - Parameter theme: The theme, such as ``TextReveal/Theme/light`` or ``TextReveal/Theme/dark``.
  public init(theme: Theme) {
    self.init(primary: theme.primaryText, label: theme.accent)
  }
}
