import CHarfBuzz
@_spi(Backend) import TextLayout

/// Shaping without HarfBuzz for runs whose shaping is provably trivial, for one face, script
/// and language, left to right.
///
/// HarfBuzz 6 shapes a run of a script its default shaper handles (Latin, Cyrillic, Greek and
/// the like) by mapping characters to glyphs through the character map, taking each glyph's
/// advance, and applying the lookups of the default features (GSUB, then GPOS) of the script
/// and language the font selects. A lookup can act only at a glyph its first coverage table
/// lists. So a run none of whose glyphs can start a lookup other than pair positioning, made of
/// characters that HarfBuzz's normalization, clustering and hiding leave alone, shapes to
/// exactly its character map, its advances and its pair kerning, and those are read straight
/// from the font here (``PairPositioning``).
///
/// The plan is decided once per face, script and language: which glyphs can start a lookup
/// (and which GDEF classes as marks, ligatures or components, which lookups treat apart); the
/// pair-positioning lookups to apply; and whether the face is one this reasoning covers at all
/// (no AAT tables, no legacy `kern` table in HarfBuzz's way, every table read in bounds).
/// HarfBuzz stays the reference and the path for everything else; `DirectShapingTests` holds
/// the two to the same glyphs, advances and offsets bit for bit on every installed face.
final class DirectShapingPlan: Sendable {
  /// One bit per glyph, set for a glyph a run must not hold: a lookup other than pair
  /// positioning can start at it, or GDEF gives it a class other than base glyph.
  private let excluded: [UInt64]
  /// One bit per glyph, set for a glyph that starts ligature substitutions and nothing else:
  /// a run may hold it unless the glyph after it is one a ligature goes on with.
  private let ligatureStarts: [UInt64]
  /// For each glyph of ``ligatureStarts``, the second components of its ligatures.
  private let ligatureSeconds: [UInt32: [UInt32]]
  /// One bit per glyph, set for a glyph a single substitution replaces in every direct run.
  private let substituted: [UInt64]
  /// For each glyph of ``substituted``, the glyph it becomes.
  private let substitutes: [UInt32: UInt32]
  private let glyphCount: Int
  let kerning: PairPositioning
  /// The face's character map, read once for its file.
  let characterMap: CharacterMap
  /// The face's advances, read once for its file; `nil` when HarfBuzz is asked instead.
  private let advances: HorizontalAdvances?
  /// The face's glyphs whose shaping may depend on the glyph after them, in any script and
  /// language (``DirectShapingPlans/mayKern(after:font:)``), kept with the plan so that a
  /// miss shaped directly asks nothing else of its face.
  let neighborSensitive: NeighborSensitiveGlyphs

  private init(
    excluded: [UInt64], ligatureStarts: [UInt64], ligatureSeconds: [UInt32: [UInt32]],
    substituted: [UInt64], substitutes: [UInt32: UInt32], glyphCount: Int, kerning: PairPositioning,
    characterMap: CharacterMap,
    advances: HorizontalAdvances?, neighborSensitive: NeighborSensitiveGlyphs
  ) {
    self.excluded = excluded
    self.characterMap = characterMap
    self.advances = advances
    self.ligatureStarts = ligatureStarts
    self.ligatureSeconds = ligatureSeconds
    self.substituted = substituted
    self.substitutes = substitutes
    self.glyphCount = glyphCount
    self.kerning = kerning
    self.neighborSensitive = neighborSensitive
  }

  /// The features HarfBuzz 6 turns on for left-to-right horizontal text with its default
  /// shaper (`hb_ot_shape_collect_features`), besides the fraction features it applies only
  /// around U+2044, which a direct run never holds.
  static let defaultFeatures = [
    "rvrn", "ltra", "ltrm", "rand", "trak", "Harf", "HARF", "Buzz", "BUZZ", "abvm", "blwm", "ccmp",
    "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga", "rclt",
  ].map(FontTableBytes.tag)

  /// The features whose lookups HarfBuzz applies to a direct run of a script: the default
  /// ones, but for Hangul `calt`, which its Hangul shaper turns off (its `ljmo`, `vjmo` and
  /// `tjmo` act only on the jamo it marks).
  static func appliedFeatures(for script: hb_script_t) -> [hb_tag_t] {
    script == HB_SCRIPT_HANGUL ? hangulFeatures : defaultFeatures
  }

  private static let hangulFeatures = defaultFeatures.filter { $0 != FontTableBytes.tag("calt") }

