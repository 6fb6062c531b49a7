@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

/// The controls every component shares, and the ones of single sections, as a session holds
/// them: always valid, since ``apply(_:)`` checks a change before making it.
public struct PlaygroundSettings: Sendable, Hashable, Codable {
  /// The components' width in points.
  public var width = 320.0
  /// The dynamic type size, by the names `TypeSize(name:)` reads (`xSmall` … `AX5`).
  public var typeSize = "large"
  /// The colors.
  public var theme = ThemeChoice.light
  /// The layout direction.
  public var direction = DirectionChoice.ltr
  /// The text's language as a BCP 47 tag, one of ``languages``; empty for none.
  public var language = ""
  /// The text of the expandable text and the truncation detector.
  public var text = SampleTexts.description
  /// Whether ``text`` is read as inline Markdown.
  public var markdown = false
  /// How the expandable text shows its cut.
  public var style = TruncationStyle.fade
  /// How the settings page places its paragraphs.
  public var alignment = AlignmentChoice.leading

  /// Creates the settings a new session starts with.
  public init() {}

  /// The widths a request may ask for, in points.
  public static let widths = 1.0...4000.0
  /// The languages the page offers: each has its own line-breaking locale and fallback faces.
  public static let languages = [
    "", "en", "he", "ar", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "th",
  ]

  /// The session's language as a value, `nil` for none. Only ``languages`` are ever set, and
  /// each is a language.
  public var textLanguage: TextLanguage? {
    guard !language.isEmpty else { return nil }
    do {
      return try TextLanguage(language)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Light or dark colors.
  public enum ThemeChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case light, dark
  }

  /// Left to right or right to left.
  public enum DirectionChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr, rtl
  }

  /// Where the settings page's paragraphs sit: full-width frames with the text at an edge, or
  /// frames that hug their text in a centered stack (what goes wrong without FullWidthText).
  public enum AlignmentChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case leading, center, trailing, hug
  }

  /// The theme's colors.
  public var colors: Theme { theme == .light ? .light : .dark }

  /// The dynamic type size.
  public var category: TypeSize { TypeSize(name: typeSize) ?? .large }

  /// The environment of a component of a width.
  public func environment(width: Double) -> ComponentEnvironment {
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
  public mutating func apply(
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
    defer { self = next }
    return next != self
  }
}
