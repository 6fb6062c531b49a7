import TextLayout
import TextReveal

extension ComponentRenderer {
  /// Draws a text with spoilers as they stand at a time: the plain text, the hidden text where
  /// the reveal shows it (inside the spreading circle, or cross-faded), and the dust.
  ///
  /// Hidden glyphs are never drawn under the dust, so nothing shows through. Each grain of dust
  /// is an anti-aliased dot in its region's text color (the theme's primary text color when
  /// the run has none), at the canvas's scale.
  ///
  /// ```swift
  /// var particles: [SpoilerParticle] = []
  /// var canvas = renderer.canvas(width: 320, height: layout.size.height, theme: .dark)
  /// try renderer.draw(
  ///   layout, spoilers: spoiler, at: now, origin: renderer.origin, in: &canvas, theme: .dark,
  ///   particles: &particles)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The laid-out text the spoiler model was made from.
  ///   - spoilers: The spoilers' regions, dust and state.
  ///   - time: The frame's time, in the model's clock.
  ///   - origin: Where the text's layout origin goes, in points.
  ///   - canvas: The canvas.
  ///   - theme: The colors.
  ///   - particles: A buffer for the dust, kept between frames so that a frame allocates none.
  /// - Throws: ``TextRasterError`` when a glyph cannot be rendered.
  public func draw(
    _ text: LaidOutText, spoilers: SpoilerModel, at time: Double, origin: LayoutPoint,
    in canvas: inout RasterCanvas, theme: Theme, particles: inout [SpoilerParticle]
  ) throws(TextRasterError) {
    let colors = TextColors(theme: theme)
    try glyphs.draw(text, at: origin, in: &canvas, colors: colors, spoilers: .hidden)
    try drawSpoilers(
      of: text, spoilers: spoilers, at: time, origin: origin, in: &canvas, theme: theme,
      particles: &particles)
  }

  /// The hidden text as far as the reveal shows it, and the dust, over text drawn without its
  /// spoilers.
  func drawSpoilers(
    of text: LaidOutText, spoilers: SpoilerModel, at time: Double, origin: LayoutPoint,
    in canvas: inout RasterCanvas, theme: Theme, particles: inout [SpoilerParticle]
  ) throws(TextRasterError) {
    guard !spoilers.regions.isEmpty else { return }
    let reveal = spoilers.reveal(at: time)
    let colors = TextColors(theme: theme)
    if let circle = reveal.circle {
      var layer = canvas.makeLayer()
      try glyphs.draw(text, at: origin, in: &layer, colors: colors, spoilers: .only)
      let center = canvas.pixelPoint(
        LayoutPoint(x: origin.x + circle.center.x, y: origin.y + circle.center.y))
      layer.bitmap.clear(
        outsideCircleCenteredAt: center, radius: circle.radius * canvas.scale.factor)
      canvas.draw(layer)
    } else if reveal.textOpacity >= 1 {
      try glyphs.draw(text, at: origin, in: &canvas, colors: colors, spoilers: .only)
    } else if reveal.textOpacity > 0 {
      var layer = canvas.makeLayer()
      try glyphs.draw(text, at: origin, in: &layer, colors: colors, spoilers: .only)
      layer.bitmap.multiplyOpacity(by: reveal.textOpacity)
      canvas.draw(layer)
    }
    spoilers.dust(at: time, into: &particles)
    drawDust(particles, regions: spoilers.regions, origin: origin, in: &canvas, theme: theme)
  }

  /// Draws grains of dust as anti-aliased dots.
  func drawDust(
    _ particles: [SpoilerParticle], regions: [SpoilerRegion], origin: LayoutPoint,
    in canvas: inout RasterCanvas, theme: Theme
  ) {
    for particle in particles where particle.opacity > 0.004 {
      let base = regions[particle.region].color ?? theme.primaryText
      let color = TextColor(
        red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * particle.opacity)
      canvas.fill(
        circleCenteredAt: LayoutPoint(
          x: origin.x + particle.position.x, y: origin.y + particle.position.y),
        radius: particle.size / 2, color: color)
    }
  }

