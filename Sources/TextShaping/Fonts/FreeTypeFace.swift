import CFreeType
import Foundation

/// What FreeType reads from a font file's face when the shaper loads it: its names, its
/// vertical metrics and, for a colour bitmap face, its strike.
///
/// The FreeType face is closed once they are read. Shaping never uses it (HarfBuzz reads the
/// file on its own), and renderers open their own (TextRaster's `GlyphCache`): kept open for
/// the shaper's lifetime, the faces held about 2.7 MB of FreeType's memory for the corpus of
/// `make bench` (docs/Performance.md).
package struct FreeTypeFace: Sendable {
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

  /// Opens the face at `index` in the font file at `path`, reads it and closes it.
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
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    let error = FT_New_Face(library, path, index, &face)
    guard error == 0, let face else {
      throw .freeType(function: "FT_New_Face", code: error, path: path)
    }
    defer { FT_Done_Face(face) }
    // FT_FACE_FLAG_SCALABLE is 1 << 0 and FT_FACE_FLAG_COLOR 1 << 14; the macros do not
    // import into Swift.
    let isScalable = face.pointee.face_flags & 1 != 0
    let isColor = face.pointee.face_flags & (1 << 14) != 0
    // A colour bitmap face has no outlines: it is scaled from its largest strike.
    let strike = isScalable ? nil : isColor ? BitmapStrike.select(in: face) : nil
    guard isScalable && face.pointee.units_per_EM > 0 || strike != nil else {
      throw .unsupportedFont(path: path, reason: "it has no scalable outlines or colour bitmaps")
    }
    self.strike = strike
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
}