  /// Whether the plan can follow HarfBuzz for a script: one its default shaper shapes, or
  /// Hangul.
  ///
  /// HarfBuzz's Hangul shaper differs from the default one only where a direct run never
  /// goes: it composes and decomposes conjoining jamo and moves tone marks (neither is plain,
  /// ``isPlain(_:)``), decomposes a precomposed syllable the face has no glyph for (the run
  /// then declines, as for any character the character map lacks), applies `ljmo`, `vjmo` and
  /// `tjmo` only to the jamo it marks (never to a precomposed syllable), skips normalization
  /// (which keeps a character the face has in every mode) and never zeroes marks (a direct
  /// run holds none). It turns `calt` off, so the plan leaves `calt` out of the features
  /// whose lookups keep glyphs out (``appliedFeatures(for:)``): Noto Sans CJK's `calt` starts
  /// at the space.
  static func isDirectScript(_ script: hb_script_t) -> Bool {
    switch script {
    case HB_SCRIPT_LATIN, HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK, HB_SCRIPT_COMMON,
      HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA,
      HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL:
      true
    default: false
    }
  }

  /// The advances of two glyphs that each shaped directly alone with this plan, shaped
  /// together: what ``shape(_:range:font:glyphs:clusters:positions:)`` gives for their two
  /// characters, from their advances and the pair kerning; `nil` when the first starts a
  /// ligature the second may go on with, which only HarfBuzz shapes.
  func pairAdvances(
    _ first: UInt32, _ firstUnits: Int32, _ second: UInt32, _ secondUnits: Int32
  ) -> (Int32, Int32)? {
    let index = Int(first)
    if index < glyphCount, ligatureStarts[index >> 6] & (1 << UInt64(index & 63)) != 0,
      ligatureSeconds[first]?.contains(second) ?? true
    {
      return nil
    }
    guard !kerning.isEmpty, kerning.mayAdjust(first, second) else {
      return (firstUnits, secondUnits)
    }
    var glyphs = (first, second)
    var positions = (
      PairPositioning.Position(xAdvance: firstUnits, xOffset: 0, yOffset: 0),
      PairPositioning.Position(xAdvance: secondUnits, xOffset: 0, yOffset: 0)
    )
    withUnsafeMutableBytes(of: &glyphs) { glyphBytes in
      withUnsafeMutableBytes(of: &positions) { positionBytes in
        kerning.apply(
          glyphs: glyphBytes.bindMemory(to: UInt32.self),
          positions: positionBytes.bindMemory(to: PairPositioning.Position.self))
      }
    }
    return (positions.0.xAdvance, positions.1.xAdvance)
  }

