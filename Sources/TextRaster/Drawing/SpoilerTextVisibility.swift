/// Whether the glyphs of text styled as a spoiler are drawn.
///
/// A hidden spoiler's words are covered by particle dust, which the spoiler model draws over
/// the word rectangles; the glyphs underneath are left out so nothing shows through.
public enum SpoilerTextVisibility: Sendable, Hashable, CaseIterable {
  /// Spoiler text is drawn like other text (a revealed spoiler).
  case visible
  /// Spoiler text is not drawn (a hidden spoiler).
  case hidden
  /// Only spoiler text is drawn: into a layer that a reveal masks before compositing.
  case only
}
