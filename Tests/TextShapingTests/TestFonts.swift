/// Font files from Debian packages the tests load by path, so results never depend on what else
/// is installed.
enum TestFonts {
  /// DejaVu Sans, from fonts-dejavu-core.
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// Droid Sans Fallback, from fonts-droid-fallback: Chinese and Japanese.
  static let droidSansFallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
  /// Noto Color Emoji, from fonts-noto-color-emoji: the colour (CBDT) emoji face Fontconfig
  /// gives the `emoji` family.
  static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
}
