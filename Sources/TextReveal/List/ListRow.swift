import TextLayout

/// A row of an expanding list: an avatar and a message.
public struct ListRow<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The row's stable identity.
  public var id: ID
  /// The avatar drawn at the leading edge.
  public var avatar: Avatar
  /// The message.
  public var text: StyledText

  /// Creates a row.
  public init(id: ID, avatar: Avatar, text: StyledText) {
    self.id = id
    self.avatar = avatar
    self.text = text
  }

  /// A round avatar with initials.
  public struct Avatar: Sendable, Hashable {
    /// One or two letters.
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
