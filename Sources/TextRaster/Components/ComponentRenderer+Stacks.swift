import TextLayout
import TextReveal

extension ComponentRenderer {
  /// An element of a vertical stack of components, as a settings page has.
  public enum StackItem: Sendable {
    /// A text in a full-width frame (or hugging its text, when its frame is its text frame).
    case text(AlignedText)
    /// A segmented control as wide as the stack: one laid-out label per segment, the selected
    /// one on a raised box.
    case segmentedControl(labels: [LaidOutText], selected: Int, height: Double)

    /// The item's height in points.
    public var height: Double {
      switch self {
      case .text(let aligned): aligned.frame.height
      case .segmentedControl(_, _, let height): height
      }
    }
  }

  /// A vertical stack of texts and controls, padded, each text's frames outlined if asked.
  ///
  /// - Parameters:
  ///   - items: The stack's elements, top to bottom.
  ///   - width: The stack's width in points.
  ///   - spacing: The space between two elements.
  ///   - theme: The colors.
  ///   - frameBorders: How to outline the texts' frames, or `nil`.
  /// - Returns: The image.
  public func image(
    ofStack items: [StackItem], width: Double, spacing: Double, theme: Theme,
    frameBorders: FrameBorderStyle? = nil
  ) throws(TextRasterError) -> RasterCanvas {
    let height =
      items.reduce(0) { $0 + $1.height } + spacing * Double(max(0, items.count - 1))
    try checkSize(width: width, height: max(1, height))
    var canvas = canvas(width: width, height: max(1, height), theme: theme)
    var y = origin.y
    for item in items {
      let itemOrigin = LayoutPoint(x: origin.x, y: y)
      switch item {
      case .text(let aligned):
        try draw(aligned, at: itemOrigin, in: &canvas, theme: theme, frameBorders: frameBorders)
      case .segmentedControl(let labels, let selected, let height):
        try drawSegmentedControl(
          labels, selected: selected,
          in: LayoutRect(x: itemOrigin.x, y: y, width: width, height: height), on: &canvas,
          theme: theme)
      }
      y += item.height + spacing
    }
    return canvas
  }

  private func drawSegmentedControl(
    _ labels: [LaidOutText], selected: Int, in rect: LayoutRect, on canvas: inout RasterCanvas,
    theme: Theme
  ) throws(TextRasterError) {
    let gray = TextColor(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.12)
    canvas.fill(roundedRect: rect, cornerRadius: 8, color: gray)
    guard !labels.isEmpty else { return }
    let segment = rect.width / Double(labels.count)
    for (index, label) in labels.enumerated() {
      let box = LayoutRect(
        x: rect.minX + Double(index) * segment + 2, y: rect.minY + 2, width: segment - 4,
        height: rect.height - 4)
      if index == selected {
        canvas.fill(roundedRect: box, cornerRadius: 6, color: theme.background)
      }
      canvas.strokeBorder(
        roundedRect: box, cornerRadius: 6, color: TextColor(red: 0, green: 0, blue: 0, alpha: 0.2),
        lineWidth: 0.5)
      try glyphs.draw(
        label,
        at: LayoutPoint(x: box.midX - label.size.width / 2, y: box.midY - label.size.height / 2),
        in: &canvas, colors: TextColors(theme: theme))
    }
  }

  /// A text checked by a truncation detector, padded, with its "show all" button under it
  /// when the text is cut: a pill in the accent color with the label in the background color.
  ///
  /// - Parameters:
  ///   - text: The text at its line limit.
  ///   - showAllLabel: The button's label, laid out; `nil` when the text fits (no button).
  ///   - theme: The colors.
  /// - Returns: The image, as wide as the text's layout width.
  public func image(
    of text: LaidOutText, showAllLabel: LaidOutText?, theme: Theme
  ) throws(TextRasterError) -> RasterCanvas {
    let width = text.configuration.width
    var height = text.size.height
    var button: LayoutRect?
    if let showAllLabel {
      let rect = LayoutRect(
        x: 0, y: text.size.height + 10, width: showAllLabel.size.width + 28,
        height: showAllLabel.size.height + 12)
      button = rect
      height = rect.maxY
    }
    try checkSize(width: width, height: max(1, height))
    var canvas = canvas(width: width, height: max(1, height), theme: theme)
    try glyphs.draw(text, at: origin, in: &canvas, colors: TextColors(theme: theme))
    if let button, let showAllLabel {
      canvas.fill(
        roundedRect: LayoutRect(
          x: origin.x + button.minX, y: origin.y + button.minY, width: button.width,
          height: button.height), cornerRadius: button.height / 2, color: theme.accent)
      try glyphs.draw(
        showAllLabel,
        at: LayoutPoint(x: origin.x + button.minX + 14, y: origin.y + button.minY + 6),
        in: &canvas, colors: TextColors(primary: theme.background))
    }
    return canvas
  }
}
