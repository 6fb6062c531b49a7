import Testing
import TextReveal

@testable import TextRevealGTK

@Suite struct WidgetAppearanceTests {
  @Test(
    "gtk-xft-dpi maps to the type size whose body text is nearest 17 points times the scale",
    arguments: [
      (0, .large),  // unset: 100 %
      (-1, .large),
      (96 * 1024, .large),
      (72 * 1024, .extraSmall),  // 75 %: 12.75 points, the smallest is 14
      (106 * 1024, .extraLarge),  // 110 %: 18.8 points
      (120 * 1024, .extraExtraLarge),  // 125 %: 21.25 points
      (192 * 1024, .accessibilityLarge),  // 200 %: 34 points
      (400 * 1024, .accessibilityExtraExtraExtraLarge),
    ] as [(Int, TypeSize)])
  func typeSize(dpi: Int, expected: TypeSize) {
    var appearance = WidgetAppearance()
    appearance.xftDPI = dpi
    let wanted = 17 * (dpi > 0 ? Double(dpi) / Double(96 * 1024) : 1)
    // The table's answers, checked against the rule itself: no size is nearer.
    for other in TypeSize.allCases {
      #expect(abs(expected.bodySize - wanted) <= abs(other.bodySize - wanted))
    }
    #expect(appearance.typeSize == expected)
  }

  @Test(
    "Dark when the application prefers it or the theme is a dark variant",
    arguments: [
      (false, nil, "light"), (true, nil, "dark"), (false, "Adwaita", "light"),
      (false, "Adwaita-dark", "dark"), (false, "Adwaita:dark", "dark"),
      (false, "HighContrast", "light"), (true, "Adwaita", "dark"),
    ] as [(Bool, String?, String)])
  func theme(prefersDark: Bool, themeName: String?, expected: String) {
    var appearance = WidgetAppearance()
    appearance.prefersDarkTheme = prefersDark
    appearance.themeName = themeName
    #expect(appearance.theme.name == expected)
  }
}