  /// The plan for a face, script and language, or `nil` when runs of them always go to
  /// HarfBuzz.
  ///
  /// - Parameter file: The face's file, under which the glyphs a run can hold are kept for
  ///   the process; `nil` to find them anew.
  static func make(
    face: OpaquePointer, file: FontFileKey?, script: hb_script_t, language: hb_language_t?
  ) -> DirectShapingPlan? {
    guard isDirectScript(script) else { return nil }
    // AAT shaping and tracking, and the legacy `kern` table, take other paths in HarfBuzz.
    for tag in ["morx", "mort", "kerx", "trak"] where FontTableBytes(face: face, tag: tag).exists {
      return nil
    }
    let glyphCount = Int(hb_face_get_glyph_count(face))
    guard glyphCount > 0 else { return nil }
    // The glyphs a direct run can hold: those of plain characters, but for the ones GDEF
    // calls marks, ligatures or components, which HarfBuzz skips or zeroes and lookups may
    // skip (without GDEF classes, HarfBuzz takes marks from the characters, never plain).
    // They depend on the face alone, as its character map and advances do: found once for
    // every script and language.
    let readFace = {
      let characterMap = CharacterMap(face: face)
      var reachable = reachableGlyphs(of: characterMap, glyphCount: glyphCount)
      if hb_ot_layout_has_glyph_classes(face) != 0 {
        for glyph in 0..<glyphCount
        where reachable[glyph >> 6] & (1 << UInt64(glyph & 63)) != 0 {
          let glyphClass = hb_ot_layout_get_glyph_class(face, hb_codepoint_t(glyph))
          if glyphClass != HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
            && glyphClass != HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
          {
            reachable[glyph >> 6] &= ~(1 << UInt64(glyph & 63))
          }
        }
      }
      let advances = HorizontalAdvances(face: face)
      return (reachable: reachable, characterMap: characterMap, advances: advances)
    }
    let (faceReachable, characterMap, advances) =
      file.map { reachableByFile.value(for: $0, make: readFace) } ?? readFace()
    var reachable = faceReachable
    var excluded = [UInt64](repeating: 0, count: reachable.count)
    func isReachable(_ glyph: Int) -> Bool {
      glyph < glyphCount && reachable[glyph >> 6] & (1 << UInt64(glyph & 63)) != 0
    }
    func exclude(_ glyph: Int) {
      if isReachable(glyph) { excluded[glyph >> 6] |= 1 << UInt64(glyph & 63) }
    }

    let gsubTag = FontTableBytes.tag("GSUB")
    let gposTag = FontTableBytes.tag("GPOS")
    let gsub = FontTableBytes(face: face, tag: "GSUB")
    let gpos = FontTableBytes(face: face, tag: "GPOS")
    let substitutions = lookups(face: face, table: gsubTag, script: script, language: language)
    let appliesPositioning = hb_ot_layout_has_positioning(face) != 0
    let positionings =
      appliesPositioning
      ? lookups(face: face, table: gposTag, script: script, language: language)
      : (indices: [], hasKern: false)
    // Without GPOS kerning, HarfBuzz applies a legacy `kern` table if there is one.
    if !(appliesPositioning && positionings.hasKern),
      FontTableBytes(face: face, tag: "kern").exists
    {
      return nil
    }

    // Ligature substitutions keep their first glyphs out only where the next glyph can go on
    // with a ligature (`liga`'s f in DejaVu Sans, before i, l or f): a lookup that does not
    // match changes nothing, and every other glyph of the run is one no lookup starts at.
    var ligatureSeconds: [UInt32: Set<UInt32>] = [:]
    // Single substitutions (`locl`'s Korean space in Noto Sans CJK) are applied by the run
    // itself: the glyphs they give are added to the reachable ones, so that every lookup
    // that can start at them keeps their originals out; a substitution is kept only if its
    // glyph is one no other lookup starts at, and it gives a glyph no lookup starts at either.
    var singles: [Int: Int] = [:]
    var twice = Set<Int>()
    let hasGlyphClasses = hb_ot_layout_has_glyph_classes(face) != 0
    // Read twice: the second time with the substitutes reachable, so that a substitute that
    // is substituted again is seen (and its original kept out below).
    for pass in 0..<2 {
      singles = [:]
      twice = []
      for index in substitutions.indices {
        guard let lookup = LookupTable(gsub, index: index, extensionType: 7) else { return nil }
        guard lookup.type == 1 && lookup.flags & 0x2 == 0 else { continue }
        guard
          lookup.forEachSingleSubstitution(
            isReachable: isReachable,
            { glyph, substitute in
              if singles[glyph] != nil { twice.insert(glyph) }
              singles[glyph] = substitute
            })
        else { return nil }
      }
      guard pass == 0 else { break }
      for substitute in Set(singles.values) where substitute < glyphCount {
        // As for the character map's glyphs: GDEF marks, ligatures and components stay out.
        if hasGlyphClasses {
          let glyphClass = hb_ot_layout_get_glyph_class(face, hb_codepoint_t(substitute))
          guard
            glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
              || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
          else { continue }
        }
        reachable[substitute >> 6] |= 1 << UInt64(substitute & 63)
      }
    }
    let reachableList = (0..<glyphCount).filter(isReachable)
    for index in substitutions.indices {
      guard let lookup = LookupTable(gsub, index: index, extensionType: 7) else { return nil }
      // A lookup that skips base glyphs would match across the run's glyphs: not followed.
      if lookup.type == 4 && lookup.flags & 0x2 == 0,
        lookup.forEachLigatureStart(
          isReachable: isReachable,
          { first, second in
            if let second {
              ligatureSeconds[UInt32(first), default: []].insert(UInt32(second))
            } else {
              exclude(first)
            }
          })
      {
        continue
      }
      // Single substitutions were read above.
      if lookup.type == 1 && lookup.flags & 0x2 == 0 { continue }
      guard
        lookup.forEachStartingGlyph(
          contextTypes: (5, 6), reachable: reachableList, isReachable: isReachable, exclude)
      else { return nil }
    }
    var pairLookups: [[Int]] = []
    for index in positionings.indices {
      guard let lookup = LookupTable(gpos, index: index, extensionType: 9) else { return nil }
      // Pair positioning is applied here, unless it skips base glyphs or ligatures, which a
      // run's glyphs may be: then, like every other lookup, it keeps its glyphs out.
      if lookup.type == 2 && lookup.flags & 0x6 == 0 {
        pairLookups.append(lookup.subtables)
      } else if !lookup.forEachStartingGlyph(
        contextTypes: (7, 8), reachable: reachableList, isReachable: isReachable, exclude)
      {
        return nil
      }
    }
    guard
      let kerning = PairPositioning.shared(
        gpos, lookups: pairLookups, glyphCount: glyphCount, file: file)
    else { return nil }
    // A glyph out of reach is never in a direct run: shaping checks both sets at once.
    for word in excluded.indices { excluded[word] |= ~reachable[word] }
    func isExcluded(_ glyph: Int) -> Bool {
      glyph >= glyphCount || excluded[glyph >> 6] & (1 << UInt64(glyph & 63)) != 0
    }
    // A substitution is applied only where it is the one lookup at its glyph and gives a
    // glyph no lookup starts at, substitutes again or starts a ligature; otherwise its glyph
    // stays out. (Ligature starts are read on the reachable glyphs, substitutes among them.)
    var substitutes: [UInt32: UInt32] = [:]
    var substituted = [UInt64](repeating: 0, count: excluded.count)
    for (glyph, substitute) in singles where !isExcluded(glyph) {
      if twice.contains(glyph) || isExcluded(substitute) || singles[substitute] != nil
        || ligatureSeconds[UInt32(glyph)] != nil || ligatureSeconds[UInt32(substitute)] != nil
      {
        excluded[glyph >> 6] |= 1 << UInt64(glyph & 63)
      } else {
        substitutes[UInt32(glyph)] = UInt32(substitute)
        substituted[glyph >> 6] |= 1 << UInt64(glyph & 63)
      }
    }
    // A ligature start that some other lookup starts at too stays out.
    var ligatureStarts = [UInt64](repeating: 0, count: excluded.count)
    var seconds: [UInt32: [UInt32]] = [:]
    for (first, set) in ligatureSeconds
    where excluded[Int(first) >> 6] & (1 << UInt64(first & 63)) == 0 {
      ligatureStarts[Int(first) >> 6] |= 1 << UInt64(first & 63)
      // A ligature lookup before a substitution sees the glyph it replaces, one after it the
      // substitute: the run declines before either.
      seconds[first] = set.union(set.compactMap { substitutes[$0] }).sorted()
    }
    return DirectShapingPlan(
      excluded: excluded, ligatureStarts: ligatureStarts, ligatureSeconds: seconds,
      substituted: substituted, substitutes: substitutes, glyphCount: glyphCount, kerning: kerning,
      characterMap: characterMap, advances: advances,
      neighborSensitive: DirectShapingPlans.neighborSensitiveGlyphs(face: face, file: file))
  }

