/// Everything besides the text that decides a layout: width, line limit, alignment and token.
///
/// ```swift
/// let configuration = LayoutConfiguration(width: 320, lineLimit: .lines(3))
/// ```
public struct LayoutConfiguration: Sendable, Hashable {
  /// The width lines are broken at, in points. Must be finite and positive.
  public var width: Double
  /// How many visual lines are shown, counted across paragraphs.
  public var lineLimit: LineLimit
  /// How lines are placed horizontally inside the width.
  public var alignment: LineAlignment
  /// Extra space between lines, in points.
  public var lineSpacing: Double
  /// The layout direction: which side is leading, and the direction of paragraphs that have no
  /// strong character.
  public var direction: InterfaceDirection
  /// The token placed after the last visible line when the text is cut, or `nil` for none.
  public var truncationToken: TruncationToken?
  /// Where tab characters advance to: every 28 points by default.
  public var tabStops: TabStops

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - width: The width in points.
  ///   - lineLimit: The line limit, unlimited by default.
  ///   - alignment: The alignment, natural by default.
  ///   - lineSpacing: Extra space between lines, 0 by default.
  ///   - direction: The layout direction, left to right by default.
  ///   - truncationToken: The token shown when the text is cut, none by default.
  ///   - tabStops: Where tabs advance to, every 28 points by default.
  public init(
    width: Double,
    lineLimit: LineLimit = .unlimited,
    alignment: LineAlignment = .natural,
    lineSpacing: Double = 0,
    direction: InterfaceDirection = .leftToRight,
    truncationToken: TruncationToken? = nil,
    tabStops: TabStops = .default
  ) {
    self.width = width
    self.lineLimit = lineLimit
    self.alignment = alignment
    self.lineSpacing = lineSpacing
    self.direction = direction
    self.truncationToken = truncationToken
    self.tabStops = tabStops
  }

  /// Checks the values the engine cannot lay out with.
  ///
  /// - Throws: ``TextLayoutError/invalidWidth(_:)``, ``TextLayoutError/invalidLineLimit(_:)``,
  ///   ``TextLayoutError/invalidLineSpacing(_:)`` or ``TextLayoutError/invalidTabInterval(_:)`` or
  ///   ``TextLayoutError/invalidTabStop(_:)``.
  package func validate() throws(TextLayoutError) {
    guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
    if case .lines(let count) = lineLimit, count < 1 { throw .invalidLineLimit(count) }
    guard lineSpacing.isFinite, lineSpacing >= 0 else { throw .invalidLineSpacing(lineSpacing) }
    try tabStops.validate()
  }

  /// Whether content this wide goes past ``width``: only a grapheme cluster (or a truncation
  /// token) wider than a whole line can, since lines never break inside one.
  package func isClipped(atContentWidth contentWidth: Double) -> Bool {
    // Lines are filled with an absolute tolerance of 1e-6; a sum of many advances may round a
    // little further on very wide layouts, hence the relative part.
    contentWidth > width + max(1e-6, width * 1e-9)
  }
}

/// How many visual lines a layout shows.
public enum LineLimit: Sendable, Hashable {
  /// All lines.
  case unlimited
  /// At most this many lines, counted across paragraphs (at least 1).
  case lines(Int)

  /// The limit as a number, `Int.max` when unlimited.
  package var count: Int {
    switch self {
    case .unlimited: Int.max
    case .lines(let count): count
    }
  }
}

/// How lines are placed horizontally within the layout width.
public enum LineAlignment: Sendable, Hashable, CaseIterable {
  /// At the start of each paragraph's own direction (left for left-to-right paragraphs).
  case natural
  /// At the leading edge of the layout direction.
  case leading
  /// Centered.
  case center
  /// At the trailing edge of the layout direction.
  case trailing
}

/// The direction of the user interface around the text.
public enum InterfaceDirection: String, Sendable, Hashable, CaseIterable, Codable {
  /// Leading is left.
  case leftToRight
  /// Leading is right.
  case rightToLeft
}
