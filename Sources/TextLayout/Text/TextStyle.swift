import Foundation

/// The attributes of a run of text: its font, language, color, decorations, link and spoiler
/// flag.
///
/// A style names its font by family; the shaping backend turns the family, weight and italic flag
/// into a concrete font face (and finds fallback faces for characters that face lacks).
///
/// ```swift
/// var style = TextStyle(fontFamily: "DejaVu Sans", size: 17)
/// style.weight = .bold
/// ```
public struct TextStyle: Sendable, Hashable {
  /// The font family name, for example `"DejaVu Sans"`.
  public var fontFamily: String
  /// The font size in points.
  public var size: Double
  /// The font weight.
  public var weight: FontWeight
  /// Whether the italic (or oblique) face is used.
  public var isItalic: Bool
  /// The text color; `nil` means the renderer's primary text color.
  public var color: TextColor?
  /// The link target, when this run is a link.
  public var link: URL?
  /// Whether this run is hidden under a spoiler.
  public var isSpoiler: Bool
  /// Whether the renderer draws a line through this run (Markdown's `~~strikethrough~~`).
  public var isStrikethrough: Bool
  /// The run's language (`"ja"`, `"zh-Hans"`, `"zh-Hant"`, `"ko"`, `"ar"`…), or `nil` to let
  /// the shaping backend take one from the script. It picks the fallback face and the forms
  /// shaped (the same Han character has Japanese, Korean, Simplified and Traditional Chinese
  /// forms).
  public var language: TextLanguage?

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - fontFamily: The font family name. The default is DejaVu Sans, the default font on Linux.
  ///   - size: The font size in points, 17 by default (Apple's body size at the large type size).
  ///   - weight: The font weight.
  ///   - isItalic: Whether the italic face is used.
  ///   - color: The text color, or `nil` for the primary text color.
  ///   - link: The link target, if any.
  ///   - isSpoiler: Whether the run is hidden under a spoiler.
  ///   - isStrikethrough: Whether a line is drawn through the run.
  ///   - language: The language, or `nil` to infer it from the script.
  public init(
    fontFamily: String = "DejaVu Sans",
    size: Double = 17,
    weight: FontWeight = .regular,
    isItalic: Bool = false,
    color: TextColor? = nil,
    link: URL? = nil,
    isSpoiler: Bool = false,
    isStrikethrough: Bool = false,
    language: TextLanguage? = nil
  ) {
    self.fontFamily = fontFamily
    self.size = size
    self.weight = weight
    self.isItalic = isItalic
    self.color = color
    self.link = link
    self.isSpoiler = isSpoiler
    self.isStrikethrough = isStrikethrough
    self.language = language
  }

  /// Whether the style names a language: one that is not `nil` and not undetermined (`und`).
  package var namesLanguage: Bool {
    language.map { !$0.isUndetermined } ?? false
  }

  /// Whether two styles select the same fonts at the same size, so their glyphs are identical:
  /// the language takes part, since it chooses the fallback faces.
  package func hasSameFont(as other: TextStyle) -> Bool {
    fontFamily == other.fontFamily && size == other.size && weight == other.weight
      && isItalic == other.isItalic && language == other.language
  }
}

/// A font weight on the OpenType scale of 1 to 1000.
public struct FontWeight: Sendable, Hashable, Comparable {
  /// The weight value, 400 for regular, 700 for bold.
  public var value: Int

  /// Creates a weight from its OpenType value.
  public init(_ value: Int) {
    precondition((1...1000).contains(value), "A font weight is between 1 and 1000, got \(value)")
    self.value = value
  }

  /// Light, 300.
  public static let light = FontWeight(300)
  /// Regular, 400.
  public static let regular = FontWeight(400)
  /// Medium, 500.
  public static let medium = FontWeight(500)
  /// Semibold, 600.
  public static let semibold = FontWeight(600)
  /// Bold, 700.
  public static let bold = FontWeight(700)

  public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }
}

/// A color with red, green, blue and alpha components between 0 and 1 (sRGB).
public struct TextColor: Sendable, Hashable, Codable {
  /// The red component.
  public var red: Double
  /// The green component.
  public var green: Double
  /// The blue component.
  public var blue: Double
  /// The alpha (opacity) component.
  public var alpha: Double

  /// Creates a color from its components.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}
