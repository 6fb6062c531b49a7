import CFreeType
import Foundation
import Synchronization

/// A FreeType face opened from a file, with the FreeType library instance that owns it.
///
/// Each face has its own `FT_Library`, so loading and freeing faces needs no global lock.
/// FreeType faces are not thread-safe: every use goes through ``withFace(_:)``, which serializes
/// callers. Shaping never uses this face (HarfBuzz reads the file on its own); it is here for the
/// metrics at load time and for renderers that need glyph outlines or bitmaps.
package final class FreeTypeFace: @unchecked Sendable {
  /// The font file.
  package let path: String
  /// The face's index in the file.
  package let index: Int
  /// What the face declares about itself, read once when it was opened.
  package let info: FontFace
  /// For a colour bitmap face (CBDT, sbix: Noto Color Emoji), the strike its glyphs are drawn
  /// from, selected once; `nil` for a face with outlines. Such a face's ``info`` is in the
  /// strike's pixels: its units per em are the strike's pixels per em.
  package let strike: BitmapStrike?

  private let library: FT_Library
  private let face: FT_Face
  private let lock = Mutex(())

  /// Opens the face at `index` in the font file at `path`.
  ///
  /// - Throws: ``TextShapingError/freeType(function:code:path:)`` when FreeType cannot open or
  ///   parse the file, ``TextShapingError/unsupportedFont(path:reason:)`` when it has neither
  ///   scalable outlines nor colour bitmaps.
  package init(path: String, index: Int = 0) throws(TextShapingError) {
    // FreeType calls a directory an unknown file format: name what is wrong.
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .unsupportedFont(path: path, reason: "it is a directory, not a font file")
    }
    var library: FT_Library?
    let initError = FT_Init_FreeType(&library)
    guard initError == 0, let library else {
      throw .freeType(function: "FT_Init_FreeType", code: initError, path: nil)
    }
    var face: FT_Face?
    let error = FT_New_Face(library, path, index, &face)
    guard error == 0, let face else {
      FT_Done_FreeType(library)
      throw .freeType(function: "FT_New_Face", code: error, path: path)
    }
    // FT_FACE_FLAG_SCALABLE is 1 << 0 and FT_FACE_FLAG_COLOR 1 << 14; the macros do not
    // import into Swift.
    let isScalable = face.pointee.face_flags & 1 != 0
    let isColor = face.pointee.face_flags & (1 << 14) != 0
    // A colour bitmap face has no outlines: it is scaled from its largest strike.
    let strike = isScalable ? nil : isColor ? BitmapStrike.select(in: face) : nil
    guard isScalable && face.pointee.units_per_EM > 0 || strike != nil else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw .unsupportedFont(path: path, reason: "it has no scalable outlines or colour bitmaps")
    }
    self.strike = strike
    self.library = library
    self.face = face
    self.path = path
    self.index = index
    let record = face.pointee
    let familyName = record.family_name.map { String(cString: $0) } ?? ""
    let styleName = record.style_name.map { String(cString: $0) } ?? ""
    if let strike {
      // A colour bitmap face is measured in its strike's pixels: its line box is the box its
      // bitmaps fill, scaled as they are (docs/Emoji.md), with no line gap.
      self.info = FontFace(
        path: path, index: index, familyName: familyName, styleName: styleName,
        unitsPerEm: strike.pixelsPerEm, ascender: strike.ascender,
        descender: strike.descender, lineSpacing: strike.ascender + strike.descender)
    } else {
      self.info = FontFace(
        path: path, index: index, familyName: familyName, styleName: styleName,
        unitsPerEm: Int(record.units_per_EM), ascender: Int(record.ascender),
        descender: -Int(record.descender), lineSpacing: Int(record.height))
    }
  }

  deinit {
    FT_Done_Face(face)
    FT_Done_FreeType(library)
  }

  /// Runs `body` with exclusive use of the FreeType face.
  ///
  /// Do not keep the face pointer after `body` returns.
  package func withFace<Result>(_ body: (FT_Face) throws -> Result) rethrows -> Result {
    try lock.withLock { _ in try body(face) }
  }
}
