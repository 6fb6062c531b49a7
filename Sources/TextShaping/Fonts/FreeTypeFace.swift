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

  private let library: FT_Library
  private let face: FT_Face
  private let lock = Mutex(())

  /// Opens the face at `index` in the font file at `path`.
  ///
  /// - Throws: ``TextShapingError/freeType(function:code:path:)`` when FreeType cannot open or
  ///   parse the file, ``TextShapingError/unsupportedFont(path:reason:)`` when it has no
  ///   scalable outlines.
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
    // FT_FACE_FLAG_SCALABLE is 1 << 0; the macro does not import into Swift.
    let isScalable = face.pointee.face_flags & 1 != 0
    guard isScalable, face.pointee.units_per_EM > 0 else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw .unsupportedFont(path: path, reason: "it has no scalable outlines")
    }
    self.library = library
    self.face = face
    self.path = path
    self.index = index
    let record = face.pointee
    self.info = FontFace(
      path: path, index: index,
      familyName: record.family_name.map { String(cString: $0) } ?? "",
      styleName: record.style_name.map { String(cString: $0) } ?? "",
      unitsPerEm: Int(record.units_per_EM), ascender: Int(record.ascender),
      descender: -Int(record.descender), lineSpacing: Int(record.height))
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
