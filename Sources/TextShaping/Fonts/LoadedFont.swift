@_spi(Backend) import TextLayout

/// A face as one shaper numbers it: the process's ``SharedFontFace`` for its file, under the
/// shaper's ``FontID``.
///
/// Everything but the identifier is the shared face's (its values copied here, so the hot
/// paths read them without going through it): a new shaper that meets a file the process has
/// read makes only this.
final class LoadedFont: Sendable {
  /// The face's identifier in the shaper that loaded it.
  let id: FontID
  /// The file the face was loaded from.
  let file: FontFileReference
  /// The file and its identity, under which the process keeps what it reads from it.
  let key: FontFileKey
  /// What FreeType read from the face: its names and metrics.
  let freeType: FreeTypeFace
  /// The HarfBuzz side, for shaping and glyph coverage.
  let harfBuzz: HarfBuzzFace

  /// Whether the face has a glyph for every printable ASCII character, so that the shaper's
  /// hot paths can skip asking for them one by one.
  let coversPrintableASCII: Bool

  /// Which code points of the Basic Multilingual Plane the face has glyphs for (see
  /// ``HarfBuzzFace/coverageOfBasicPlane()``): the shaper asks for every character next to a
  /// piece before each cache lookup, and a bit costs less than HarfBuzz's character map.
  private let basicPlane: [UInt64]

  /// Numbers a shared face for one shaper.
  init(id: FontID, face: SharedFontFace) {
    self.id = id
    file = face.key.file
    key = face.key
    freeType = face.freeType
    harfBuzz = face.harfBuzz
    coversPrintableASCII = face.coversPrintableASCII
    basicPlane = face.basicPlane
    let info = freeType.info
    units = (info.unitsPerEm, info.ascender, info.descender, info.lineSpacing)
    isColor = freeType.strike != nil
  }

  /// Whether the face draws colour bitmaps (an emoji face): it shapes the clusters that ask
  /// for emoji presentation, and others only when no text face has their glyphs. Its metrics
  /// are its strike's (see ``FreeTypeFace/strike``).
  let isColor: Bool

  /// Whether the face has a glyph for a scalar: ``HarfBuzzFace/hasGlyph(for:)``, from a bitmap
  /// for the Basic Multilingual Plane; printable ASCII in a face that has it all needs none.
  func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if coversPrintableASCII && (0x21...0x7E).contains(value) { return true }
    guard value < 0x10000 else { return harfBuzz.hasGlyph(for: scalar) }
    return basicPlane[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
  }

  /// What the face declares about itself.
  var info: FontFace { freeType.info }

  /// The face's vertical metrics in font units, kept apart from its names: a shaping miss asks
  /// for them, and copying the description would count a reference for each name.
  private let units: (perEm: Int, ascender: Int, descender: Int, lineSpacing: Int)

  /// The face's metrics at a size, in points: ``FontFace/metrics(size:)``.
  func metrics(size: Double) -> FontMetrics {
    FontFace.metrics(
      unitsPerEm: units.perEm, ascender: units.ascender, descender: units.descender,
      lineSpacing: units.lineSpacing, size: size)
  }

  /// Whether the face has a glyph for every scalar of `scalars` that is not default-ignorable
  /// (joiners and variation selectors are invisible and every shaper handles them).
  func covers(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
    // The glyph lookup first: it answers for almost every scalar, and the property lookup is
    // the slower of the two.
    scalars.allSatisfy { hasGlyph(for: $0) || $0.properties.isDefaultIgnorableCodePoint }
  }
}
