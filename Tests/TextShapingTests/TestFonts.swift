/// Font files from Debian packages the tests load by path, so results never depend on what else
/// is installed.
enum TestFonts {
  /// DejaVu Sans, from fonts-dejavu-core.
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// Noto Sans CJK, from fonts-noto-cjk: one collection whose faces are Japanese (0), Korean
  /// (1), Simplified Chinese (2), Traditional Chinese (3) and Hong Kong Chinese (4).
  static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
  /// Noto Color Emoji, from fonts-noto-color-emoji: the colour (CBDT) emoji face Fontconfig
  /// gives the `emoji` family.
  static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
}
