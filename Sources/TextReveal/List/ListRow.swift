import TextLayout

/// A row of an expanding list: a message, with room at its leading edge for an accessory such
/// as an avatar (see ``ExpandingList/Metrics/accessorySize``), which a renderer draws.
public struct ListRow<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The row's stable identity.
  public var id: ID
  /// The message.
  public var text: StyledText

  /// Creates a row.
  public init(id: ID, text: StyledText) {
    self.id = id
    self.text = text
  }

}
