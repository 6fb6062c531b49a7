@_spi(Backend) import TextLayout

/// How an expandable text shows that it is cut.
public enum TruncationStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// App Store style: the last line runs to the trailing edge, "more" sits at its trailing end,
  /// and the text under a gradient as wide as the label fades out just before it.
  case fade
  /// The last line is shortened and "… more" follows its last visible word.
  case inline
}