  /// The glyphs a direct run can hold in each face (see ``make(face:file:script:language:)``),
  /// with the face's character map and advances.
  private static let reachableByFile = ProcessMemo<
    FontFileKey,
    (reachable: [UInt64], characterMap: CharacterMap, advances: HorizontalAdvances?)
  >()

  /// The glyphs the character map gives plain characters (``isPlain(_:)``), one bit each.
  private static func reachableGlyphs(of map: CharacterMap, glyphCount: Int) -> [UInt64] {
    var bits = [UInt64](repeating: 0, count: (glyphCount + 63) / 64)
    map.forEachMapping { codePoint, glyph in
      if isPlain(codePoint), Int(glyph) < glyphCount {
        bits[Int(glyph) >> 6] |= 1 << UInt64(glyph & 63)
      }
    }
    return bits
  }

  /// The lookups of a table that HarfBuzz applies for the default features, selected as its
  /// map builder selects them (`hb_ot_map_builder_t`): the script and language system the
  /// font has for the run's tags, the required feature, and each default feature found there.
  private static func lookups(
    face: OpaquePointer, table: hb_tag_t, script: hb_script_t, language: hb_language_t?
  ) -> (indices: [Int], hasKern: Bool) {
    var scriptTags = [hb_tag_t](repeating: 0, count: 3)
    var languageTags = [hb_tag_t](repeating: 0, count: 3)
    var scriptCount: UInt32 = 3
    var languageCount: UInt32 = 3
    hb_ot_tags_from_script_and_language(
      script, language, &scriptCount, &scriptTags, &languageCount, &languageTags)
    var scriptIndex: UInt32 = 0
    var chosenScript: hb_tag_t = 0
    hb_ot_layout_table_select_script(
      face, table, scriptCount, &scriptTags, &scriptIndex, &chosenScript)
    var languageIndex: UInt32 = 0
    hb_ot_layout_script_select_language(
      face, table, scriptIndex, languageCount, &languageTags, &languageIndex)
    var variations: UInt32 = 0
    hb_ot_layout_table_find_feature_variations(face, table, nil, 0, &variations)

    var features: [UInt32] = []
    var required: UInt32 = 0
    var requiredTag: hb_tag_t = 0
    if hb_ot_layout_language_get_required_feature(
      face, table, scriptIndex, languageIndex, &required, &requiredTag) != 0
    {
      features.append(required)
    }
    var hasKern = false
    let kern = FontTableBytes.tag("kern")
    for tag in appliedFeatures(for: script) {
      var feature: UInt32 = 0
      if hb_ot_layout_language_find_feature(
        face, table, scriptIndex, languageIndex, tag, &feature) != 0
      {
        features.append(feature)
        if tag == kern { hasKern = true }
      }
    }
    var indices = Set<Int>()
    for feature in features {
      var start: UInt32 = 0
      var buffer = [UInt32](repeating: 0, count: 64)
      while true {
        var count = UInt32(buffer.count)
        hb_ot_layout_feature_with_variations_get_lookups(
          face, table, feature, variations, start, &count, &buffer)
        for index in 0..<Int(count) { indices.insert(Int(buffer[index])) }
        if count < UInt32(buffer.count) { break }
        start += count
      }
    }
    return (indices.sorted(), hasKern)
  }

