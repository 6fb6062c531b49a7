import CHarfBuzz
@_spi(Backend) import TextLayout

/// The glyphs of a face whose shaping may depend on the glyph after them, in any script and
/// language: the input glyphs of every lookup of HarfBuzz's default features that reads more
/// than one glyph (GSUB ligatures and contextual substitutions, GPOS pair, cursive and
/// contextual positioning). Single substitutions and adjustments, which look at one glyph,
/// and mark attachment, which no character that starts a grapheme cluster takes, are left out.
///
/// A superset, so that a glyph outside it is exact: a piece that ends with one measures the
/// same whatever comes after it, and the layout need not measure its pair with the next
/// segment (``ShapedMeasure/mayKernWithNext``): Noto Sans CJK kerns kana, punctuation and
/// Latin, never an ideograph or a Hangul syllable.
struct NeighborSensitiveGlyphs: Sendable {
  private let bits: [UInt64]
  /// Whether every glyph counts, when a lookup could not be read.
  private let isEveryGlyph: Bool

  init(face: OpaquePointer) {
    let glyphCount = Int(hb_face_get_glyph_count(face))
    var bits = [UInt64](repeating: 0, count: (glyphCount + 63) / 64)
    var isEveryGlyph = false
    let features = DirectShapingPlan.defaultFeatures + [0]  // HarfBuzz wants it terminated
    for (name, extensionType, readsOneGlyph) in [
      ("GSUB", 7, Set([1, 2, 3])), ("GPOS", 9, Set([1, 4, 5, 6])),
    ] {
      let table = FontTableBytes(face: face, tag: name)
      let tag = FontTableBytes.tag(name)
      let lookups = hb_set_create()
      let input = hb_set_create()
      defer {
        hb_set_destroy(lookups)
        hb_set_destroy(input)
      }
      features.withUnsafeBufferPointer {
        hb_ot_layout_collect_lookups(face, tag, nil, nil, $0.baseAddress, lookups)
      }
      var index = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first.
      while hb_set_next(lookups, &index) != 0 {
        guard let lookup = LookupTable(table, index: Int(index), extensionType: extensionType)
        else {
          isEveryGlyph = true
          continue
        }
        if readsOneGlyph.contains(lookup.type) { continue }
        hb_ot_layout_lookup_collect_glyphs(face, tag, index, nil, input, nil, nil)
      }
      var glyph = hb_codepoint_t.max
      while hb_set_next(input, &glyph) != 0 {
        guard Int(glyph) < glyphCount else { continue }
        bits[Int(glyph) >> 6] |= 1 << UInt64(glyph & 63)
      }
    }
    self.bits = bits
    self.isEveryGlyph = isEveryGlyph
  }

  /// Whether the glyph's shaping may depend on the glyph after it.
  func contains(_ glyph: UInt32) -> Bool {
    let index = Int(glyph)
    return isEveryGlyph || index >= bits.count * 64
      || bits[index >> 6] & (1 << UInt64(index & 63)) != 0
  }
}
