import TextLayout
import TextRaster
import TextReveal
import TextShaping

/// Draws component states into padded images on a theme's background: what `render` and
/// `demo` share.
struct ComponentRenderer {
  /// The space around a component, in points.
  static let padding = 16.0
  /// Frames per second of the animations.
  static let framesPerSecond = 30.0

  let stack: TextStack
  let engine: TextLayoutEngine
  let glyphs: GlyphRasterizer
  let scale: RasterCanvas.Scale

  init(stack: TextStack, scale: RasterCanvas.Scale) {
    self.stack = stack
    self.engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)
    self.glyphs = GlyphRasterizer(shaper: stack.shaper)
    self.scale = scale
  }

  /// A canvas for a component of a size, with the padding around it.
  func canvas(width: Double, height: Double, theme: Theme) -> RasterCanvas {
    RasterCanvas(
      width: width + 2 * Self.padding, height: max(1, height) + 2 * Self.padding, scale: scale,
      theme: theme)
  }

  /// Where a component's top-left corner goes on a padded canvas.
  var origin: Point { Point(x: Self.padding, y: Self.padding) }

  /// An expandable text in one state, padded, with its frames outlined if asked: the
  /// component's full-width frame and the box of its lines.
  func image(
    of layout: ExpandableTextLayout, theme: Theme, frameBorders: FrameBorderStyle? = nil
  ) throws(TextRasterError) -> RasterCanvas {
    var canvas = canvas(width: layout.size.width, height: layout.size.height, theme: theme)
    try glyphs.draw(layout, at: origin, in: &canvas, theme: theme)
    if let frameBorders {
      let aligned = AlignedText(
        frame: Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height),
        textFrame: Self.linesBox(of: layout.text), layout: layout.text)
      drawBorders(of: aligned, style: frameBorders, in: &canvas)
    }
    return canvas
  }

  /// The frame and text frame borders of an aligned text, without drawing its text again.
  func drawBorders(of aligned: AlignedText, style: FrameBorderStyle, in canvas: inout RasterCanvas)
  {
    for (rect, color) in [
      (aligned.frame, style.frameColor), (aligned.textFrame, style.textFrameColor),
    ] {
      canvas.strokeBorder(
        rect: Rect(
          x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height),
        color: color, lineWidth: style.lineWidth)
    }
  }

  /// The smallest rectangle holding every line's frame.
  static func linesBox(of layout: LaidOutText) -> Rect {
    guard let first = layout.lines.first, let last = layout.lines.last else {
      return Rect(x: 0, y: 0, width: 0, height: 0)
    }
    let minX = layout.lines.map(\.frame.minX).min() ?? 0
    let maxX = layout.lines.map(\.frame.maxX).max() ?? 0
    return Rect(
      x: minX, y: first.top, width: maxX - minX, height: last.top + last.height - first.top)
  }

  /// The expand animation of a model as an animated PNG that loops: the starting state held,
  /// the change to the other state, that state held, and the change back.
  ///
  /// - Parameters:
  ///   - model: The model; its `isExpanded` is the starting state.
  ///   - theme: The colors.
  /// - Returns: The animation, and whether the text is cut (when it is not, there is one frame).
  func animation(
    of model: ExpandableTextModel, theme: Theme
  ) throws -> (animation: AnimatedPNG, isTruncated: Bool) {
    let collapsed = try model.layout(using: engine, expanded: false)
    let expanded = try model.layout(using: engine, expanded: true)
    let height = max(collapsed.size.height, expanded.size.height)
    func still(_ layout: ExpandableTextLayout) throws(TextRasterError) -> RGBABitmap {
      var frame = canvas(width: model.width, height: height, theme: theme)
      try glyphs.draw(layout, at: origin, in: &frame, theme: theme)
      return frame.bitmap
    }
    var result = AnimatedPNG()
    guard collapsed.isTruncated else {
      result.append(try still(collapsed), delay: .seconds(1))
      return (result, false)
    }
    let states = model.isExpanded ? [expanded, collapsed] : [collapsed, expanded]
    for (index, start) in states.enumerated() {
      let end = states[1 - index]
      result.append(try still(start), delay: .milliseconds(start.isExpanded ? 1500 : 900))
      let animation = ExpansionAnimation(
        fromHeight: start.size.height, toHeight: end.size.height, width: model.width,
        duration: model.animationDuration)
      let steps = max(2, Int((animation.duration * Self.framesPerSecond).rounded(.up)))
      // The last step would show the clipped expanded text at the end height, which is the next
      // still, so it is left out.
      for step in 1..<steps {
        var frame = canvas(width: model.width, height: height, theme: theme)
        try glyphs.draw(
          animation, at: animation.duration * Double(step) / Double(steps), expanded: expanded,
          origin: origin, in: &frame, theme: theme)
        result.append(frame.bitmap, delay: .milliseconds(Int(1000 / Self.framesPerSecond)))
      }
    }
    return (result, true)
  }
}
