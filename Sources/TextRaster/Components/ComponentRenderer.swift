import Foundation
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

/// Draws display lists into bitmaps: the one renderer of TextRaster.
///
/// Every component, and any composition of them, answers with a `DisplayList`;
/// the renderer draws any display list at 1×, 2× or 3×, and an animation as a sequence of
/// them. It computes no geometry: everything it draws, down to a list avatar's initials, comes
/// placed. It owns a glyph cache, so it is not thread-safe: use one per thread.
///
/// ```swift
/// let stack = try TextStack()
/// let renderer = ComponentRenderer(stack: stack, scale: .x2)
/// let model = ExpandableTextModel(
///   text: StyledText(description), environment: ComponentEnvironment(width: 320))
/// let image = try renderer.image(of: model.displayList(using: stack.engine), padding: 16)
/// try PNGEncoder.write(image, to: "description.png")
/// ```
public struct ComponentRenderer {
  /// The glyph cache every text is drawn with.
  let glyphs: GlyphCache
  /// The pixels per point.
  public var scale: RasterScale

  /// Creates a renderer for the fonts of a text stack.
  ///
  /// - Parameters:
  ///   - stack: The text stack whose engine laid the texts out.
  ///   - scale: The pixels per point, 2 by default.
  public init(stack: TextStack, scale: RasterScale = .x2) {
    self.init(glyphs: GlyphCache(shaper: stack.shaper), scale: scale)
  }

  /// Creates a renderer that draws with a glyph cache.
  package init(glyphs: GlyphCache, scale: RasterScale) {
    self.glyphs = glyphs
    self.scale = scale
  }

  // MARK: - Images

  /// A display list drawn on its background, with a margin of the background around it.
  ///
  /// - Parameters:
  ///   - list: What to draw.
  ///   - padding: The margin around the component, in points.
  /// - Returns: The bitmap, `(size + 2 × padding) × scale` pixels, rounded up.
  /// - Throws: ``TextRasterError/imageTooLarge(width:height:frames:)`` for a bitmap too large
  ///   to make; ``TextRasterError`` when a glyph cannot be rendered.
  public func image<Action>(
    of list: DisplayList<Action>, padding: Double = 0
  ) throws(TextRasterError) -> RGBABitmap {
    let size = LayoutSize(width: Double(list.size.width), height: Double(list.size.height))
    try checkSize(size, padding: padding)
    var canvas = canvas(size, padding: padding, background: list.background)
    try draw(list, at: LayoutPoint(x: padding, y: padding), in: &canvas)
    return canvas.bitmap
  }

  /// An animation as an animated PNG: each frame a display list on its background, every frame
  /// as large as the largest (a component that grows keeps its top-left corner).
  ///
  /// - Parameters:
  ///   - frames: The display lists and how long each shows.
  ///   - padding: The margin around the component, in points.
  ///   - loopCount: How many times the animation plays, 0 for ever.
  ///   - compression: How hard to compress: ``PNGCompression/fast`` for images made on every
  ///     tap.
  /// - Throws: ``TextRasterError/imageTooLarge(width:height:frames:)`` before drawing anything
  ///   when all frames would not fit in memory.
  public func animation<Action>(
    _ frames: [AnimationFrame<Action>], padding: Double = 0, loopCount: Int = 0,
    compression: PNGCompression = .small
  ) throws(TextRasterError) -> AnimatedPNGWriter {
    var size = LayoutSize(width: 0, height: 0)
    for frame in frames {
      size.width = max(size.width, Double(frame.list.size.width))
      size.height = max(size.height, Double(frame.list.size.height))
    }
    try checkSize(size, padding: padding, frames: frames.count)
    var writer = AnimatedPNGWriter(loopCount: loopCount, compression: compression)
    for frame in frames {
      var canvas = canvas(size, padding: padding, background: frame.list.background)
      try draw(frame.list, at: LayoutPoint(x: padding, y: padding), in: &canvas)
      try writer.append(canvas.bitmap, delay: frame.delay)
    }
    return writer
  }

  /// A canvas of a component's size and a margin, in a background color; at least a point in
  /// each direction, so that an empty component still makes an image.
  private func canvas(
    _ size: LayoutSize, padding: Double, background: TextColor
  ) -> RasterCanvas {
    RasterCanvas(
      width: max(1, size.width + 2 * padding), height: max(1, size.height + 2 * padding),
      scale: scale, background: background)
  }

  /// Checks that a padded image of a size (and, for an animation, all its frames) can be made,
  /// before anything is drawn.
  ///
  /// - Throws: ``TextRasterError/imageTooLarge(width:height:frames:)`` with the size in pixels.
  package func checkSize(
    _ size: LayoutSize, padding: Double, frames: Int = 1
  ) throws(TextRasterError) {
    let pixelWidth = (max(1, size.width + 2 * padding) * scale.factor).rounded(.up)
    let pixelHeight = (max(1, size.height + 2 * padding) * scale.factor).rounded(.up)
    let side = Double(RGBABitmap.maximumSide)
    guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth <= side, pixelHeight <= side,
      pixelWidth * pixelHeight <= Double(RGBABitmap.maximumPixels),
      pixelWidth * pixelHeight * 4 * Double(frames) <= Double(RGBABitmap.maximumAnimationBytes)
    else {
      throw .imageTooLarge(width: pixelWidth, height: pixelHeight, frames: frames)
    }
  }

  // MARK: - Drawing

  /// Draws a display list's items with the component's top-left corner at a point of a canvas;
  /// the background is left as it is.
  package func draw<Action>(
    _ list: DisplayList<Action>, at origin: LayoutPoint, in canvas: inout RasterCanvas
  ) throws(TextRasterError) {
    for item in list.items { try draw(item, at: origin, in: &canvas) }
  }

