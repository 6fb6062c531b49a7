@_spi(Backend) import TextLayout

/// The glyphs of truncation tokens ("…", " more") for the process, by font file, as
/// ``TokenMeasures`` keeps their measures: placing a token's line stored its glyphs from the
/// shaper's cache, which a new shaper lacks, so every first-time text shaped the token again.
///
/// The glyphs depend only on what ``TokenMeasures/Key`` holds; a ``FontID`` is one shaper's
/// number for a face, so each run's face is kept as its file and given the placing shaper's
/// number for it. A shaper that has not loaded a kept face stores the token as before.
enum TokenGlyphs {
  /// A token's stored piece, in a storage of its own, and the file of each of its runs' faces.
  struct Kept: Sendable {
    var storage: GlyphStorage
    var piece: StoredPiece
    var files: [FontFileReference]
  }

  /// The glyphs, emptied at 256 tokens: an app shows a few tokens.
  private static let kept = BoundedProcessTable<TokenMeasures.Key, Kept>(limit: 256)

  /// The glyphs kept for `key`, if any.
  static func glyphs(for key: TokenMeasures.Key) -> Kept? {
    kept.value(for: key)
  }

  /// Keeps a token's glyphs.
  static func keep(_ glyphs: Kept, for key: TokenMeasures.Key) {
    kept.keep(glyphs, for: key)
  }
}
