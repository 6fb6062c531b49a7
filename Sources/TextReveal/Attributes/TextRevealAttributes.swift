import Foundation
@_spi(Backend) import TextLayout

/// The attribute TextReveal adds to an `AttributedString`: a run hidden under spoiler dust.
///
/// Foundation's `link` and `languageIdentifier` are read too.
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
  /// Foundation's attributes, `link` and `languageIdentifier` among them.
  public let foundation: AttributeScopes.FoundationAttributes

  /// Hidden under spoiler dust until tapped.
  public enum SpoilerAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "TextReveal.isSpoiler"
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
