import TextReveal

/// `POST /api/session/{id}/settings`: the controls to change; absent fields stay as they are.
///
/// Decoding checks each field's type and, for the closed sets (theme, direction, style,
/// alignment), its value; ``PlaygroundSettings/apply(_:limits:)`` checks the ranges.
package struct SettingsChange: Decodable, Sendable, Hashable {
  /// The components' width in points.
  package var width: Double?
  /// The dynamic type size, `xSmall` … `AX5`.
  package var typeSize: String?
  /// The colors.
  package var theme: PlaygroundSettings.ThemeChoice?
  /// The layout direction.
  package var direction: PlaygroundSettings.DirectionChoice?
  /// The text's language, one of ``PlaygroundSettings/languages``.
  package var language: String?
  /// The text of the expandable text and the truncation detector.
  package var text: String?
  /// Whether the text is read as inline Markdown.
  package var markdown: Bool?
  /// How the expandable text shows its cut.
  package var style: TruncationStyle?
  /// How the settings page places its paragraphs.
  package var alignment: PlaygroundSettings.AlignmentChoice?
  /// The images' pixels per point, 1 to 3: the page's `devicePixelRatio`, rounded.
  package var scale: Double?
  /// Whether a tap anywhere on the expandable text toggles it.
  package var togglesOnTapAnywhere: Bool?

  /// A change of nothing; set the fields to change.
  package init() {}

  enum CodingKeys: String, CodingKey, CaseIterable {
    case width, typeSize, theme, direction, language, text, markdown, style, alignment, scale
    case togglesOnTapAnywhere
  }

  package init(from decoder: any Decoder) throws {
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
    scale = try container.decodeIfPresent(Double.self, forKey: .scale)
    togglesOnTapAnywhere = try container.decodeIfPresent(Bool.self, forKey: .togglesOnTapAnywhere)
  }
}
