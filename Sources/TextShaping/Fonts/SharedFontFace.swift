import Synchronization

/// What the process reads from a face of a font file, once: its description and metrics
/// (through FreeType, whose face is closed again), its HarfBuzz face and font, and which
/// characters it has glyphs for.
///
/// All of it is immutable once made (the `hb_font_t` is made immutable, the FreeType face is
/// closed after reading), so every shaper of the process (every ``TextStack``) shares one
/// copy, as Pango's font map and Qt's font cache are shared: a new shaper that meets a file
/// the process has read only numbers it (``LoadedFont``). Faces are kept for the process, by
/// ``FontFileKey``, so a file written again at the same path is read again.
final class SharedFontFace: Sendable {
  /// The file and its identity when read.
  let key: FontFileKey
  /// What FreeType read from the face: its names and metrics.
  let freeType: FreeTypeFace
  /// The HarfBuzz side, for shaping and glyph coverage.
  let harfBuzz: HarfBuzzFace
  /// Whether the face has a glyph for every printable ASCII character.
  let coversPrintableASCII: Bool
  /// Which code points of the Basic Multilingual Plane the face has glyphs for (see
  /// ``HarfBuzzFace/coverageOfBasicPlane()``): 8 KiB a face.
  let basicPlane: [UInt64]

  private init(key: FontFileKey, freeType: FreeTypeFace, harfBuzz: HarfBuzzFace) {
    self.key = key
    self.freeType = freeType
    self.harfBuzz = harfBuzz
    coversPrintableASCII = (0x21...0x7E).allSatisfy {
      harfBuzz.hasGlyph(for: Unicode.Scalar(UInt8($0)))
    }
    basicPlane = harfBuzz.coverageOfBasicPlane()
  }

  /// The faces read so far, by file and identity.
  private static let faces = Mutex<[FontFileKey: SharedFontFace]>([:])

  /// The face a file holds, read the first time the process meets the file as it is now.
  ///
  /// Reading happens outside the lock; when two threads read the same file at once, the first
  /// stored is kept and both get it.
  ///
  /// - Throws: What ``FreeTypeFace/init(path:index:)`` and ``HarfBuzzFace/init(path:index:)``
  ///   throw for a file that is not a usable font; nothing is kept then.
  static func face(in file: FontFileReference) throws(TextShapingError) -> SharedFontFace {
    guard let key = FontFileKey(file) else {
      // No such file: FreeType names the failure as it always did.
      _ = try FreeTypeFace(path: file.path, index: file.index)
      throw .freeType(function: "stat", code: -1, path: file.path)
    }
    if let known = faces.withLock({ $0[key] }) { return known }
    let freeType = try FreeTypeFace(path: file.path, index: file.index)
    let harfBuzz = try HarfBuzzFace(path: file.path, index: file.index)
    let made = SharedFontFace(key: key, freeType: freeType, harfBuzz: harfBuzz)
    return faces.withLock { faces in
      if let known = faces[key] { return known }
      faces[key] = made
      return made
    }
  }
}
