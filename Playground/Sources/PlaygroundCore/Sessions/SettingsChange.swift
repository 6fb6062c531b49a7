import TextReveal

/// `POST /api/session/{id}/settings`: the controls to change; absent fields stay as they are.
///
/// Decoding checks each field's type and, for the closed sets (theme, direction, style,
/// alignment), its value; ``PlaygroundSettings/apply(_:limits:)`` checks the ranges.
public struct SettingsChange: Decodable, Sendable, Hashable {
  /// The components' width in points.
  public var width: Double?
  /// The dynamic type size, `xSmall` … `AX5`.
  public var typeSize: String?
  /// The colors.
  public var theme: PlaygroundSettings.ThemeChoice?
  /// The layout direction.
  public var direction: PlaygroundSettings.DirectionChoice?
  /// The text's language, one of ``PlaygroundSettings/languages``.
  public var language: String?
  /// The text of the expandable text and the truncation detector.
  public var text: String?
  /// Whether the text is read as inline Markdown.
  public var markdown: Bool?
  /// How the expandable text shows its cut.
  public var style: TruncationStyle?
  /// How the settings page places its paragraphs.
  public var alignment: PlaygroundSettings.AlignmentChoice?

  /// A change of nothing; set the fields to change.
  public init() {}

  enum CodingKeys: String, CodingKey, CaseIterable {
    case width, typeSize, theme, direction, language, text, markdown, style, alignment
  }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    width = try container.decodeIfPresent(Double.self, forKey: .width)
    typeSize = try container.decodeIfPresent(String.self, forKey: .typeSize)
    theme = try container.decodeChoice(PlaygroundSettings.ThemeChoice.self, forKey: .theme)
    direction = try container.decodeChoice(
      PlaygroundSettings.DirectionChoice.self, forKey: .direction)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    text = try container.decodeIfPresent(String.self, forKey: .text)
    markdown = try container.decodeIfPresent(Bool.self, forKey: .markdown)
    style = try container.decodeChoice(TruncationStyle.self, forKey: .style)
    alignment = try container.decodeChoice(
      PlaygroundSettings.AlignmentChoice.self, forKey: .alignment)
  }
}