  // MARK: - Shaping

  /// Whether HarfBuzz leaves a character as it is before its lookups: no mark, joiner,
  /// default-ignorable (HarfBuzz's list, `hb_unicode_funcs_t::is_default_ignorable`),
  /// control, fraction slash, or character it joins to the one before (emoji modifiers,
  /// regional indicators, tags, halfwidth sound marks); Hangul fillers and conjoining jamo
  /// (which the Hangul shaper composes and decomposes) are left out too.
  @inline(__always)
  static func isPlain(_ value: UInt32) -> Bool {
    if value < 0x80 { return value >= 0x20 && value < 0x7F }
    return isCommonLetter(value) || isPlainByProperties(value)
  }

  /// Letters of the scripts most text is in (Latin-1 and Latin Extended-A, Greek, Cyrillic,
  /// kana, the CJK ideographs of Unicode 6.1, Hangul syllables): every one assigned, none a
  /// mark, a format character or one that HarfBuzz joins to another, so plain without the
  /// general category lookup. `DirectShapingTests` holds the ranges to
  /// ``isPlainByProperties(_:)``.
  @inline(__always)
  static func isCommonLetter(_ value: UInt32) -> Bool {
    switch value {
    case 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x017F, 0x0391...0x03A1, 0x03A3...0x03A9,
      0x03B1...0x03C9, 0x0410...0x044F, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FCC,
      0xAC00...0xD7A3:
      true
    default: false
    }
  }

  /// ``isPlain(_:)`` for a scalar outside ASCII, from its value and general category.
  static func isPlainByProperties(_ value: UInt32) -> Bool {
    switch value {
    case 0x00AD, 0x034F, 0x061C, 0x1100...0x11FF, 0x17B4...0x17B5, 0x180B...0x180F,
      0x200B...0x200F, 0x202A...0x202E, 0x2044, 0x2060...0x206F, 0x3164, 0xA960...0xA97F,
      0xD7B0...0xD7FF, 0xFE00...0xFE0F, 0xFEFF, 0xFF9E...0xFF9F, 0xFFA0, 0xFFF0...0xFFF8,
      0x1D173...0x1D17A, 0x1F1E6...0x1F1FF,
      0x1F3FB...0x1F3FF, 0xE0000...0xE0FFF:
      return false
    default:
      break
    }
    switch hb_unicode_general_category(hb_unicode_funcs_get_default(), value) {
    case HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_FORMAT,
      HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED, HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE,
      HB_UNICODE_GENERAL_CATEGORY_SURROGATE, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
      HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK,
      HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR,
      HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR:
      return false
    default:
      return true
    }
  }

