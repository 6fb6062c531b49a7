import TextLayout

/// An expandable text laid out in one state: what to draw and where the buttons are.
public struct ExpandableTextLayout: Sendable, Hashable {
  /// The text as drawn (trimmed; blank lines collapsed while collapsed; "less" appended when
  /// expanded and a "less" label is set).
  public var text: LaidOutText
  /// Whether the layout shows the whole text.
  public var isExpanded: Bool
  /// Whether the text is cut at the line limit (decided on the text as shown expanded).
  public var isTruncated: Bool
  /// The "more" label, placed, when collapsed and cut.
  public var moreButton: PlacedLabel?
  /// The "less" label's rectangle, when expanded and a "less" label is set.
  public var lessButton: LayoutRect?
  /// The fade under the "more" label in the `.fade` style.
  public var fade: FadeMask?
  /// The component's frame: the full width, as tall as the text.
  public var size: LayoutSize
  /// The height of the collapsed state.
  public var collapsedHeight: Double
  /// The height of the expanded state.
  public var expandedHeight: Double
}

/// A label laid out on its own and placed in the component: the `.fade` style's "more" button.
public struct PlacedLabel: Sendable, Hashable {
  /// The label's layout.
  public var layout: LaidOutText
  /// Where the label's layout origin sits in the component.
  public var origin: LayoutPoint

  /// The label's rectangle in the component.
  public var frame: LayoutRect {
    LayoutRect(
      x: origin.x + (layout.lines.first?.x ?? 0), y: origin.y, width: layout.size.width,
      height: layout.size.height)
  }
}

/// A horizontal alpha ramp over a rectangle: text under it fades from opaque to clear.
public struct FadeMask: Sendable, Hashable {
  /// The rectangle the ramp covers; text beyond its clear end (under the label) is hidden.
  public var rect: LayoutRect
  /// Which side of the rectangle is clear.
  public var clearEdge: Edge

  /// A horizontal edge.
  public enum Edge: Sendable, Hashable {
    /// Clear at the left, for right-to-left text.
    case left
    /// Clear at the right, for left-to-right text.
    case right
  }

  /// The opacity of text at a point: the ramp applies on the rectangle's rows only.
  public func opacity(at point: LayoutPoint) -> Double {
    guard point.y >= rect.minY && point.y < rect.maxY else { return 1 }
    return opacity(atX: point.x)
  }

  /// The opacity of text at an x coordinate: 1 before the ramp, 0 at and past its clear end.
  public func opacity(atX x: Double) -> Double {
    let fraction = rect.width > 0 ? (x - rect.minX) / rect.width : 1
    switch clearEdge {
    case .right: return min(1, max(0, 1 - fraction))
    case .left: return min(1, max(0, fraction))
    }
  }
}
