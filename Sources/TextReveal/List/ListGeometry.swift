@_spi(Backend) import TextLayout

/// The frames of a list's rows in one expansion state, from measuring every row: what the
/// display list places, and what an animation moves between.
package struct ListGeometry: Sendable {
  /// Each row's frame and text, in row order.
  package var rows: [Row]
  /// The height of the whole list.
  package var height: Double

  /// One row's geometry, in list coordinates.
  package struct Row: Sendable {
    /// The row's frame.
    package var frame: LayoutRect
    /// The height of its text as shown.
    package var textHeight: Double
    /// Whether the text is cut at the line limit, so that the row can toggle.
    package var isTruncated: Bool
    /// Whether the row shows its whole text.
    package var isExpanded: Bool
  }

  /// The text a collapsed, cut row shows when it is not the row's own (its blank lines
  /// collapsed), by row index: kept apart so that a row stays plain values, which a list of
  /// thousands copies and builds without counting references.
  package var collapsedTexts: [Int: PreparedText] = [:]

  /// The first row whose frame reaches below a y, by bisection.
  func firstRow(endingAfter y: Double) -> Int {
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].frame.maxY <= y { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
