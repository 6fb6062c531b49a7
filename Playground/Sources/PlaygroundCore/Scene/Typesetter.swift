@_spi(Backend) import TextLayout
import TextRaster
@_spi(Backend) import TextShaping

/// A text stack for one language and the renderer that draws with its fonts.
///
/// The renderer's glyph cache is not thread-safe, so a typesetter belongs to one owner at a
/// time (the ``PlaygroundService`` actor, or one benchmark).
package struct Typesetter {
  /// The fonts, the Unicode services and the layout engine.
  package let stack: TextStack
  /// Draws the components, at 2 pixels per point unless a scene sets another scale.
  package let renderer: ComponentRenderer

  /// Creates a typesetter whose lines break for a language.
  ///
  /// - Parameter language: A BCP 47 tag, or `""` for plain UAX #14.
  /// - Throws: ``PlaygroundError`` (it should not happen: the fonts are part of the set-up).
  package init(language: String) throws(PlaygroundError) {
    do {
      stack = try TextStack(
        fontPath: nil, locale: language.isEmpty ? nil : try TextLanguage(language))
    } catch {
      throw PlaygroundError(status: 422, "the text stack for \"\(language)\" failed: \(error)")
    }
    renderer = ComponentRenderer(stack: stack, scale: .x2)
  }
}
