@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

extension GlyphCache {
  /// Draws every line of a layout.
  ///
  /// Each run's glyphs are drawn on its line's baseline, starting at the run's x; the layout's
  /// coordinates are offset by `origin`. Colors come from the runs' styles, then from `colors`
  /// (see ``TextColors``).
  ///
  /// ```swift
  /// var canvas = RasterCanvas(width: 320, height: layout.size.height + 16, scale: .x2, background: white)
  /// try glyphs.draw(layout, at: LayoutPoint(x: 8, y: 8), in: &canvas)
  /// ```
  ///
  /// - Parameters:
  ///   - layout: The layout to draw.
  ///   - origin: Where the layout's top-left corner goes, in points.
  ///   - canvas: The canvas to draw on.
  ///   - colors: The colors for text and the token label whose styles name no color.
  ///   - spoilers: Whether runs styled as spoilers are drawn.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  package func draw(
    _ layout: LaidOutText, at origin: LayoutPoint, in canvas: inout RasterCanvas,
    colors: TextColors = TextColors(), spoilers: SpoilerTextVisibility = .visible
  ) throws(TextRasterError) {
    let token = layout.configuration.truncationToken
    let canvasHeight = canvas.size.height
    for line in layout.lines {
      // A line whose box, widened by its own height above and below for ink that reaches out
      // of it, lies off the canvas is not drawn: a long text clipped to a few lines (a band of
      // a scrolled view, an expansion under way) costs only the lines that show.
      let top = origin.y + line.top
      if top + 2 * line.height <= 0 || top - line.height >= canvasHeight { continue }
      for run in line.runs {
        let isSpoiler = run.role == .text && run.style.isSpoiler
        if spoilers == .hidden && isSpoiler || spoilers == .only && !isSpoiler { continue }
        let color: TextColor
        switch run.role {
        case .text:
          color = run.style.color ?? (run.style.link != nil ? colors.label : colors.primary)
        case .tokenLeader: color = token?.leaderStyle?.color ?? run.style.color ?? colors.primary
        case .tokenLabel: color = token?.labelStyle?.color ?? colors.label
        }
        var pen = LayoutPoint(x: origin.x + run.x, y: origin.y + line.baseline)
        for glyphRun in run.glyphRuns {
          try draw(glyphRun, at: pen, color: color, in: &canvas)
          pen.x += glyphRun.advance
        }
        if run.role == .text {
          drawDecorations(of: run, on: line, at: origin, color, colors, &canvas)
        }
      }
    }
  }

  /// The lines of a run: through it when struck through, under it when it is a link and links
  /// are underlined. Both are a twelfth of the size thick (at least one pixel), the strike at
  /// a third of the ascent (about the middle of a lowercase letter), the underline one
  /// thickness below the baseline.
  private func drawDecorations(
    of run: LineRun, on line: Line, at origin: LayoutPoint, _ color: TextColor,
    _ colors: TextColors,
    _ canvas: inout RasterCanvas
  ) {
    let underlines = run.style.link != nil && colors.underlinesLinks
    guard run.style.isStrikethrough || underlines, run.width > 0 else { return }
    let thickness = max(run.style.size / 12, 1 / Double(canvas.scale.rawValue))
    let x = origin.x + run.x
    let baseline = origin.y + line.baseline
    if run.style.isStrikethrough {
      let y = baseline - line.ascent / 3 - thickness / 2
      canvas.fill(rect: LayoutRect(x: x, y: y, width: run.width, height: thickness), color: color)
    }
    if underlines {
      let y = baseline + thickness
      canvas.fill(rect: LayoutRect(x: x, y: y, width: run.width, height: thickness), color: color)
    }
  }
}
