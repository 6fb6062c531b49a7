@_spi(Backend) import TextLayout

/// The colors a layout is drawn with where its styles name none.
///
/// A run's own ``TextStyle/color`` wins over ``primary``. The truncation token's label (the
/// "more" button) is drawn in ``label`` unless the token's label style names a color; its
/// leader ("… ") is drawn like the text.
///
/// ```swift
/// let colors = TextColors(primary: .init(red: 0, green: 0, blue: 0), label: .init(red: 0, green: 0.48, blue: 1))
/// ```
package struct TextColors: Sendable, Hashable {
  /// The color of text whose style names no color.
  package var primary: TextColor
  /// The color of the truncation token's label, and of links whose style names no color.
  package var label: TextColor
  /// Whether links are underlined (SwiftUI's `Text` underlines none; a web page most).
  package var underlinesLinks: Bool

  /// Creates a set of colors.
  ///
  /// - Parameters:
  ///   - primary: The text color, black by default.
  ///   - label: The token label's and links' color, Apple's system blue (#007AFF) by default.
  ///   - underlinesLinks: Whether links are underlined; not by default, as in SwiftUI.
  package init(
    primary: TextColor = TextColor(red: 0, green: 0, blue: 0),
    label: TextColor = TextColor(red: 0, green: 122 / 255, blue: 1),
    underlinesLinks: Bool = false
  ) {
    self.primary = primary
    self.label = label
    self.underlinesLinks = underlinesLinks
  }

  /// White text with the dark-mode system blue (#0A84FF) label, for dark backgrounds.
  package static let dark = TextColors(
    primary: TextColor(red: 1, green: 1, blue: 1),
    label: TextColor(red: 10 / 255, green: 132 / 255, blue: 1))
}
