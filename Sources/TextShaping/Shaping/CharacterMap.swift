import CHarfBuzz

/// A face's character map read once into a table of our own: the nominal glyph of every code
/// point the face lists, as HarfBuzz gives it (`hb_font_get_nominal_glyph`), so that a direct
/// run (``DirectShapingPlan``) maps its characters without a call into HarfBuzz.
///
/// The table is two-level: a page number for each 256 code points, and the pages of 16-bit
/// glyphs that hold at least one mapped code point (page 0, all zeros, stands for every empty
/// one). Glyph 0 means the face has no glyph for the code point, as for HarfBuzz (which never
/// answers `.notdef` as a nominal glyph); a direct run then declines. Variation sequences
/// (format 14) are not read: a direct run holds no variation selector (they are not plain).
///
/// It is built from HarfBuzz's own answers for the code points `hb_face_collect_unicodes` lists
/// (formats 4, 12 and every other subtable HarfBuzz picks), so for those it is HarfBuzz's map by
/// construction; a code point the list leaves out answers 0 and goes to HarfBuzz.
/// `DirectShapingTests` holds it to `hb_font_get_nominal_glyph` for every code point of every
/// face the fallback can pick.
final class CharacterMap: @unchecked Sendable {
  /// One page number for each 256 code points up to U+10FFFF.
  private static let pageIndexCount = 0x11_0000 >> 8
  private let pageIndex: UnsafeMutablePointer<UInt16>
  private let pages: UnsafeMutablePointer<UInt16>
  /// The number of pages, the empty page 0 among them.
  let pageCount: Int

  /// The character map of `face`, read through a font of HarfBuzz's own OpenType functions
  /// (those every ``HarfBuzzFace`` shapes with).
  init(face: OpaquePointer) {
    let font = hb_font_create(face)
    let set = hb_set_create()
    defer {
      hb_set_destroy(set)
      hb_font_destroy(font)
    }
    hb_face_collect_unicodes(face, set)
    pageIndex = .allocate(capacity: Self.pageIndexCount)
    pageIndex.initialize(repeating: 0, count: Self.pageIndexCount)
    // Two passes over the set, with no list of its code points (a CJK face has tens of
    // thousands, and the peak memory counts them): the pages first, numbered in order, then
    // their glyphs. A page none of whose code points has a glyph stays allocated, empty.
    var count = 1
    var codePoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first.
    while hb_set_next(set, &codePoint) != 0 && codePoint < 0x11_0000 {
      if pageIndex[Int(codePoint >> 8)] == 0 {
        pageIndex[Int(codePoint >> 8)] = UInt16(count)
        count += 1
      }
    }
    pageCount = count
    pages = .allocate(capacity: count << 8)
    pages.initialize(repeating: 0, count: count << 8)
    codePoint = hb_codepoint_t.max
    while hb_set_next(set, &codePoint) != 0 && codePoint < 0x11_0000 {
      var glyph: hb_codepoint_t = 0
      if hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0, glyph <= UInt16.max {
        let page = Int(pageIndex[Int(codePoint >> 8)])
        pages[page << 8 | Int(codePoint & 0xFF)] = UInt16(glyph)
      }
    }
  }

  deinit {
    pageIndex.deallocate()
    pages.deallocate()
  }

  /// The face's nominal glyph for `value`, or 0 when it has none.
  @inline(__always)
  func glyph(for value: UInt32) -> UInt32 {
    guard value < 0x11_0000 else { return 0 }
    let page = Int(pageIndex[Int(value >> 8)])
    return UInt32(pages[page << 8 | Int(value & 0xFF)])
  }

  /// Calls `body` with every code point the map gives a glyph, and that glyph, in increasing
  /// order of code points.
  func forEachMapping(_ body: (_ codePoint: UInt32, _ glyph: UInt32) -> Void) {
    for pageNumber in 0..<Self.pageIndexCount {
      let page = Int(pageIndex[pageNumber])
      guard page != 0 else { continue }
      for low in 0..<256 where pages[page << 8 | low] != 0 {
        body(UInt32(pageNumber << 8 | low), UInt32(pages[page << 8 | low]))
      }
    }
  }

  /// The bytes the table holds, for the memory it adds to a face.
  var byteCount: Int { (Self.pageIndexCount + pageCount << 8) * MemoryLayout<UInt16>.stride }
}
