import TextLayout
import TextReveal

extension ComponentRenderer {
  /// Draws an expanding list as its layout describes it, in a list style.
  ///
  /// Each row gets the chrome's avatar for its identity in its accessory square, a filled
  /// circle in the avatar's color with the laid-out initials centered in it; its text, clipped
  /// to the row's frame; and, when the text is cut, "Read more" or "Show less" in the theme's
  /// accent color. With the chrome's separators, a thin line in the theme's secondary color runs
  /// along the bottom of every row but the last, from the text's leading edge to the row's
  /// trailing edge. The background is left as it is.
  ///
  /// ```swift
  /// let layout = try list.layout(using: engine)
  /// var canvas = renderer.canvas(width: layout.size.width, height: layout.size.height,
  ///                              theme: .light)
  /// try renderer.draw(layout, chrome: chrome, at: renderer.origin, in: &canvas, theme: .light)
  /// ```
  ///
  /// - Parameters:
  ///   - list: The list's layout.
  ///   - chrome: The avatars and separators.
  ///   - origin: Where the list's top-left corner goes, in points.
  ///   - canvas: The canvas to draw on.
  ///   - theme: The colors of the text, the labels and the separators.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  /// - Complexity: Proportional to the pixels of the rows, one clip layer per row.
  public func draw<ID>(
    _ list: ListLayout<ID>, chrome: ListChrome<ID>, at origin: LayoutPoint,
    in canvas: inout RasterCanvas, theme: Theme
  ) throws(TextRasterError) {
    for (index, row) in list.rows.enumerated() {
      let place = RowPlacement(row: row, frame: row.frame, origin: origin)
      try drawChrome(
        chrome, of: place, hasSeparator: index < list.rows.count - 1,
        isRightToLeft: list.direction == .rightToLeft, in: &canvas, theme: theme)
      guard var layer = ClipLayer(clip: place.clip, on: canvas) else { continue }
      try drawContent(of: place, in: &layer, theme: theme)
      layer.composite(onto: &canvas)
    }
  }

  // MARK: - Rows

  /// The separator's thickness, in points.
  static let separatorWidth = 0.5

  /// Draws a row's avatar and the separator under it.
  func drawChrome<ID>(
    _ chrome: ListChrome<ID>, of place: RowPlacement<ID>, hasSeparator: Bool,
    isRightToLeft: Bool, in canvas: inout RasterCanvas, theme: Theme
  ) throws(TextRasterError) {
    let row = place.row
    if hasSeparator && chrome.showsSeparators {
      // From the text's leading edge to the row's trailing edge, as in a table view.
      // Rows laid out outside a visible rectangle have no text: their measured width stands in.
      let textWidth = row.text?.configuration.width ?? row.textSize.width
      let minX = isRightToLeft ? row.frame.minX : row.textOrigin.x
      let maxX = isRightToLeft ? row.textOrigin.x + textWidth : row.frame.maxX
      let bottom = place.origin.y + place.frame.maxY
      let gray = theme.secondaryText
      canvas.fill(
        rect: LayoutRect(
          x: place.origin.x + minX, y: bottom - Self.separatorWidth, width: maxX - minX,
          height: Self.separatorWidth),
        color: TextColor(
          red: gray.red, green: gray.green, blue: gray.blue, alpha: gray.alpha * 0.5))
    }

    guard let avatar = chrome.avatars[row.id] else { return }
    let frame = place.moved(row.accessoryFrame)
    let center = LayoutPoint(x: frame.midX, y: frame.midY)
    canvas.fill(circleCenteredAt: center, radius: frame.width / 2, color: avatar.color)
    guard let initials = avatar.initials, let line = initials.lines.first else { return }
    // The line box centered in the circle: with its ascent and descent, this puts capitals and
    // ideographs at the optical center.
    try glyphs.draw(
      initials,
      at: LayoutPoint(
        x: center.x - line.x - line.width / 2, y: center.y - line.top - initials.size.height / 2),
      in: &canvas)
  }

  func drawContent<ID>(
    of place: RowPlacement<ID>, in layer: inout ClipLayer, theme: Theme
  ) throws(TextRasterError) {
    let row = place.row
    let content = layer.convert(place.contentOrigin)
    if let text = row.text {
      try glyphs.draw(
        text, at: LayoutPoint(x: content.x + row.textOrigin.x, y: content.y + row.textOrigin.y),
        in: &layer.canvas, colors: TextColors(theme: theme))
    }
    if let label = row.label {
      try draw(label, at: content, in: &layer.canvas, theme: theme)
    }
  }
}

/// A row's content placed at a frame that may differ from the row's own (during an animation):
/// the content moves with the frame's top-left corner.
struct RowPlacement<ID: Hashable & Sendable> {
  /// The row, with its content in list coordinates.
  let row: RowLayout<ID>
  /// Where the row is drawn, in list coordinates.
  let frame: LayoutRect
  /// Where the list's top-left corner is on the canvas.
  let origin: LayoutPoint

  /// The frame on the canvas, which clips the text and the label.
  var clip: LayoutRect {
    LayoutRect(
      x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width,
      height: frame.height)
  }

  /// Where the origin of the row's list coordinates lands on the canvas: the row's content
  /// (text origin, label origin, avatar) is placed from it.
  var contentOrigin: LayoutPoint {
    LayoutPoint(
      x: origin.x + frame.minX - row.frame.minX, y: origin.y + frame.minY - row.frame.minY)
  }

  /// A rectangle of the row's content, on the canvas.
  func moved(_ rect: LayoutRect) -> LayoutRect {
    let content = contentOrigin
    return LayoutRect(
      x: content.x + rect.minX, y: content.y + rect.minY, width: rect.width, height: rect.height)
  }
}
