import TextLayout
import TextReveal
import TextShaping

/// Draws the components' states and animations into bitmaps: the one renderer of TextRaster.
///
/// The renderer draws what the models laid out (``TextReveal/ExpandableTextLayout``,
/// ``TextReveal/ListLayout``, ``TextReveal/AlignedText``…) and does no layout of its own:
/// everything it draws, down to a list avatar's initials, comes in laid out. It owns a
/// ``GlyphCache``, so it is not thread-safe: use one per thread.
///
/// Stills are drawn on a padded canvas in the theme's background (``image(of:theme:frameBorders:)``
/// and its overloads); animations are timelines of such stills and the frames between them
/// (``expansionAnimation(collapsed:expanded:startsExpanded:duration:theme:)``,
/// ``toggleAnimation(from:to:row:duration:chrome:theme:)``), encoded as animated PNG.
///
/// ```swift
/// let stack = try TextStack()
/// let renderer = ComponentRenderer(shaper: stack.shaper, scale: .x2)
/// let model = ExpandableTextModel(text: StyledText(description), width: 320)
/// let image = try renderer.image(of: try model.layout(using: stack.engine), theme: .light)
/// try PNGEncoder.write(image.bitmap, to: "description.png")
/// ```
public struct ComponentRenderer {
  /// The glyph cache every text is drawn with.
  public let glyphs: GlyphCache
  /// The pixels per point.
  public var scale: RasterCanvas.Scale
  /// The space around a component on its image, in points.
  public var padding: Double
  /// The frames per second of animations.
  public var framesPerSecond: Double

  /// Creates a renderer for the fonts of a shaper.
  ///
  /// - Parameters:
  ///   - shaper: The shaper whose fonts the layouts use.
  ///   - scale: The pixels per point.
  ///   - padding: The space around a component on its image, in points (16 by default).
  ///   - framesPerSecond: The frames per second of animations (30 by default).
  public init(
    shaper: HarfBuzzShaper, scale: RasterCanvas.Scale, padding: Double = 16,
    framesPerSecond: Double = 30
  ) {
    self.init(
      glyphs: GlyphCache(shaper: shaper), scale: scale, padding: padding,
      framesPerSecond: framesPerSecond)
  }

  /// Creates a renderer that draws with a glyph cache.
  public init(
    glyphs: GlyphCache, scale: RasterCanvas.Scale, padding: Double = 16,
    framesPerSecond: Double = 30
  ) {
    precondition(padding >= 0 && padding.isFinite, "The padding is a finite size, got \(padding)")
    precondition(
      framesPerSecond > 0 && framesPerSecond.isFinite,
      "Animations have a positive frame rate, got \(framesPerSecond)")
    self.glyphs = glyphs
    self.scale = scale
    self.padding = padding
    self.framesPerSecond = framesPerSecond
  }

  // MARK: - Canvases

  /// A canvas for a component of a size, with the padding around it, in the theme's background.
  ///
  /// A component 0 points tall (an empty list) gets the padding alone.
  public func canvas(width: Double, height: Double, theme: Theme) -> RasterCanvas {
    RasterCanvas(
      width: width + 2 * padding, height: max(0, height) + 2 * padding, scale: scale,
      theme: theme)
  }

  /// Checks that a padded image of a component's size (and, for an animation, all its frames)
  /// can be made, before anything is drawn.
  ///
  /// - Throws: ``TextRasterError/imageTooLarge(width:height:frames:)`` with the size in pixels.
  public func checkSize(width: Double, height: Double, frames: Int = 1) throws(TextRasterError) {
    let pixelWidth = ((width + 2 * padding) * scale.factor).rounded(.up)
    let pixelHeight = ((max(0, height) + 2 * padding) * scale.factor).rounded(.up)
    let side = Double(RGBABitmap.maximumSide)
    guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth <= side, pixelHeight <= side,
      pixelWidth * pixelHeight <= Double(RGBABitmap.maximumPixels),
      pixelWidth * pixelHeight * 4 * Double(frames) <= Double(RGBABitmap.maximumAnimationBytes)
    else {
      throw .imageTooLarge(width: pixelWidth, height: pixelHeight, frames: frames)
    }
  }

  /// Where a component's top-left corner goes on a padded canvas.
  public var origin: LayoutPoint { LayoutPoint(x: padding, y: padding) }

  // MARK: - Stills

