import Foundation
@_spi(Backend) import TextLayout

/// An expandable text laid out in one state: what its display list is made of.
package struct ExpandableTextLayout: Sendable, Hashable {
  /// The text as drawn (trimmed; blank lines collapsed while collapsed; "less" appended when
  /// expanded and a "less" label is set).
  package var text: LaidOutText
  /// Whether the layout shows the whole text.
  package var isExpanded: Bool
  /// Whether the text is cut at the line limit (decided on the text as shown expanded).
  package var isTruncated: Bool
  /// The `.fade` style's "more" label, placed, when collapsed and cut.
  package var moreLabel: PlacedLabel?
  /// The "more" or "less" button's rectangle, when the state has one.
  package var button: LayoutRect?
  /// The fade under the "more" label in the `.fade` style.
  package var fade: (rect: LayoutRect, clearEdge: FadeMask.Edge)?
  /// The component's frame: the full width, as tall as the text.
  package var size: LayoutSize
  /// The height of the collapsed state.
  package var collapsedHeight: Double
  /// The height of the expanded state.
  package var expandedHeight: Double

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.text == rhs.text && lhs.isExpanded == rhs.isExpanded && lhs.isTruncated == rhs.isTruncated
      && lhs.moreLabel == rhs.moreLabel && lhs.button == rhs.button
      && lhs.fade?.rect == rhs.fade?.rect && lhs.fade?.clearEdge == rhs.fade?.clearEdge
      && lhs.size == rhs.size && lhs.collapsedHeight == rhs.collapsedHeight
      && lhs.expandedHeight == rhs.expandedHeight
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(isExpanded)
    hasher.combine(size)
  }
}

/// A label laid out on its own and placed in a component: the `.fade` style's "more", a list
/// row's "Read more", a "Show all" button's title.
package struct PlacedLabel: Sendable, Hashable {
  /// The label's layout.
  package var layout: LaidOutText
  /// Where the label's layout origin sits in the component.
  package var origin: LayoutPoint

  /// The label's rectangle in the component.
  package var frame: LayoutRect {
    LayoutRect(
      x: origin.x + (layout.lines.first?.x ?? 0), y: origin.y, width: layout.layoutSize.width,
      height: layout.layoutSize.height)
  }
}
