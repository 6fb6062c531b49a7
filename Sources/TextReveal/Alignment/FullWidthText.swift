import TextLayout

/// A text whose frame fills the available width, with the text aligned inside it.
///
/// Two alignments are at work and they are different things: the *frame alignment* places the
/// text's own box (as wide as its widest line) inside the full-width frame, and the *text
/// alignment* places each line inside the text's box. Paragraphs in a stack line up on the
/// frame alignment no matter where their lines break. Leading and trailing follow the layout
/// direction.
public struct FullWidthText: Sendable, Hashable {
  /// The text.
  public var text: StyledText
  /// Where the text's box sits in the full-width frame.
  public var frameAlignment: FrameAlignment
  /// How lines are aligned inside the text's box.
  public var textAlignment: LineAlignment
  /// The available width and the direction (the type size scales the text; the theme is the
  /// renderer's).
  public var environment: ComponentEnvironment

  /// Creates a full-width text.
  public init(
    text: StyledText, environment: ComponentEnvironment,
    frameAlignment: FrameAlignment = .leading, textAlignment: LineAlignment = .leading
  ) {
    self.text = text
    self.environment = environment
    self.frameAlignment = frameAlignment
    self.textAlignment = textAlignment
  }

  /// A horizontal frame alignment.
  public enum FrameAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// The leading edge of the layout direction.
    case leading
    /// Centered.
    case center
    /// The trailing edge of the layout direction.
    case trailing
  }

  /// Lays the text out in the environment's width.
  ///
  /// - Parameter engine: The layout engine.
  /// - Returns: The full frame, the text's box inside it, and the text laid out in that box.
  /// - Throws: ``TextRevealError/layout(_:)`` for an invalid width.
  public func layout(using engine: TextLayoutEngine) throws(TextRevealError) -> AlignedText {
    do {
      return try layOut(using: engine)
    } catch {
      throw .layout(error)
    }
  }

  private func layOut(using engine: TextLayoutEngine) throws(TextLayoutError) -> AlignedText {
    let width = environment.width
    let direction = environment.direction
    let text = text.scaled(to: environment.typeSize)
    // The natural width only: measured, with no glyphs placed.
    let natural = try engine.measure(
      text,
      configuration: LayoutConfiguration(
        width: width, direction: direction, tabStops: environment.tabStops))
    // Greedy breaking gives the same lines at the widest line's width, so the text can be laid
    // out again in its own box with the text alignment applied there.
    let boxWidth = min(width, natural.size.width + 1e-6)
    let boxed = try engine.layout(
      text,
      configuration: LayoutConfiguration(
        width: max(boxWidth, 1e-6), alignment: textAlignment, direction: direction,
        tabStops: environment.tabStops))
    let free = width - boxWidth
    let isRightToLeft = direction == .rightToLeft
    let x: Double =
      switch frameAlignment {
      case .leading: isRightToLeft ? free : 0
      case .center: free / 2
      case .trailing: isRightToLeft ? 0 : free
      }
    return AlignedText(
      frame: LayoutRect(x: 0, y: 0, width: width, height: boxed.size.height),
      textFrame: LayoutRect(x: x, y: 0, width: boxWidth, height: boxed.size.height), layout: boxed)
  }
}

/// A text laid out inside a full-width frame.
public struct AlignedText: Sendable, Hashable {
  /// The full-width frame.
  public var frame: LayoutRect
  /// The text's own box inside the frame.
  public var textFrame: LayoutRect
  /// The text laid out in its box; add `textFrame.origin` to its coordinates.
  public var layout: LaidOutText

  /// Creates an aligned text, for example to draw a text's own frame "before" alignment.
  public init(frame: LayoutRect, textFrame: LayoutRect, layout: LaidOutText) {
    self.frame = frame
    self.textFrame = textFrame
    self.layout = layout
  }
}
