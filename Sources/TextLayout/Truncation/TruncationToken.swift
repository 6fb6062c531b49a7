/// The token placed after the last visible line of a cut text, such as "… more".
///
/// The token has two parts: a lead-in (usually an ellipsis and a space) and a label (the "more"
/// button). The layout reports the rectangles of both, so a renderer can draw the label in an
/// accent color and a hit test can find it.
///
/// ```swift
/// var labelStyle = TextStyle()
/// labelStyle.color = TextColor(red: 0, green: 0.478, blue: 1)
/// let token = TruncationToken(leader: "… ", label: "more", labelStyle: labelStyle)
/// ```
public struct TruncationToken: Sendable, Hashable {
  /// The text before the label, for example "… ".
  public var leader: String
  /// The label, for example "more"; may be empty for a plain ellipsis.
  public var label: String
  /// The leader's style; `nil` uses the style of the text where it is cut.
  public var leaderStyle: TextStyle?
  /// The label's style; `nil` uses the style of the text where it is cut.
  public var labelStyle: TextStyle?

  /// Creates a token.
  ///
  /// - Parameters:
  ///   - leader: The text before the label.
  ///   - label: The label.
  ///   - leaderStyle: The leader's style, or `nil` for the style of the text where it is cut.
  ///   - labelStyle: The label's style, or `nil` for the style of the text where it is cut.
  public init(
    leader: String = "\u{2026} ", label: String = "more", leaderStyle: TextStyle? = nil,
    labelStyle: TextStyle? = nil
  ) {
    self.leader = leader
    self.label = label
    self.leaderStyle = leaderStyle
    self.labelStyle = labelStyle
  }

  /// A plain ellipsis with no label.
  public static let ellipsis = TruncationToken(leader: "\u{2026}", label: "")
}
