import CHarfBuzz

/// A face's character map read once into a table of our own: the nominal glyph of every code
/// point the face lists, as HarfBuzz gives it (`hb_font_get_nominal_glyph`), so that a direct
/// run (``DirectShapingPlan``) maps its characters without a call into HarfBuzz.
///
/// The Basic Multilingual Plane is a two-level table: a page number for each 256 code points,
/// and the pages of 16-bit glyphs that hold at least one listed code point (page 0, all
/// zeros, stands for every empty one). The other planes, where faces list few code points
/// spread over many pages (Noto Sans CJK: 2,590 in 211 pages), are a sorted list searched by
/// halves. Glyph 0 means the face has no glyph for the code point, as for HarfBuzz (which
/// never answers `.notdef` as a nominal glyph); a direct run then declines. Variation
/// sequences (format 14) are not read: a direct run holds no variation selector (they are not
/// plain).
///
/// It is built from HarfBuzz's own answers for the code points `hb_face_collect_unicodes` lists
/// (formats 4, 12 and every other subtable HarfBuzz picks), so for those it is HarfBuzz's map by
/// construction; a code point the list leaves out answers 0 and goes to HarfBuzz.
/// `DirectShapingTests` holds it to `hb_font_get_nominal_glyph` for every code point of every
/// face the fallback can pick.
final class CharacterMap: @unchecked Sendable {
  /// One page number for each 256 code points of the Basic Multilingual Plane.
  private static let pageIndexCount = 0x1_0000 >> 8
  private let pageIndex: UnsafeMutablePointer<UInt16>
  private let pages: UnsafeMutablePointer<UInt16>
  /// The number of pages, the empty page 0 among them.
  let pageCount: Int
  /// The listed code points above the Basic Multilingual Plane, in increasing order, and
  /// their glyphs.
  private let supplementary: UnsafeMutablePointer<UInt32>
  private let supplementaryGlyphs: UnsafeMutablePointer<UInt16>
  private let supplementaryCount: Int

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
    // thousands, and the peak memory counts them): the pages and the other planes' count
    // first, then the glyphs.
    var count = 1
    var above = 0
    var codePoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first.
    while hb_set_next(set, &codePoint) != 0 && codePoint < 0x11_0000 {
      if codePoint >= 0x1_0000 {
        above += 1
      } else if pageIndex[Int(codePoint >> 8)] == 0 {
        pageIndex[Int(codePoint >> 8)] = UInt16(count)
        count += 1
      }
    }
    pageCount = count
    pages = .allocate(capacity: count << 8)
    pages.initialize(repeating: 0, count: count << 8)
    supplementary = .allocate(capacity: max(1, above))
    supplementaryGlyphs = .allocate(capacity: max(1, above))
    var stored = 0
    codePoint = hb_codepoint_t.max
    while hb_set_next(set, &codePoint) != 0 && codePoint < 0x11_0000 {
      var glyph: hb_codepoint_t = 0
      if hb_font_get_nominal_glyph(font, codePoint, &glyph) == 0 || glyph > UInt16.max {
        glyph = 0
      }
      if codePoint < 0x1_0000 {
        let page = Int(pageIndex[Int(codePoint >> 8)])
        pages[page << 8 | Int(codePoint & 0xFF)] = UInt16(glyph)
      } else if stored < above {
        (supplementary + stored).initialize(to: codePoint)
        (supplementaryGlyphs + stored).initialize(to: UInt16(glyph))
        stored += 1
      }
    }
    supplementaryCount = stored
  }

  deinit {
    pageIndex.deallocate()
    pages.deallocate()
    supplementary.deallocate()
    supplementaryGlyphs.deallocate()
  }

  /// The face's nominal glyph for `value`, or 0 when it has none.
  @inline(__always)
  func glyph(for value: UInt32) -> UInt32 {
    if value < 0x1_0000 {
      let page = Int(pageIndex[Int(value >> 8)])
      return UInt32(pages[page << 8 | Int(value & 0xFF)])
    }
    return supplementaryGlyph(for: value)
  }

  /// ``glyph(for:)`` above the Basic Multilingual Plane: a search by halves.
  private func supplementaryGlyph(for value: UInt32) -> UInt32 {
    var low = 0
    var high = supplementaryCount
    while low < high {
      let middle = (low + high) / 2
      if supplementary[middle] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < supplementaryCount, supplementary[low] == value else { return 0 }
    return UInt32(supplementaryGlyphs[low])
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
    for index in 0..<supplementaryCount where supplementaryGlyphs[index] != 0 {
      body(supplementary[index], UInt32(supplementaryGlyphs[index]))
    }
  }
}
