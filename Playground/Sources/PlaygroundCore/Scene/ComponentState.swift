/// A component's state as the page reads it: the fields that apply to the component are set,
/// the others left out of the JSON.
public struct ComponentState: Sendable, Encodable {
  /// Whether the text is expanded (expandable text).
  public var isExpanded: Bool?
  /// Whether the text is cut at its line limit (expandable text, detector).
  public var isTruncated: Bool?
  /// The visible characters no installed font covers, drawn as boxes (expandable text); left
  /// out when there are none.
  public var uncoveredCharacters: [String]?
  /// Where "more" is (expandable text, collapsed and cut).
  public var moreButton: JSONRect?
  /// Where "less" is (expandable text, expanded).
  public var lessButton: JSONRect?
  /// Whether the detector's text is shown whole.
  public var showsAll: Bool?
  /// Where "Show all" is (detector, cut).
  public var showAllButton: JSONRect?
  /// What the detector reported, newest last.
  public var changes: [String]?
  /// The list's rows, top first.
  public var rows: [Row]?
  /// Whether the spoilers are revealed.
  public var isRevealed: Bool?
  /// The hidden words' rectangles.
  public var spoilers: [JSONRect]?
  /// The settings page's text frames.
  public var textFrames: [JSONRect]?
  /// The width the component was laid out at, when it differs from the setting (a list needs
  /// room for its avatars).
  public var width: Double?

  /// A list row as the page reads it.
  public struct Row: Sendable, Encodable {
    /// The row's id.
    public var id: String
    /// Its author.
    public var name: String
    /// Its frame in the list.
    public var frame: JSONRect
    /// Whether its text is cut.
    public var isTruncated: Bool
    /// Whether it shows its whole text.
    public var isExpanded: Bool
  }
}
