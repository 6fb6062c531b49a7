import TextLayout

/// The geometry of a list's rows stacked one under the other: what ``ExpandingList`` lays out
/// for every row, computed by a loop that is not generic over the rows' identity.
struct RowStack {
  var width: Double
  var textWidth: Double
  /// The row metrics (``ExpandingList/Metrics``), which are generic by nesting.
  var padding: Double
  var accessorySize: Double
  var spacing: Double
  var labelSpacing: Double
  var isRightToLeft: Bool
  /// The configuration of a collapsed row's text, and of an expanded one's.
  var limited: LayoutConfiguration
  var unlimited: LayoutConfiguration
  /// The labels under a cut row, the same for every row.
  var readMore: LaidOutText
  var showLess: LaidOutText

  /// One row's geometry; see ``RowLayout``.
  struct Row {
    var frame: LayoutRect
    var accessoryFrame: LayoutRect
    var textOrigin: LayoutPoint
    var textSize: LayoutSize
    var text: LaidOutText?
    var isTruncated: Bool
    var isExpanded: Bool
    var label: PlacedLabel?
  }

  /// Measures every row's text and lays out the text of the rows that meet `visibleRect`.
  ///
  /// - Parameters:
  ///   - texts: The rows' texts, in order.
  ///   - expanded: Whether each row is expanded (it shows all its text when it is cut).
  ///   - engine: The layout engine.
  ///   - visibleRect: The rectangle whose rows get their text laid out; `nil` for every row.
  /// - Returns: The rows' geometry and the height of the stack.
  func layOut(
    _ texts: [PreparedText], expanded: [Bool], using engine: TextLayoutEngine,
    visibleRect: LayoutRect?
  ) throws(TextLayoutError) -> (rows: [Row], height: Double) {
    let textX =
      isRightToLeft ? padding : padding + accessorySize + spacing
    let accessoryX = isRightToLeft ? width - padding - accessorySize : padding
    var rows: [Row] = []
    rows.reserveCapacity(texts.count)
    var top = 0.0
    // Every row's height at the line limit, in one call: one run of the layout algorithm
    // measures them all.
    let measurements = try engine.measure(texts, configuration: limited)
    for (index, (text, isExpandedRow)) in zip(texts, expanded).enumerated() {
      let collapsed = measurements[index]
      let isExpanded = collapsed.isTruncated && isExpandedRow
      let shown = isExpanded ? try engine.measure(text, configuration: unlimited) : collapsed
      let textTop = top + padding
      var contentHeight = shown.size.height
      var label: PlacedLabel?
      if collapsed.isTruncated {
        let labelLayout = isExpanded ? showLess : readMore
        let labelWidth = labelLayout.size.width
        let labelX = isRightToLeft ? textX + textWidth - labelWidth : textX
        label = PlacedLabel(
          layout: labelLayout,
          origin: LayoutPoint(x: labelX, y: textTop + contentHeight + labelSpacing))
        contentHeight += labelSpacing + labelLayout.size.height
      }
      let height = max(accessorySize, contentHeight) + 2 * padding
      let frame = LayoutRect(x: 0, y: top, width: width, height: height)
      var laidOut: LaidOutText?
      if visibleRect.map({ frame.maxY > $0.minY && frame.minY < $0.maxY }) ?? true {
        laidOut = try engine.layout(text, configuration: isExpanded ? unlimited : limited)
      }
      rows.append(
        Row(
          frame: frame,
          accessoryFrame: LayoutRect(
            x: accessoryX, y: top + padding, width: accessorySize, height: accessorySize),
          textOrigin: LayoutPoint(x: textX, y: textTop), textSize: shown.size, text: laidOut,
          isTruncated: collapsed.isTruncated, isExpanded: isExpanded, label: label))
      top += height
    }
    return (rows, top)
  }
}
