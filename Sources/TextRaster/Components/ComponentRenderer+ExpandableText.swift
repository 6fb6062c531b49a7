import TextLayout
import TextReveal

extension ComponentRenderer {
  /// Draws an expandable text in the state its layout describes.
  ///
  /// - Collapsed in the `.fade` style, the text is drawn into a layer first. On the last line,
  ///   the text under ``TextReveal/FadeMask/rect`` goes from opaque to clear toward the "more"
  ///   button, and the text beyond the ramp's clear end (under the button) is removed; the other
  ///   lines are untouched. The layer is composited, then the "more" label is drawn in the
  ///   theme's accent color.
  /// - Collapsed in the `.inline` style, the "… more" token is part of the layout; its label is
  ///   drawn in the accent color.
  /// - Expanded, the whole text is drawn, with the "less" label (part of the text) in the accent
  ///   color when there is one.
  ///
  /// ```swift
  /// let layout = try model.layout(using: engine)
  /// var canvas = RasterCanvas(width: model.width + 32, height: layout.size.height + 32, scale: .x2,
  ///                     theme: model.theme)
  /// try renderer.draw(layout, at: LayoutPoint(x: 16, y: 16), in: &canvas, theme: model.theme)
  /// ```
  ///
  /// - Parameters:
  ///   - expandable: The component's layout in one state.
  ///   - origin: Where the component's top-left corner goes, in points.
  ///   - canvas: The canvas to draw on; the background is left as it is.
  ///   - theme: The colors of text whose style names none, and of the labels.
  ///   - spoilers: Whether spoiler text is drawn; hidden, when dust covers it.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  public func draw(
    _ expandable: ExpandableTextLayout, at origin: LayoutPoint, in canvas: inout RasterCanvas,
    theme: Theme, spoilers: SpoilerTextVisibility = .visible
  ) throws(TextRasterError) {
    try draw(expandable, at: origin, in: &canvas, theme: theme, spoilers: spoilers) {
      _ throws(TextRasterError) in
    }
  }

  /// ``draw(_:at:in:theme:spoilers:)``, with more drawn over the text before the fade applies
  /// (the spoilers' dust, which fades under "more" like the words it covers).
  func draw(
    _ expandable: ExpandableTextLayout, at origin: LayoutPoint, in canvas: inout RasterCanvas,
    theme: Theme, spoilers: SpoilerTextVisibility,
    overText: (inout RasterCanvas) throws(TextRasterError) -> Void
  ) throws(TextRasterError) {
    let colors = TextColors(theme: theme)
    guard let fade = expandable.fade else {
      try glyphs.draw(
        expandable.text, at: origin, in: &canvas, colors: colors, spoilers: spoilers)
      try overText(&canvas)
      if let label = expandable.moreButton, expandable.text.tokenLabelRect == nil {
        try draw(label, at: origin, in: &canvas, theme: theme)
      }
      return
    }
    var text = canvas.makeLayer()
    try glyphs.draw(expandable.text, at: origin, in: &text, colors: colors, spoilers: spoilers)
    try overText(&text)
    let ramp = LayoutRect(
      x: origin.x + fade.rect.minX, y: origin.y + fade.rect.minY, width: fade.rect.width,
      height: fade.rect.height)
    text.applyMask(
      LinearGradientMask(direction: fade.clearEdge == .right ? .towardRight : .towardLeft),
      in: ramp)
    // Past the ramp's clear end the text lies under the button: hidden, up to the canvas edge so
    // that no overhanging glyph ink shows either.
    switch fade.clearEdge {
    case .right:
      text.clear(
        LayoutRect(
          x: ramp.maxX, y: ramp.minY, width: max(0, text.size.width - ramp.maxX),
          height: ramp.height))
    case .left:
      text.clear(LayoutRect(x: 0, y: ramp.minY, width: max(0, ramp.minX), height: ramp.height))
    }
    canvas.draw(text)
    if let label = expandable.moreButton {
      try draw(label, at: origin, in: &canvas, theme: theme)
    }
  }

  /// Draws a label placed in a component, such as the `.fade` style's "more" button.
  ///
  /// - Parameters:
  ///   - label: The label's layout and its origin in the component.
  ///   - origin: Where the component's top-left corner goes, in points.
  ///   - canvas: The canvas to draw on.
  ///   - theme: The label is drawn in the accent color unless its style names a color.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  public func draw(
    _ label: PlacedLabel, at origin: LayoutPoint, in canvas: inout RasterCanvas, theme: Theme
  ) throws(TextRasterError) {
    try glyphs.draw(
      label.layout, at: LayoutPoint(x: origin.x + label.origin.x, y: origin.y + label.origin.y),
      in: &canvas, colors: TextColors(primary: theme.accent, label: theme.accent))
  }
}