  private func draw(
    _ item: DisplayItem, at origin: LayoutPoint, in canvas: inout RasterCanvas
  ) throws(TextRasterError) {
    switch item {
    case .text(let text):
      try glyphs.draw(
        text.layout,
        at: LayoutPoint(x: origin.x + Double(text.origin.x), y: origin.y + Double(text.origin.y)),
        in: &canvas,
        colors: TextColors(
          primary: text.color, label: text.accentColor, underlinesLinks: text.underlinesLinks),
        spoilers: text.spoilers)
    case .shape(let shape):
      let rect = Self.moved(shape.rect, by: origin)
      switch shape.paint {
      case .fill:
        canvas.fill(roundedRect: rect, cornerRadius: shape.cornerRadius, color: shape.color)
      case .stroke(let lineWidth):
        canvas.strokeBorder(
          roundedRect: rect, cornerRadius: shape.cornerRadius, color: shape.color,
          lineWidth: lineWidth)
      }
    case .dust(let dust):
      drawDust(dust, at: origin, in: &canvas)
    case .group(let group):
      try drawGroup(group, at: origin, in: &canvas)
    }
  }

  /// Draws a group's items into a layer (as small as its clip), masks and fades the layer,
  /// and composites it.
  private func drawGroup(
    _ group: GroupItem, at origin: LayoutPoint, in canvas: inout RasterCanvas
  ) throws(TextRasterError) {
    guard group.opacity > 0 else { return }
    if group.clip == nil && group.mask == nil && group.opacity >= 1 {
      for item in group.items { try draw(item, at: origin, in: &canvas) }
      return
    }
    var clip =
      group.clip.map { Self.moved($0, by: origin) }
      ?? LayoutRect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
    if case .circle(let center, let radius) = group.mask {
      // Nothing outside the circle shows, so the layer covers only the circle's square, with
      // two pixels to spare for its anti-aliased edge: a reveal's first frames (a small
      // circle) then draw, clear and composite a few pixels, not the whole canvas.
      let reach = radius + 2 / canvas.scale.factor
      let minX = max(clip.minX, origin.x + Double(center.x) - reach)
      let minY = max(clip.minY, origin.y + Double(center.y) - reach)
      let maxX = min(clip.maxX, origin.x + Double(center.x) + reach)
      let maxY = min(clip.maxY, origin.y + Double(center.y) + reach)
      guard minX < maxX, minY < maxY else { return }
      clip = LayoutRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
    // A clip alone that leaves no whole pixel of the canvas out (a component's frame while its
    // height animates, a band cropped for a scrolled view): drawn on the canvas itself.
    if group.mask == nil && group.opacity >= 1, let edges = ClipEdges(clip: clip, on: canvas) {
      for item in group.items { try draw(item, at: origin, in: &canvas) }
      edges.blend(onto: &canvas)
      return
    }
    guard var layer = ClipLayer(clip: clip, on: canvas) else { return }
    let layerOrigin = layer.convert(origin)
    for item in group.items { try draw(item, at: layerOrigin, in: &layer.canvas) }
    switch group.mask {
    case nil:
      break
    case .fade(let fade):
      let ramp = Self.moved(fade.rect, by: layerOrigin)
      let size = layer.canvas.size
      layer.canvas.applyMask(
        LinearGradientMask(direction: fade.clearEdge == .right ? .towardRight : .towardLeft),
        in: ramp)
      // Past the ramp's clear end the text lies under the button: hidden, up to the layer's
      // edge, so that no overhanging glyph ink shows either.
      switch fade.clearEdge {
      case .right:
        layer.canvas.clear(
          LayoutRect(
            x: ramp.maxX, y: ramp.minY, width: max(0, size.width - ramp.maxX),
            height: ramp.height))
      case .left:
        layer.canvas.clear(
          LayoutRect(x: 0, y: ramp.minY, width: max(0, ramp.minX), height: ramp.height))
      }
    case .circle(let center, let radius):
      let pixel = layer.canvas.pixelPoint(
        LayoutPoint(
          x: layerOrigin.x + Double(center.x), y: layerOrigin.y + Double(center.y)))
      layer.canvas.bitmap.clear(
        outsideCircleCenteredAt: pixel, radius: radius * layer.canvas.scale.factor)
    }
    if group.opacity < 1 { layer.canvas.bitmap.multiplyOpacity(by: group.opacity) }
    layer.composite(onto: &canvas)
  }

  /// Draws grains of dust as anti-aliased dots in their colors.
  private func drawDust(_ dust: DustItem, at origin: LayoutPoint, in canvas: inout RasterCanvas) {
    for grain in dust.grains where grain.opacity > 0.004 {
      let base = dust.colors[grain.colorIndex]
      canvas.fillDot(
        at: LayoutPoint(x: origin.x + Double(grain.center.x), y: origin.y + Double(grain.center.y)),
        diameter: grain.diameter,
        color: TextColor(
          red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * grain.opacity))
    }
  }

  private static func moved(_ rect: CGRect, by origin: LayoutPoint) -> LayoutRect {
    let rect = LayoutRect(rect)
    return LayoutRect(
      x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height)
  }
}

/// One frame of an animation: a display list, and how long it shows.
public struct AnimationFrame<Action: Hashable & Sendable>: Sendable {
  /// What the frame shows.
  public var list: DisplayList<Action>
  /// How long it shows.
  public var delay: Duration

  /// Creates a frame.
  public init(list: DisplayList<Action>, delay: Duration) {
    self.list = list
    self.delay = delay
  }
}
