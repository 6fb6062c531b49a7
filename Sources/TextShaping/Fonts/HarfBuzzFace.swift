import CHarfBuzz

/// A HarfBuzz font for one face of a font file, scaled to font units.
///
/// The face comes from `hb_blob_create_from_file_or_fail` and HarfBuzz's own OpenType functions,
/// not from a FreeType face, so shaping shares nothing with ``FreeTypeFace``. The font is made
/// immutable after set-up, which makes it safe to shape with from several threads at once.
final class HarfBuzzFace: @unchecked Sendable {
  /// The number of font units per em; the font's scale, so positions come back in font units.
  let unitsPerEm: Int32

  private let blob: OpaquePointer
  private let face: OpaquePointer
  /// The immutable `hb_font_t`.
  let font: OpaquePointer

  /// Opens the face at `index` in the font file at `path`.
  ///
  /// - Throws: ``TextShapingError/harfBuzz(function:path:)`` when the file cannot be read.
  init(path: String, index: Int) throws(TextShapingError) {
    guard let blob = hb_blob_create_from_file_or_fail(path) else {
      throw .harfBuzz(function: "hb_blob_create_from_file_or_fail", path: path)
    }
    // Fontconfig may put a named-instance number in the upper 16 bits of the index.
    let face = hb_face_create(blob, UInt32(index & 0xFFFF))!
    let upem = hb_face_get_upem(face)
    guard upem > 0, hb_face_get_glyph_count(face) > 0 else {
      hb_face_destroy(face)
      hb_blob_destroy(blob)
      throw .harfBuzz(function: "hb_face_create", path: path)
    }
    let font = hb_font_create(face)!
    hb_font_set_scale(font, Int32(upem), Int32(upem))
    hb_font_make_immutable(font)
    self.blob = blob
    self.face = face
    self.font = font
    self.unitsPerEm = Int32(upem)
  }

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
    hb_blob_destroy(blob)
  }

  /// Whether the face maps the code point to a glyph.
  func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    hasGlyph(for: scalar.value)
  }

  private func hasGlyph(for codePoint: UInt32) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0 && glyph != 0
  }

  /// The Basic Multilingual Plane's code points the face has a glyph for, as a bitmap of 1,024
  /// words: bit `value & 63` of word `value >> 6`. Made from the code points the character map
  /// lists, each checked with ``hasGlyph(for:)``, so the two always agree.
  func coverageOfBasicPlane() -> [UInt64] {
    var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
    let set = hb_set_create()
    defer { hb_set_destroy(set) }
    hb_face_collect_unicodes(face, set)
    var codePoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first.
    while hb_set_next(set, &codePoint) != 0 && codePoint < 0x10000 {
      if hasGlyph(for: codePoint) {
        bits[Int(codePoint >> 6)] |= 1 << UInt64(codePoint & 63)
      }
    }
    return bits
  }
}
