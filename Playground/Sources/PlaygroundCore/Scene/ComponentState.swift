/// A component's state as the page reads it: the fields that apply to the component are set,
/// the others left out of the JSON.
package struct ComponentState: Sendable, Encodable {
  /// Whether the text is expanded (expandable text).
  package var isExpanded: Bool?
  /// Whether the text is cut at its line limit (expandable text, detector).
  package var isTruncated: Bool?
  /// The visible characters no installed font covers, drawn as boxes (expandable text); left
  /// out when there are none.
  package var uncoveredCharacters: [String]?
  /// Where "more" is (expandable text, collapsed and cut).
  package var moreButton: JSONRect?
  /// Where "less" is (expandable text, expanded).
  package var lessButton: JSONRect?
  /// Whether the detector's text is shown whole.
  package var showsAll: Bool?
  /// Where "Show all" is (detector, cut).
  package var showAllButton: JSONRect?
  /// What the detector reported, newest last.
  package var changes: [String]?
  /// The list's rows, top first.
  package var rows: [Row]?
  /// Whether the spoilers are revealed.
  package var isRevealed: Bool?
  /// The hidden words' rectangles.
  package var spoilers: [JSONRect]?
  /// The expandable text's links, where a tap opens them.
  package var links: [JSONRect]?
  /// The settings page's text frames.
  package var textFrames: [JSONRect]?
  /// The width the component was laid out at, when it differs from the setting (a list needs
  /// room for its avatars).
  package var width: Double?

  /// A list row as the page reads it.
  package struct Row: Sendable, Encodable {
    /// The row's id.
    package var id: String
    /// Its author.
    package var name: String
    /// Its frame in the list.
    package var frame: JSONRect
    /// Whether its text is cut.
    package var isTruncated: Bool
    /// Whether it shows its whole text.
    package var isExpanded: Bool
  }
}
