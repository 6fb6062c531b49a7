import Foundation
@_spi(Backend) import TextLayout

/// The attributes TextReveal reads from an `AttributedString`, besides Foundation's `link` and
/// `languageIdentifier`: spoilers, and the weight, slant and strikethrough of a run.
///
/// ```swift
/// var message = AttributedString("The butler did it: ")
/// var secret = AttributedString("he is the twin")
/// secret.textReveal.isSpoiler = true
/// message += secret
/// let text = StyledText(message)
/// ```
public struct TextRevealAttributes: AttributeScope {
  /// Whether the run is hidden under spoiler dust until tapped.
  public let isSpoiler: SpoilerAttribute
  /// The run's font weight.
  public let fontWeight: FontWeightAttribute
  /// Whether the run is italic.
  public let isItalic: ItalicAttribute
  /// Whether the run is struck through.
  public let isStrikethrough: StrikethroughAttribute
  /// Foundation's attributes, `link` and `languageIdentifier` among them.
  public let foundation: AttributeScopes.FoundationAttributes

  /// Hidden under spoiler dust until tapped.
  public enum SpoilerAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "TextReveal.isSpoiler"
  }

  /// A font weight from 1 to 1000: 400 regular, 700 bold.
  public enum FontWeightAttribute: AttributedStringKey {
    public typealias Value = Int
    public static let name = "TextReveal.fontWeight"
  }

  /// Italic.
  public enum ItalicAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "TextReveal.isItalic"
  }

  /// Struck through.
  public enum StrikethroughAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "TextReveal.isStrikethrough"
  }
}

extension AttributeScopes {
  /// TextReveal's attributes, for `AttributedString`'s `textReveal` member.
  public var textReveal: TextRevealAttributes.Type { TextRevealAttributes.self }
}

extension AttributeDynamicLookup {
  /// TextReveal's attributes by name: `string.textReveal.isSpoiler = true`.
  public subscript<T: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<TextRevealAttributes, T>
  ) -> T {
    self[T.self]
  }
}
