import Foundation
@_spi(Backend) import TextLayout

/// A row of an expanding list: a message, and the avatar at its leading edge.
public struct ListRow<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The row's stable identity.
  public var id: ID
  /// The message; its links answer taps and its spoilers are hidden until tapped.
  public var text: StyledText
  /// The avatar in the square kept at the row's leading edge; `nil` leaves it empty.
  public var avatar: Avatar?

  /// Creates a row.
  public init(id: ID, text: StyledText, avatar: Avatar? = nil) {
    self.id = id
    self.text = text
    self.avatar = avatar
  }

  /// A round avatar: a filled circle with initials (or an emoji) centered in it.
  public struct Avatar: Sendable, Hashable {
    /// The initials, drawn in white; empty for a plain circle.
    public var initials: String
    /// The circle's color.
    public var color: TextColor

    /// Creates an avatar.
    public init(initials: String, color: TextColor) {
      self.initials = initials
      self.color = color
    }
  }
}
