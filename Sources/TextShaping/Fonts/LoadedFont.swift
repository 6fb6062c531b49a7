import TextLayout

/// A face loaded both ways: FreeType for metrics and rasterizing, HarfBuzz for shaping.
final class LoadedFont: Sendable {
  /// The face's identifier in the shaper that loaded it.
  let id: FontID
  /// The FreeType side, for metrics and renderers.
  let freeType: FreeTypeFace
  /// The HarfBuzz side, for shaping and glyph coverage.
  let harfBuzz: HarfBuzzFace

  /// Bundles the two sides of a face under its identifier.
  /// Whether the face has a glyph for every printable ASCII character, so that the shaper's
  /// hot paths can skip asking for them one by one.
  let coversPrintableASCII: Bool

  init(id: FontID, freeType: FreeTypeFace, harfBuzz: HarfBuzzFace) {
    self.id = id
    self.freeType = freeType
    self.harfBuzz = harfBuzz
    self.coversPrintableASCII = (0x21...0x7E).allSatisfy {
      harfBuzz.hasGlyph(for: Unicode.Scalar(UInt8($0)))
    }
  }

  /// What the face declares about itself.
  var info: FontFace { freeType.info }

  /// The face's metrics at a size, in points.
  func metrics(size: Double) -> FontMetrics { freeType.info.metrics(size: size) }

  /// Whether the face has a glyph for every scalar of `scalars` that is not default-ignorable
  /// (joiners and variation selectors are invisible and every shaper handles them).
  func covers(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
    // The glyph lookup first: it answers for almost every scalar, and the property lookup is
    // the slower of the two.
    scalars.allSatisfy { harfBuzz.hasGlyph(for: $0) || $0.properties.isDefaultIgnorableCodePoint }
  }
}
