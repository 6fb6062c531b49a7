@_spi(Backend) import TextLayout

/// An opacity ramp along one axis, applied to a rectangle of a bitmap to fade what is there.
///
/// The App Store's expandable text fades the last line's text out just before the "more"
/// button: the text keeps full opacity at the fade's leading end and becomes clear at its
/// trailing end, next to the button. For right-to-left layouts the button sits on the left, so
/// the fade runs toward the left. ``trailingFade(for:)`` makes that mask.
///
/// ```swift
/// var text = canvas.makeLayer()
/// try glyphs.draw(layout, at: origin, in: &text)
/// text.applyMask(.trailingFade(for: .leftToRight), in: fadeRect)
/// canvas.draw(text)
/// ```
package struct LinearGradientMask: Sendable, Hashable {
  /// The direction in which the ramp goes from ``startOpacity`` to ``endOpacity``.
  package var direction: Direction
  /// The opacity at the start of the ramp, 0 to 1.
  package var startOpacity: Double
  /// The opacity at the end of the ramp, 0 to 1.
  package var endOpacity: Double

  /// Creates a mask.
  ///
  /// - Parameters:
  ///   - direction: Where the ramp goes.
  ///   - startOpacity: The opacity at the start, 1 (unchanged) by default.
  ///   - endOpacity: The opacity at the end, 0 (clear) by default.
  package init(direction: Direction, startOpacity: Double = 1, endOpacity: Double = 0) {
    precondition(
      (0...1).contains(startOpacity) && (0...1).contains(endOpacity),
      "Mask opacities are between 0 and 1")
    self.direction = direction
    self.startOpacity = startOpacity
    self.endOpacity = endOpacity
  }

  /// The fade of text toward the trailing edge: opaque at the leading end, clear at the
  /// trailing end (the right for left-to-right layouts, the left for right-to-left ones).
  ///
  /// - Parameter layoutDirection: The layout direction, which decides the trailing side.
  /// - Returns: A mask from opacity 1 to 0 toward the trailing side.
  package static func trailingFade(for layoutDirection: InterfaceDirection) -> LinearGradientMask {
    LinearGradientMask(direction: layoutDirection == .leftToRight ? .towardRight : .towardLeft)
  }

  /// Where a linear gradient goes from its start to its end.
  package enum Direction: Sendable, Hashable, CaseIterable {
    /// From the left edge to the right edge.
    case towardRight
    /// From the right edge to the left edge.
    case towardLeft
    /// From the top edge to the bottom edge.
    case towardBottom
    /// From the bottom edge to the top edge.
    case towardTop
  }

  /// The opacity at a position along the ramp, where 0 is its start and 1 its end.
  func opacity(at progress: Double) -> Double {
    let clamped = min(max(progress, 0), 1)
    return startOpacity + (endOpacity - startOpacity) * clamped
  }
}
