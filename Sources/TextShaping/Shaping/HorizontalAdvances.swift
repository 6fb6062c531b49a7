import CHarfBuzz

/// A face's horizontal advances in font units, read once into a table of our own: what
/// HarfBuzz gives each glyph (`hb_font_get_glyph_h_advance`) at the scale every
/// ``HarfBuzzFace`` shapes with (its units per em), so that a direct run
/// (``DirectShapingPlan``) takes its advances without a call into HarfBuzz.
///
/// At that scale, with no variation coordinates set, HarfBuzz's advance is the `hmtx` width
/// itself, an unsigned 16-bit number; the table is made from HarfBuzz's answers all the same,
/// and a face with an advance outside 16 bits gets none (its runs ask HarfBuzz, as before).
/// `DirectShapingTests` holds the table to `hb_font_get_glyph_h_advance` for every glyph of
/// every face the fallback can pick.
final class HorizontalAdvances: @unchecked Sendable {
  private let advances: UnsafeMutablePointer<UInt16>
  /// The number of glyphs the table holds: the face's.
  let glyphCount: Int

  /// The advances of `face`'s glyphs, or `nil` when one does not fit 16 bits.
  init?(face: OpaquePointer) {
    let count = Int(hb_face_get_glyph_count(face))
    guard count > 0 else { return nil }
    let font = hb_font_create(face)
    defer { hb_font_destroy(font) }
    let upem = Int32(hb_face_get_upem(face))
    hb_font_set_scale(font, upem, upem)
    let advances = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
    // Glyph by glyph, with no array of the face's glyphs: the peak memory counts them.
    for glyph in 0..<count {
      let advance = hb_font_get_glyph_h_advance(font, hb_codepoint_t(glyph))
      guard advance >= 0, advance <= Int32(UInt16.max) else {
        advances.deallocate()
        return nil
      }
      (advances + glyph).initialize(to: UInt16(advance))
    }
    self.advances = advances
    glyphCount = count
  }

  deinit {
    advances.deallocate()
  }

  /// The advance of `glyph`, which must be below ``glyphCount``.
  @inline(__always)
  func advance(of glyph: UInt32) -> Int32 {
    Int32(advances[Int(glyph)])
  }
}
