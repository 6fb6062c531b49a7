import TextLayout
import TextRaster
import TextReveal

extension ComponentRenderer {
  /// A canvas for a list of a size, with the padding around it.
  ///
  /// Unlike ``canvas(width:height:theme:)``, a list 0 points tall (with no rows) keeps its
  /// height: its image is the padding alone, `width + 32` by 32 points.
  func listCanvas(width: Double, height: Double, theme: Theme) -> RasterCanvas {
    RasterCanvas(
      width: width + 2 * Self.padding, height: height + 2 * Self.padding, scale: scale,
      theme: theme)
  }

  /// A laid-out list, padded, on its theme's background.
  func image<ID>(of layout: ListLayout<ID>, theme: Theme) throws(TextRasterError) -> RasterCanvas {
    var canvas = listCanvas(width: layout.size.width, height: layout.size.height, theme: theme)
    try glyphs.draw(layout, at: origin, in: &canvas, theme: theme, using: engine)
    return canvas
  }

  /// The toggle animation of one row as an animated PNG that loops: the list as it is, held;
  /// the row toggling while the rows below slide; the new state, held; and the way back.
  ///
  /// - Parameters:
  ///   - id: The row to toggle.
  ///   - list: The list.
  ///   - expansion: Which rows are expanded at the start.
  ///   - duration: How long one toggle takes, in seconds.
  /// - Returns: The animation, and whether the row's text is cut (when it is not, toggling
  ///   changes nothing and there is one frame).
  func toggleAnimation<ID>(
    of id: ID, in list: ExpandingList<ID>, expansion: ExpansionSet<ID>, duration: Double = 0.35
  ) throws -> (animation: AnimatedPNG, isTruncated: Bool) {
    var toggled = expansion
    toggled.toggle(id)
    let before = try list.layout(expansion: expansion, using: engine)
    let after = try list.layout(expansion: toggled, using: engine)
    let height = max(before.size.height, after.size.height)
    func still(_ layout: ListLayout<ID>) throws(TextRasterError) -> RGBABitmap {
      var frame = listCanvas(width: list.width, height: height, theme: list.theme)
      try glyphs.draw(layout, at: origin, in: &frame, theme: list.theme, using: engine)
      return frame.bitmap
    }
    var result = AnimatedPNG()
    guard before.row(id)?.isTruncated == true else {
      result.append(try still(before), delay: .seconds(1))
      return (result, false)
    }
    let states = [before, after]
    for (index, start) in states.enumerated() {
      let end = states[1 - index]
      let isExpanded = start.row(id)?.isExpanded == true
      result.append(try still(start), delay: .milliseconds(isExpanded ? 1500 : 900))
      let animation = ListAnimation(from: start, to: end, duration: duration)
      let steps = max(2, Int((duration * Self.framesPerSecond).rounded(.up)))
      // The last step is the next still, so it is left out.
      for step in 1..<steps {
        var frame = listCanvas(width: list.width, height: height, theme: list.theme)
        try glyphs.draw(
          animation, at: duration * Double(step) / Double(steps), origin: origin, in: &frame,
          theme: list.theme, using: engine)
        result.append(frame.bitmap, delay: .milliseconds(Int(1000 / Self.framesPerSecond)))
      }
    }
    return (result, true)
  }
}