  /// An expandable text in one state, padded, with its frames outlined if asked: the
  /// component's full-width frame and the box of its lines.
  public func image(
    of layout: ExpandableTextLayout, theme: Theme, frameBorders: FrameBorderStyle? = nil
  ) throws(TextRasterError) -> RasterCanvas {
    try checkSize(width: layout.size.width, height: max(1, layout.size.height))
    var canvas = canvas(width: layout.size.width, height: max(1, layout.size.height), theme: theme)
    try draw(layout, at: origin, in: &canvas, theme: theme)
    if let frameBorders {
      drawBorders(
        frame: LayoutRect(x: 0, y: 0, width: layout.size.width, height: layout.size.height),
        textFrame: Self.linesBox(of: layout.text), style: frameBorders, at: origin,
        in: &canvas)
    }
    return canvas
  }

  /// A full-width text, padded, with its frames outlined if asked.
  public func image(
    of aligned: AlignedText, theme: Theme, frameBorders: FrameBorderStyle? = nil
  ) throws(TextRasterError) -> RasterCanvas {
    try checkSize(width: aligned.frame.width, height: max(1, aligned.frame.height))
    var canvas = canvas(
      width: aligned.frame.width, height: max(1, aligned.frame.height), theme: theme)
    try draw(aligned, at: origin, in: &canvas, theme: theme, frameBorders: frameBorders)
    return canvas
  }

  /// A laid-out list, padded, in a list style.
  public func image<ID>(
    of list: ListLayout<ID>, chrome: ListChrome<ID>, theme: Theme
  ) throws(TextRasterError) -> RasterCanvas {
    try checkSize(width: list.size.width, height: list.size.height)
    var canvas = canvas(width: list.size.width, height: list.size.height, theme: theme)
    try draw(list, chrome: chrome, at: origin, in: &canvas, theme: theme)
    return canvas
  }

  /// A window of a laid-out list, padded: the rows that meet the band from `top` down
  /// `height` points (in list coordinates), drawn where they fall in it, for a list too long
  /// for one image. Lay the list out with the same band as its visible rectangle, so that only
  /// those rows get their text.
  ///
  /// - Parameters:
  ///   - top: Where the window starts, in points from the list's top (at least 0).
  ///   - height: The window's height in points; the image ends with the list if it ends first.
  public func image<ID>(
    of list: ListLayout<ID>, from top: Double, height: Double, chrome: ListChrome<ID>,
    theme: Theme
  ) throws(TextRasterError) -> RasterCanvas {
    let shown = max(1, min(height, list.size.height - top))
    try checkSize(width: list.size.width, height: shown)
    var canvas = canvas(width: list.size.width, height: shown, theme: theme)
    var window = list
    window.rows = list.rows.filter { $0.frame.maxY > top && $0.frame.minY < top + shown }
    try draw(
      window, chrome: chrome, at: LayoutPoint(x: origin.x, y: origin.y - top), in: &canvas,
      theme: theme)
    // The padding stays the background: rows cut by the window's edges end there.
    let full = list.size.width + 2 * padding
    canvas.fill(rect: LayoutRect(x: 0, y: 0, width: full, height: padding), color: theme.background)
    canvas.fill(
      rect: LayoutRect(x: 0, y: padding + shown, width: full, height: padding),
      color: theme.background)
    return canvas
  }

  /// Outlines a component's frame and the frame of its text, in points from `origin`.
  public func drawBorders(
    frame: LayoutRect, textFrame: LayoutRect, style: FrameBorderStyle, at origin: LayoutPoint,
    in canvas: inout RasterCanvas
  ) {
    for (rect, color) in [(frame, style.frameColor), (textFrame, style.textFrameColor)] {
      canvas.strokeBorder(
        rect: LayoutRect(
          x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width,
          height: rect.height),
        color: color, lineWidth: style.lineWidth)
    }
  }

  /// The smallest rectangle holding every line's frame: the box the text's lines fill.
  public static func linesBox(of layout: LaidOutText) -> LayoutRect {
    guard let first = layout.lines.first, let last = layout.lines.last else {
      return LayoutRect(x: 0, y: 0, width: 0, height: 0)
    }
    let minX = layout.lines.map(\.frame.minX).min() ?? 0
    let maxX = layout.lines.map(\.frame.maxX).max() ?? 0
    return LayoutRect(
      x: minX, y: first.top, width: maxX - minX, height: last.top + last.height - first.top)
  }
}
