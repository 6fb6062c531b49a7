/// The components the playground shows, by the names the page and the API use.
package enum Component: String, Sendable, Hashable, CaseIterable, Codable {
  /// The App Store "more" text (``TextReveal/ExpandableTextModel``).
  case expandable
  /// A text checked by a ``TextReveal/TruncationDetector``, with "Show all" when it is cut.
  case detector
  /// Chat messages in an ``TextReveal/ExpandingList``.
  case list
  /// A settings page of ``TextReveal/FullWidthText`` paragraphs.
  case alignment
  /// A message with hidden words (``TextReveal/SpoilerModel``).
  case spoiler
}
