@_spi(Backend) import TextLayout

/// The real text stack in one value: a layout engine over a ``HarfBuzzShaper`` and an
/// ``ICUAnalyzer``, and the family name styles should use.
///
/// ```swift
/// let stack = try TextStack(fontPath: "/path/to/Font.ttf")
/// let style = TextStyle(fontFamily: stack.defaultFamily, size: 17)
/// let layout = try stack.engine.layout(
///   StyledText("Hello", style: style), configuration: LayoutConfiguration(width: 320))
/// ```
///
/// Stacks are cheap to make after the first: what is read from font files (faces, coverage,
/// direct shaping plans and their tables) and Fontconfig's answers are kept for the process
/// and shared by every stack, as Pango's font map is; a font file written again at the same
/// path is read again. What a stack keeps for itself is its shaping cache of words, the
/// numbering of the faces it met (`FontID`) and the styles it resolved.
public struct TextStack: Sendable {
  /// The family of DejaVu Sans, the default font on Linux.
  public static let defaultFontFamily = "DejaVu Sans"

  /// The font and shaping backend.
  public let shaper: HarfBuzzShaper
  /// The line break and bidi services.
  public let analyzer: ICUAnalyzer
  /// The family to put in styles: DejaVu Sans, or the family of the font file the stack was made
  /// with.
  public let defaultFamily: String
  /// The layout engine over this stack's shaper and analyzer. Copies of the engine share its
  /// buffers, so one engine serves a whole app.
  public let engine: TextLayoutEngine

  /// Creates a stack that finds fonts through Fontconfig and breaks lines for the root locale.
  ///
  /// - Throws: ``TextShapingError/fontconfig(function:family:)`` naming DejaVu Sans when no
  ///   usable face is found for it (install Debian's fonts-dejavu-core), rather than failing at
  ///   the first layout.
  public init() throws(TextShapingError) {
    try self.init(fontPath: nil)
  }

  /// Creates a stack whose default family is a font file's, if one is given.
  ///
  /// The file is registered under the family name it declares, which becomes
  /// ``defaultFamily``; other families still go through Fontconfig.
  ///
  /// - Parameters:
  ///   - fontPath: A font file to use instead of DejaVu Sans, or `nil` for DejaVu Sans.
  ///   - locale: The language lines break for (`"ja"`, `"zh-Hant"`); `nil` is the root
  ///     locale, plain UAX #14.
  ///   - lineBreak: How strictly Chinese and Japanese lines break (CSS `line-break`); `.normal`,
  ///     CSS's default, unless told otherwise. Other locales have no tailoring.
  /// - Throws: ``TextShapingError`` naming the path when the file is not a usable font,
  ///   naming DejaVu Sans when no file is given and no usable face is found for it, or naming
  ///   the ICU function that failed when ICU's data is missing.
  public init(
    fontPath: String?, locale: TextLanguage? = nil, lineBreak: LineBreakStrictness = .normal
  ) throws(TextShapingError) {
    shaper = HarfBuzzShaper()
    analyzer = ICUAnalyzer(locale: lineBreak.icuLocale(for: locale))
    try analyzer.check()
    if let fontPath {
      defaultFamily = try shaper.register(fontAt: fontPath).familyName
    } else {
      defaultFamily = Self.defaultFontFamily
      try shaper.checkFamily(defaultFamily)
    }
    engine = TextLayoutEngine(shaper: shaper, analyzer: analyzer)
  }
}
