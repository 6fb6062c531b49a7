import Foundation
@_spi(Backend) import TextLayout

extension StyledText {
  /// A styled text from an `AttributedString`: its characters, with each run's link, language
  /// and spoiler over a base style.
  ///
  /// Foundation's `link` and `languageIdentifier` are read, and ``TextRevealAttributes`` for
  /// spoilers; attributes TextReveal does not know are ignored.
  ///
  /// ```swift
  /// var greeting = AttributedString("Read the notes")
  /// greeting.link = URL(string: "https://example.com/notes")
  /// let model = ExpandableTextModel(
  ///   text: try StyledText(greeting), environment: ComponentEnvironment(width: 320))
  /// ```
  ///
  /// - Parameters:
  ///   - attributed: The attributed string.
  ///   - base: The style of runs whose attributes say nothing else.
  /// - Throws: `TextLayoutError.invalidLanguage` for a `languageIdentifier`
  ///   that is neither a BCP 47 tag nor a POSIX locale.
  public init(_ attributed: AttributedString, base: TextStyle = TextStyle()) throws(TextLayoutError)
  {
    var text = StyledText("", style: base)
    for run in attributed.runs {
      var style = base
      if let link = run.link { style.link = link }
      if let language = run.languageIdentifier { style.language = try TextLanguage(language) }
      if let spoiler = run[TextRevealAttributes.SpoilerAttribute.self] { style.isSpoiler = spoiler }
      text.append(String(attributed[run.range].characters), style: style)
    }
    self = text
  }
}