  /// Shapes `bytes[range]` as HarfBuzz would, left to right in `font` (this plan's face):
  /// glyph identifiers, clusters (UTF-8 offsets into `bytes`, one glyph per character) and
  /// positions in font units.
  ///
  /// - Returns: The number of glyphs written, or `nil` when the run holds a character or glyph
  ///   the plan cannot vouch for; HarfBuzz must shape it then.
  func shape(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: OpaquePointer,
    glyphs: UnsafeMutableBufferPointer<UInt32>, clusters: UnsafeMutableBufferPointer<UInt32>,
    positions: UnsafeMutableBufferPointer<PairPositioning.Position>
  ) -> Int? {
    var edges: (first: Int32, last: Int32) = (0, 0)
    return shape(
      bytes, range: range, font: font, glyphs: glyphs, clusters: clusters,
      positions: positions, edgeAdvances: &edges)
  }

  /// ``shape(_:range:font:glyphs:clusters:positions:)``, also giving the advances of the
  /// first and the last glyph before kerning: each one's advance alone
  /// (``ShapedMeasure/DirectEdges``), which the font would otherwise be asked for again.
  ///
  /// - Parameter edgeAdvances: Set to the first and last glyphs' advances in font units when
  ///   the run is shaped and holds a glyph; left alone otherwise.
  func shape(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: OpaquePointer,
    glyphs: UnsafeMutableBufferPointer<UInt32>, clusters: UnsafeMutableBufferPointer<UInt32>,
    positions: UnsafeMutableBufferPointer<PairPositioning.Position>,
    edgeAdvances: inout (first: Int32, last: Int32)
  ) -> Int? {
    var count = 0
    var offset = range.lowerBound
    let map = characterMap
    var startsLigature = false
    while offset < range.upperBound {
      let byte = bytes[offset]
      let value: UInt32
      let length: Int
      if byte < 0x80 {
        (value, length) = (UInt32(byte), 1)
      } else {
        let decoded = UTF8Decoding.scalar(at: offset, in: bytes)
        (value, length) = (decoded.scalar.value, decoded.length)
      }
      guard Self.isPlain(value), count < glyphs.count, count < positions.count else {
        return nil
      }
      // The character map: HarfBuzz's nominal glyphs, as its normalization asks, from the
      // table read once for the face; 0 is no glyph.
      var glyph = map.glyph(for: value)
      var index = Int(glyph)
      guard glyph != 0, index < glyphCount,
        excluded[index >> 6] & (1 << UInt64(index & 63)) == 0
      else { return nil }
      // A single substitution the plan applies: its glyph is below the count and not excluded.
      if substituted[index >> 6] & (1 << UInt64(index & 63)) != 0,
        let substitute = substitutes[glyph]
      {
        glyph = substitute
        index = Int(substitute)
      }
      if ligatureStarts[index >> 6] & (1 << UInt64(index & 63)) != 0 { startsLigature = true }
      glyphs[count] = glyph
      clusters[count] = UInt32(offset)
      // The advance from the table read once for the face, when it has one.
      positions[count] = PairPositioning.Position(
        xAdvance: advances?.advance(of: glyph) ?? 0, xOffset: 0, yOffset: 0)
      count += 1
      offset += length
    }
    guard count > 0 else { return 0 }
    // A ligature's first glyph, followed by a glyph the ligature goes on with.
    if startsLigature {
      for index in 0..<count - 1 {
        let glyph = Int(glyphs[index])
        if ligatureStarts[glyph >> 6] & (1 << UInt64(glyph & 63)) != 0,
          ligatureSeconds[UInt32(glyph)]?.contains(glyphs[index + 1]) ?? true
        {
          return nil
        }
      }
    }
    if advances == nil {
      let stride = UInt32(MemoryLayout<PairPositioning.Position>.stride)
      // The advances go straight into the positions' first field.
      let advances = UnsafeMutableRawPointer(positions.baseAddress!)
        .assumingMemoryBound(to: hb_position_t.self)
      hb_font_get_glyph_h_advances(font, UInt32(count), glyphs.baseAddress, 4, advances, stride)
    }
    edgeAdvances = (positions[0].xAdvance, positions[count - 1].xAdvance)
    if !kerning.isEmpty {
      kerning.apply(
        glyphs: UnsafeMutableBufferPointer(rebasing: glyphs[0..<count]),
        positions: UnsafeMutableBufferPointer(rebasing: positions[0..<count]))
    }
    return count
  }
}
