@_spi(Backend) import TextLayout

/// Apple's content size categories (dynamic type) with the body text size of each.
public enum TypeSize: String, Sendable, Hashable, CaseIterable, Codable {
  case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
  case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
  case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

  /// The body text size in points: 17 at ``large``, the default.
  public var bodySize: Double {
    switch self {
    case .extraSmall: 14
    case .small: 15
    case .medium: 16
    case .large: 17
    case .extraLarge: 19
    case .extraExtraLarge: 21
    case .extraExtraExtraLarge: 23
    case .accessibilityMedium: 28
    case .accessibilityLarge: 33
    case .accessibilityExtraLarge: 40
    case .accessibilityExtraExtraLarge: 47
    case .accessibilityExtraExtraExtraLarge: 53
    }
  }

  /// How much text sizes scale relative to ``large``.
  public var scale: Double { bodySize / TypeSize.large.bodySize }

  /// Whether this is one of the five accessibility sizes.
  public var isAccessibilityCategory: Bool { bodySize >= 28 }
}
