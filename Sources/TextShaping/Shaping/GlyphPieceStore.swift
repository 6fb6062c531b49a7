@_spi(Backend) import TextLayout

/// Shaped glyphs kept in a form of their own (``GlyphArena`` as shaped, ``ShapeCache/Glyphs``
/// in narrow types) that copies a piece into a layout's ``GlyphStorage``.
protocol GlyphPieceStore {
  /// Where a piece's runs and clusters lie in the store.
  associatedtype Piece

  /// Copies a piece into a layout's glyph storage, in points.
  func store(_ piece: Piece, measure: ShapedMeasure, into storage: inout GlyphStorage)
    -> StoredPiece
}

extension GlyphPieceStore {
  /// A piece as the ``ShapedText`` a ``GlyphRun`` for each run makes.
  func shapedText(_ piece: Piece, measure: ShapedMeasure) -> ShapedText {
    var storage = GlyphStorage()
    // Stored first, in its own statement: as the argument of a call on `storage`, the call
    // would read the storage before the argument filled it.
    let stored = store(piece, measure: measure, into: &storage)
    return storage.shapedText(stored)
  }
}