  /// A text with spoilers at a time, padded, on the theme's background.
  public func image(
    of text: LaidOutText, spoilers: SpoilerModel, at time: Double, theme: Theme
  ) throws(TextRasterError) -> RasterCanvas {
    try checkSize(width: text.configuration.width, height: max(1, text.size.height))
    var canvas = canvas(
      width: text.configuration.width, height: max(1, text.size.height), theme: theme)
    var particles: [SpoilerParticle] = []
    try draw(
      text, spoilers: spoilers, at: time, origin: origin, in: &canvas, theme: theme,
      particles: &particles)
    return canvas
  }

  /// The frames of a spoiler text's animation, from a start time to an end time, each shown
  /// for one frame's time: the dust moving, or a reveal spreading if the model was tapped.
  ///
  /// - Returns: The times of the frames.
  public func spoilerTimeline(from start: Double, to end: Double) -> [Double] {
    guard end > start else { return [start] }
    let count = max(1, Int(((end - start) * framesPerSecond).rounded(.up)))
    return (0..<count).map { start + Double($0) / framesPerSecond }
  }

  /// A spoiler text's animation as an animated PNG: one frame every 1/``framesPerSecond``
  /// seconds from `start` to `end`, the last frame held for `hold` more.
  public func spoilerAnimation(
    of text: LaidOutText, spoilers: SpoilerModel, from start: Double, to end: Double,
    hold: Duration = .zero, theme: Theme
  ) throws(TextRasterError) -> AnimatedPNGWriter {
    try spoilerAnimation(
      size: LayoutSize(width: text.configuration.width, height: text.size.height), text: text,
      spoilers: spoilers, from: start, to: end, hold: hold, theme: theme
    ) { canvas, time, particles throws(TextRasterError) in
      try draw(
        text, spoilers: spoilers, at: time, origin: origin, in: &canvas, theme: theme,
        particles: &particles)
    }
  }

  /// An expandable text's spoiler animation: the state the layout shows, with its button,
  /// and the spoilers over what it shows.
  public func spoilerAnimation(
    of expandable: ExpandableTextLayout, spoilers: SpoilerModel, from start: Double,
    to end: Double, hold: Duration = .zero, theme: Theme
  ) throws(TextRasterError) -> AnimatedPNGWriter {
    try spoilerAnimation(
      size: expandable.size, text: expandable.text, spoilers: spoilers, from: start, to: end,
      hold: hold, theme: theme
    ) { canvas, time, particles throws(TextRasterError) in
      try draw(expandable, at: origin, in: &canvas, theme: theme, spoilers: .hidden) {
        layer throws(TextRasterError) in
        try drawSpoilers(
          of: expandable.text, spoilers: spoilers, at: time, origin: origin, in: &layer,
          theme: theme, particles: &particles)
      }
    }
  }

  private func spoilerAnimation(
    size: LayoutSize, text: LaidOutText, spoilers: SpoilerModel, from start: Double, to end: Double,
    hold: Duration, theme: Theme,
    frame: (inout RasterCanvas, Double, inout [SpoilerParticle]) throws(TextRasterError) -> Void
  ) throws(TextRasterError) -> AnimatedPNGWriter {
    var result = AnimatedPNGWriter()
    var particles: [SpoilerParticle] = []
    let times = spoilerTimeline(from: start, to: end)
    try checkSize(width: size.width, height: max(1, size.height), frames: times.count)
    for (index, time) in times.enumerated() {
      var canvas = canvas(width: size.width, height: max(1, size.height), theme: theme)
      try frame(&canvas, time, &particles)
      try result.append(
        canvas.bitmap, delay: index == times.count - 1 ? frameDelay + hold : frameDelay)
    }
    return result
  }

  /// An expandable text with spoilers at a time, padded: the spoilers cover only what the
  /// state shows (a collapsed text's visible lines), since the model was made from its layout.
  public func image(
    of expandable: ExpandableTextLayout, spoilers: SpoilerModel, at time: Double, theme: Theme
  ) throws(TextRasterError) -> RasterCanvas {
    try checkSize(width: expandable.size.width, height: max(1, expandable.size.height))
    var canvas = canvas(
      width: expandable.size.width, height: max(1, expandable.size.height), theme: theme)
    var particles: [SpoilerParticle] = []
    try draw(expandable, at: origin, in: &canvas, theme: theme, spoilers: .hidden) {
      layer throws(TextRasterError) in
      try drawSpoilers(
        of: expandable.text, spoilers: spoilers, at: time, origin: origin, in: &layer,
        theme: theme, particles: &particles)
    }
    return canvas
  }
}
