import TextLayout

/// An expanding list laid out: every row's frame and label, and the text of the rows shown.
public struct ListLayout<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The rows, top to bottom.
  public var rows: [RowLayout<ID>]
  /// The size of the whole list.
  public var size: LayoutSize
  /// The direction the rows were laid out in: right to left puts each row's accessory on the
  /// right and its label at the text's trailing edge.
  public var direction: InterfaceDirection

  /// The row with an identity.
  public func row(_ id: ID) -> RowLayout<ID>? { rows.first { $0.id == id } }

  /// What a tap at a point does: the row it hit, if that row can toggle.
  ///
  /// A tap anywhere on a row whose text is cut toggles it (the label is part of the row); rows
  /// whose text fits do nothing.
  ///
  /// - Parameter point: The tap, in list coordinates.
  /// - Returns: The row and whether it expands or collapses, or `nil`.
  /// - Complexity: O(log *n*) for *n* rows.
  public func hitTest(_ point: LayoutPoint) -> ListHit<ID>? {
    guard point.x >= 0, point.x < size.width else { return nil }
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].frame.maxY <= point.y { low = mid + 1 } else { high = mid }
    }
    guard low < rows.count, rows[low].frame.contains(point), rows[low].isTruncated else {
      return nil
    }
    let row = rows[low]
    return ListHit(id: row.id, action: row.isExpanded ? .collapse : .expand)
  }
}

/// A tap on a list row.
public struct ListHit<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The row.
  public var id: ID
  /// What the tap does to it.
  public var action: Action

  /// What a tap does to a row: a row has no links, only its expanded state.
  public enum Action: Sendable, Hashable {
    /// Show the row's whole text.
    case expand
    /// Go back to the line limit.
    case collapse
  }
}

/// One row of a laid-out list.
public struct RowLayout<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The row's identity.
  public var id: ID
  /// The row's frame in the list.
  public var frame: LayoutRect
  /// The square at the row's leading edge kept free for an accessory (such as an avatar, which
  /// a renderer's list style draws there), in list coordinates.
  public var accessoryFrame: LayoutRect
  /// Where the text's layout origin sits in the list.
  public var textOrigin: LayoutPoint
  /// The size of the text as shown, from the engine's measurement: the size ``text`` has.
  public var textSize: LayoutSize
  /// The text as shown, cut at the line limit or whole when expanded; `nil` when the row lies
  /// outside the rectangle the list was laid out for.
  public var text: LaidOutText?
  /// Whether the text is cut at the line limit (so the row can toggle).
  public var isTruncated: Bool
  /// Whether the row shows its whole text.
  public var isExpanded: Bool
  /// "Read more" or "Show less", for rows whose text is cut.
  public var label: PlacedLabel?
}
