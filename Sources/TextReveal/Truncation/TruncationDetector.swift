import TextLayout

/// Tells whether a text is cut at a line limit, and whether that answer changed since the last
/// time it was asked.
///
/// This replaces the SwiftUI trick of laying out a hidden copy of the text and comparing sizes:
/// the answer comes from measuring the text with the layout engine, which fills the lines
/// without placing a glyph. Update it whenever the text or its environment changes (a new
/// width, a new type size); show the "show all" button when ``isTruncated`` is true.
///
/// ```swift
/// var detector = TruncationDetector(
///   text: blurb, environment: ComponentEnvironment(width: 320), lineLimit: .lines(3))
/// if try detector.update(using: engine).hasChanged {
///   showAllButton.isHidden = detector.isTruncated != true
/// }
/// ```
public struct TruncationDetector: Sendable, Hashable {
  /// The text, with sizes for the large type size.
  public var text: StyledText
  /// The width, type size and direction the text is measured in.
  public var environment: ComponentEnvironment
  /// The number of lines the text is limited to.
  public var lineLimit: LineLimit
  /// The last answer; `nil` before the first update.
  public private(set) var isTruncated: Bool?

  /// Creates a detector.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - environment: The width, type size and direction.
  ///   - lineLimit: The line limit.
  public init(text: StyledText, environment: ComponentEnvironment, lineLimit: LineLimit) {
    self.text = text
    self.environment = environment
    self.lineLimit = lineLimit
  }

  /// The answer of an update.
  public struct Update: Sendable, Hashable {
    /// Whether the text is cut.
    public var isTruncated: Bool
    /// Whether a visible line is wider than the width (see ``TextLayout/LaidOutText/isClipped``):
    /// "show all" would not reveal that part, so it is reported apart from ``isTruncated``.
    public var isClipped: Bool = false
    /// Whether that differs from the last answer (always true for the first update).
    public var hasChanged: Bool
  }

  /// Measures the text with the current inputs.
  ///
  /// - Parameter engine: The layout engine.
  /// - Returns: Whether the text is cut, and whether that changed.
  /// - Throws: ``TextRevealError/layout(_:)`` for an invalid width.
  /// - Complexity: One measurement, which stops after the last visible line.
  @discardableResult
  public mutating func update(using engine: TextLayoutEngine) throws(TextRevealError) -> Update {
    let measurement: TextMeasurement
    do {
      measurement = try engine.measure(
        text.scaled(to: environment.typeSize),
        configuration: LayoutConfiguration(
          width: environment.width, lineLimit: lineLimit, direction: environment.direction,
          tabStops: environment.tabStops))
    } catch {
      throw .layout(error)
    }
    let hasChanged = measurement.isTruncated != isTruncated
    isTruncated = measurement.isTruncated
    return Update(
      isTruncated: measurement.isTruncated, isClipped: measurement.isClipped,
      hasChanged: hasChanged)
  }
}
