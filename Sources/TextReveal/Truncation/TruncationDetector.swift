import TextLayout

/// Tells whether a text is cut at a line limit, and tells its observer only when that changes.
///
/// This replaces the SwiftUI trick of laying out a hidden copy of the text and comparing sizes:
/// the answer comes from the layout engine, which knows where every line ends.
///
/// ```swift
/// var detector = TruncationDetector(lineLimit: 3) { showAllButton.isHidden = !$0 }
/// try detector.update(text: blurb, width: 320, typeSize: .large, using: engine)
/// ```
public struct TruncationDetector: Sendable {
  /// The number of lines the text is limited to.
  public var lineLimit: Int
  /// The last answer; `nil` before the first update.
  public private(set) var isTruncated: Bool?
  private let observer: @Sendable (Bool) -> Void

  /// Creates a detector.
  ///
  /// - Parameters:
  ///   - lineLimit: The line limit (at least 1).
  ///   - observer: Called with the new answer on the first update and whenever it changes.
  public init(lineLimit: Int, observer: @escaping @Sendable (Bool) -> Void) {
    precondition(lineLimit >= 1, "A line limit is at least 1, got \(lineLimit)")
    self.lineLimit = lineLimit
    self.observer = observer
  }

  /// Lays the text out with the current inputs and reports a changed answer.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - width: The width in points.
  ///   - typeSize: The dynamic type size.
  ///   - engine: The layout engine.
  /// - Returns: Whether the text is cut.
  /// - Throws: ``TextLayoutError`` for an invalid width.
  @discardableResult
  public mutating func update(
    text: StyledText, width: Double, typeSize: TypeSize = .large,
    using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> Bool {
    let layout = try engine.layout(
      text.scaled(to: typeSize),
      configuration: LayoutConfiguration(width: width, lineLimit: .lines(lineLimit)))
    if layout.isTruncated != isTruncated {
      isTruncated = layout.isTruncated
      observer(layout.isTruncated)
    }
    return layout.isTruncated
  }
}
