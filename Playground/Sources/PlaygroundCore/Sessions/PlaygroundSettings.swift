@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

/// The controls every component shares, and the ones of single sections, as a session holds
/// them: always valid, since ``apply(_:)`` checks a change before making it.
package struct PlaygroundSettings: Sendable, Hashable, Codable {
  /// The components' width in points.
  package var width = 320.0
  /// The dynamic type size, by the names `TypeSize(name:)` reads (`xSmall` … `AX5`).
  package var typeSize = "large"
  /// The colors.
  package var theme = ThemeChoice.light
  /// The layout direction.
  package var direction = DirectionChoice.ltr
  /// The text's language as a BCP 47 tag, one of ``languages``; empty for none.
  package var language = ""
  /// The text of the expandable text and the truncation detector.
  package var text = SampleTexts.description
  /// Whether ``text`` is read as inline Markdown.
  package var markdown = false
  /// How the expandable text shows its cut.
  package var style = TruncationStyle.fade
  /// How the settings page places its paragraphs.
  package var alignment = AlignmentChoice.leading
  /// The images' pixels per point: the page's `devicePixelRatio`, rounded, 1 to 3.
  package var scale = 2
  /// Whether a tap anywhere on the expandable text toggles it, not only on "more" and "less"
  /// (the model's `togglesOnTapAnywhere`).
  package var togglesOnTapAnywhere = false

  /// Creates the settings a new session starts with.
  package init() {}

  /// The widths a request may ask for, in points.
  package static let widths = 1.0...4000.0
  /// The scales a request may ask for.
  static let scales = 1...3
  /// The languages the page offers: each has its own line-breaking locale and fallback faces.
  package static let languages = [
    "", "en", "he", "ar", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "th",
  ]

  /// The session's language as a value, `nil` for none. Only ``languages`` are ever set, and
  /// each is a language.
  package var textLanguage: TextLanguage? {
    guard !language.isEmpty else { return nil }
    do {
      return try TextLanguage(language)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Light or dark colors.
  package enum ThemeChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case light, dark
  }

  /// Left to right or right to left.
  package enum DirectionChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr, rtl
  }

  /// Where the settings page's paragraphs sit: full-width frames with the text at an edge, or
  /// frames that hug their text in a centered stack (what goes wrong without FullWidthText).
  package enum AlignmentChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case leading, center, trailing, hug
  }

  /// The theme's colors.
  package var colors: Theme { theme == .light ? .light : .dark }

  /// The pixels per point images are drawn at.
  var rasterScale: RasterScale { RasterScale(rawValue: scale) ?? .x2 }

  /// The dynamic type size.
  package var category: TypeSize { TypeSize(name: typeSize) ?? .large }

  /// The environment of a component of a width.
  package func environment(width: Double) -> ComponentEnvironment {
    ComponentEnvironment(
      width: width, typeSize: category, theme: colors,
      direction: direction == .ltr ? .leftToRight : .rightToLeft)
  }

  /// Applies a settings change, all or none.
  ///
  /// - Parameters:
  ///   - change: The fields to change; absent fields stay as they are.
  ///   - limits: The longest text taken.
  /// - Returns: Whether anything changed.
  /// - Throws: ``PlaygroundError`` (400, or 413 for a text over the limit) naming the first
  ///   bad field; the settings are then unchanged.
  @discardableResult
  package mutating func apply(
    _ change: SettingsChange, limits: PlaygroundLimits = PlaygroundLimits()
  ) throws(PlaygroundError) -> Bool {
    var next = self
    if let width = change.width {
      guard Self.widths.contains(width) else {
        throw PlaygroundError(
          "\"width\" must be between \(Int(Self.widths.lowerBound)) and"
            + " \(Int(Self.widths.upperBound)) points, got \(width)")
      }
      next.width = width
    }
    if let typeSize = change.typeSize {
      guard TypeSize(name: typeSize) != nil else {
        throw PlaygroundError(
          "\"typeSize\" must be one of xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,"
            + " AX1 … AX5; got \(PlaygroundError.quote(typeSize))")
      }
      next.typeSize = typeSize
    }
    if let theme = change.theme { next.theme = theme }
    if let direction = change.direction { next.direction = direction }
    if let language = change.language {
      guard Self.languages.contains(language) else {
        throw PlaygroundError(
          "\"language\" must be one of "
            + Self.languages.map { "\"\($0)\"" }.joined(separator: ", ")
            + "; got \(PlaygroundError.quote(language))")
      }
      next.language = language
    }
    if let text = change.text {
      guard text.utf8.count <= limits.textBytes else {
        throw PlaygroundError(
          status: 413,
          "\"text\" is \(text.utf8.count) bytes; the playground takes at most"
            + " \(limits.textBytes / 1024) KB")
      }
      next.text = text
    }
    if let markdown = change.markdown { next.markdown = markdown }
    if let style = change.style { next.style = style }
    if let alignment = change.alignment { next.alignment = alignment }
    if let scale = change.scale {
      guard let whole = Int(exactly: scale), Self.scales.contains(whole) else {
        throw PlaygroundError("\"scale\" must be 1, 2 or 3 pixels per point, got \(scale)")
      }
      next.scale = whole
    }
    if let taps = change.togglesOnTapAnywhere { next.togglesOnTapAnywhere = taps }
    defer { self = next }
    return next != self
  }
}
