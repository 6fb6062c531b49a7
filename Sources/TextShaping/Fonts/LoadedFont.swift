import Synchronization
@_spi(Backend) import TextLayout

/// A face loaded both ways: its description and metrics read through FreeType, HarfBuzz for
/// shaping.
final class LoadedFont: Sendable {
  /// The face's identifier in the shaper that loaded it.
  let id: FontID
  /// The file the face was loaded from.
  let file: FontFileReference
  /// What FreeType read from the face: its names and metrics.
  let freeType: FreeTypeFace
  /// The HarfBuzz side, for shaping and glyph coverage.
  let harfBuzz: HarfBuzzFace

  /// Bundles the two sides of a face under its identifier.
  /// Whether the face has a glyph for every printable ASCII character, so that the shaper's
  /// hot paths can skip asking for them one by one.
  let coversPrintableASCII: Bool

  /// Which code points of the Basic Multilingual Plane the face has glyphs for (see
  /// ``HarfBuzzFace/coverageOfBasicPlane()``): the shaper asks for every character next to a
  /// piece before each cache lookup, and a bit costs less than HarfBuzz's character map.
  private let basicPlane: [UInt64]

  ///
  /// - Parameter file: The file both sides were opened from. Its coverage is read from the
  ///   character map once for the process: a new shaper that loads the file again reuses it.
  init(id: FontID, file: FontFileReference, freeType: FreeTypeFace, harfBuzz: HarfBuzzFace) {
    self.id = id
    self.file = file
    self.freeType = freeType
    self.harfBuzz = harfBuzz
    let coverage =
      Self.coverages.withLock { $0[file] }
      ?? {
        let coverage = Coverage(
          printableASCII: (0x21...0x7E).allSatisfy {
            harfBuzz.hasGlyph(for: Unicode.Scalar(UInt8($0)))
          }, basicPlane: harfBuzz.coverageOfBasicPlane())
        Self.coverages.withLock { $0[file] = coverage }
        return coverage
      }()
    coversPrintableASCII = coverage.printableASCII
    basicPlane = coverage.basicPlane
    let info = freeType.info
    units = (info.unitsPerEm, info.ascender, info.descender, info.lineSpacing)
    isColor = freeType.strike != nil
  }

  /// Whether the face draws colour bitmaps (an emoji face): it shapes the clusters that ask
  /// for emoji presentation, and others only when no text face has their glyphs. Its metrics
  /// are its strike's (see ``FreeTypeFace/strike``).
  let isColor: Bool

  /// What a file's face has glyphs for, as the character map says.
  private struct Coverage {
    var printableASCII: Bool
    var basicPlane: [UInt64]
  }

  /// The coverage of every font file loaded in the process: 8 KiB a face, a millisecond or
  /// two of character-map reading saved for each shaper that loads it again.
  private static let coverages = Mutex<[FontFileReference: Coverage]>([:])

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
