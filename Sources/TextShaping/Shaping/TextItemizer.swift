import CHarfBuzz

/// Splits a piece of text into items of one face and one script, in logical order.
///
/// Fonts are chosen per grapheme cluster (Swift `Character`), so marks and joiner sequences stay
/// with their base. A character's script is that of its first scalar whose script is neither
/// Common nor Inherited; characters with no such scalar (spaces, digits, punctuation) take the
/// script of the run before them, or of the first run after them at the start of the piece.
///
/// Spaces, variation selectors and format characters never choose a face by coverage, as in
/// Pango: a run of them takes the face of the character before it, unless the next character
/// continues the same script run in the primary face while the one before used a fallback face,
/// in which case the run moves to the primary face. At the edges of a piece the neighbours come
/// from the surrounding paragraph. It matters after CJK text: a space after an ideograph is
/// shaped in the CJK face and is narrower than DejaVu Sans's.
enum TextItemizer {
  /// A run of characters with one face and one script.
  struct Item {
    /// The UTF-8 range, relative to the piece.
    var range: Range<Int>
    /// The face that shapes the run.
    var font: LoadedFont
    /// The HarfBuzz script of the run.
    var script: hb_script_t
  }

  /// The items of a piece and the UTF-8 offset of each of its characters.
  struct Itemization {
    var items: [Item]
    var characterStarts: [Int]
  }

  /// A character next to a piece, in the same paragraph: its face and script.
  struct Neighbor {
    /// The face the character is shaped with.
    var font: LoadedFont
    /// Its script: resolved (never Common) for the character before the piece, as it is for
    /// the character after.
    var script: hb_script_t
  }

  /// Itemizes `text`, asking `font(for:)` for the face of each character.
  ///
  /// - Parameter scalarFont: The face of a character of one scalar, found without making a
  ///   `Character`; it must agree with `font(for:)`.
  static func itemize(
    _ text: Substring, before: Neighbor? = nil, after: Neighbor? = nil,
    primary: LoadedFont? = nil, font fontForCharacter: (Character) -> LoadedFont,
    scalarFont: (Unicode.Scalar) -> LoadedFont
  ) -> Itemization {
    var units = Units()
    if !units.collectScalars(of: text, primary: primary, font: scalarFont) {
      units = Units()
      units.collectCharacters(of: text, font: fontForCharacter)
    }
    var scripts = units.rawScripts
    resolveNeutralScripts(&scripts, initial: before?.script)

    // Each run of neutral characters takes a face from its neighbours. The faces are moved
    // out of the units, not copied: a copy, made at the first neutral run while the units
    // still held the array, allocated an array and retained each face.
    var fonts: [LoadedFont?] = []
    swap(&fonts, &units.fonts)
    var position = 0
    while position < fonts.count {
      guard fonts[position] == nil else {
        position += 1
        continue
      }
      var end = position
      while end < fonts.count && fonts[end] == nil { end += 1 }
      let previous =
        position > 0
        ? Neighbor(font: fonts[position - 1]!, script: scripts[position - 1]) : before
      let next =
        end < fonts.count ? Neighbor(font: fonts[end]!, script: units.rawScripts[end]) : after
      let chosen =
        neutralFont(previous: previous, next: next, primary: primary)
        ?? fontForCharacter(
          text[text.utf8.index(text.startIndex, offsetBy: units.characterStarts[position])])
      for index in position..<end { fonts[index] = chosen }
      position = end
    }

    var items: [Item] = []
    // Most pieces that get here have a few items: grown from none, they were reallocated at
    // each doubling.
    items.reserveCapacity(fonts.count)
    let characterStarts = units.characterStarts
    for position in characterStarts.indices {
      let end =
        position + 1 < characterStarts.count ? characterStarts[position + 1] : units.length
      let font = fonts[position]!
      if let last = items.last, last.font === font, last.script == scripts[position] {
        items[items.count - 1].range = last.range.lowerBound..<end
      } else {
        items.append(
          Item(range: characterStarts[position]..<end, font: font, script: scripts[position]))
      }
    }
    if !units.shapingCuts.isEmpty { items = cut(items, at: units.shapingCuts) }
    return Itemization(items: items, characterStarts: characterStarts)
  }

  /// The characters of a piece: where each starts, its face (`nil` for a neutral one, which
  /// takes its neighbours') and its own script.
  struct Units {
    var characterStarts: [Int] = []
    var fonts: [LoadedFont?] = []
    var rawScripts: [hb_script_t] = []
    /// The piece's UTF-8 length.
    var length = 0
    /// Where an item must start inside a character too long to shape at once (see
    /// ``TextItemizer/shapingCuts(of:at:)``), ascending.
    var shapingCuts: [Int] = []

    /// Collects the characters grapheme cluster by grapheme cluster.
    mutating func collectCharacters(
      of text: Substring, font fontForCharacter: (Character) -> LoadedFont
    ) {
      for character in text {
        if character.utf8.count > TextItemizer.longestShapedScalars {
          shapingCuts += TextItemizer.shapingCuts(of: character, at: length)
        }
        characterStarts.append(length)
        fonts.append(isFontNeutral(character) ? nil : fontForCharacter(character))
        rawScripts.append(script(of: character))
        length += character.utf8.count
      }
    }

    /// Collects the characters scalar by scalar when every scalar is a grapheme cluster of its
    /// own (see ``TextItemizer/standsAloneInPiece(_:)``), which gives what
    /// ``collectCharacters(of:font:)`` gives without segmenting grapheme clusters; the primary
    /// face is asked in place.
    ///
    /// - Returns: `false`, with the units incomplete, when some scalar may join another.
    mutating func collectScalars(
      of text: Substring, primary: LoadedFont?, font fontForScalar: (Unicode.Scalar) -> LoadedFont
    ) -> Bool {
      let capacity = text.utf8.count
      characterStarts.reserveCapacity(capacity)
      fonts.reserveCapacity(capacity)
      rawScripts.reserveCapacity(capacity)
      for scalar in text.unicodeScalars {
        guard standsAloneInPiece(scalar) else { return false }
        characterStarts.append(length)
        if isFontNeutral(scalar) {
          fonts.append(nil)
        } else if let primary, primary.hasGlyph(for: scalar) {
          fonts.append(primary)
        } else {
          fonts.append(fontForScalar(scalar))
        }
        // A character's script is its first scalar's that is not neutral, or Common.
        let script = TextItemizer.script(of: scalar)
        rawScripts.append(isNeutral(script) ? HB_SCRIPT_COMMON : script)
        length += UTF8.width(scalar)
      }
      return true
    }
  }

  /// The most scalars of one character that HarfBuzz shapes at once.
  ///
  /// HarfBuzz's work on one cluster grows with the square of its length, so a hostile text
  /// (a letter with 40,000 combining accents, a run of joiners or variation selectors, a
  /// long run of conjoining jamo) could stall a layout for seconds. Like the Unicode
  /// Stream-Safe Text Format (UAX #15), which allows 30 non-starters after a starter, a
  /// character is shaped in parts of at most this many scalars: real text never comes near
  /// (the longest emoji sequences have about ten), and a longer character still measures and
  /// draws every one of its glyphs, the parts after the first positioned as marks with no
  /// base. The character stays one cluster: it is never split across lines.
  static var longestShapedScalars: Int { 31 }

  /// Where the parts of a character longer than ``longestShapedScalars`` start, as offsets in
  /// the piece, given the character's own offset there.
  static func shapingCuts(of character: Character, at start: Int) -> [Int] {
    var cuts: [Int] = []
    var offset = start
    var count = 0
    for scalar in character.unicodeScalars {
      if count == longestShapedScalars {
        cuts.append(offset)
        count = 0
      }
      count += 1
      offset += UTF8.width(scalar)
    }
    return cuts
  }

  /// The items cut at `cuts` (ascending offsets), each part keeping its item's face and
  /// script.
  static func cut(_ items: [Item], at cuts: [Int]) -> [Item] {
    var result: [Item] = []
    result.reserveCapacity(items.count + cuts.count)
    var next = 0
    for item in items {
      var start = item.range.lowerBound
      while next < cuts.count && cuts[next] <= start { next += 1 }
      while next < cuts.count && cuts[next] < item.range.upperBound {
        result.append(Item(range: start..<cuts[next], font: item.font, script: item.script))
        start = cuts[next]
        next += 1
      }
      result.append(
        Item(range: start..<item.range.upperBound, font: item.font, script: item.script))
    }
    return result
  }

  /// Whether a scalar is a grapheme cluster of its own wherever it stands: printable and from
  /// blocks with no combining, prepended, joining or conjoining characters (Latin, Greek,
  /// Cyrillic, Hebrew and Arabic letters, general punctuation, kana, CJK ideographs and
  /// full-width forms), so it neither extends the character before it nor is extended by the
  /// next one. Marks, joiners and everything else go through grapheme segmentation.
  static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F: true
    case 0x5D0...0x5EA, 0x5EF...0x5F4: true
    case 0x60C, 0x61B, 0x61F, 0x620...0x64A, 0x660...0x66F, 0x671...0x6D3, 0x6D5: true
    case 0x2010...0x2027, 0x2030...0x205E: true
    case 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF: true
    case 0x4E00...0x9FFF, 0xFF01...0xFF9D: true
    default: false
    }
  }

  /// Whether a scalar is a grapheme cluster of its own in a piece all of whose scalars pass
  /// this test: one that stands alone (``standsAlone(_:)``), or a precomposed Hangul syllable.
  /// A syllable joins only conjoining jamo (a leading one before it, a vowel or trailing one
  /// after it), which do not pass, and a piece's characters end at its edges.
  @inline(__always)
  static func standsAloneInPiece(_ scalar: Unicode.Scalar) -> Bool {
    standsAlone(scalar) || (0xAC00...0xD7A3).contains(scalar.value)
  }

  /// The face of a run of neutral characters between two neighbours.
  ///
  /// A colour (emoji) face is never a neighbour's to give: a space after an emoji is text, as
  /// in Pango, whose emoji iterator ends the emoji run before it. With no neighbour left, the
  /// run asks for its own face (`nil`).
  static func neutralFont(
    previous: Neighbor?, next: Neighbor?, primary: LoadedFont?
  ) -> LoadedFont? {
    let previous = previous?.font.isColor == true ? nil : previous
    let next = next?.font.isColor == true ? nil : next
    guard let previous else { return next?.font }
    guard let next else { return previous.font }
    let continuesRun = isNeutral(next.script) || next.script == previous.script
    if continuesRun && next.font === primary && previous.font !== primary {
      return next.font
    }
    return previous.font
  }

  /// Whether a character takes the face of its neighbours instead of choosing one: space
  /// separators (but the visible Ogham space mark), variation selectors, and format characters
  /// outside the Arabic block (where they are visible).
  static func isFontNeutral(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy(isFontNeutral)
  }

  /// Whether a scalar takes the face of its neighbours (see ``isFontNeutral(_:)-(Character)``).
  ///
  /// This runs for the first and last scalar of every shaped piece, so the Basic Multilingual
  /// Plane's answers are spelled out as ranges: a table would be a lazily made global, whose
  /// every access costs a call on Linux. The ranges are those of the Unicode properties the
  /// definition names (``isFontNeutralByProperties(_:)``); a test compares the two over every
  /// scalar, so a Unicode version that adds a space or a format character is caught.
  @inline(__always)
  static func isFontNeutral(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value == 0x20 }
    // Letters from Latin-1 to Arabic, and from CJK punctuation to Hangul, hold none.
    if value > 0xAD && value < 0x70F || value > 0x3000 && value < 0xFE00 { return false }
    return isFontNeutralOutsideLetters(scalar)
  }

  /// ``isFontNeutral(_:)-(Unicode.Scalar)`` for the scalars its first tests leave.
  private static func isFontNeutralOutsideLetters(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xA0, 0xAD, 0x70F, 0x890...0x891, 0x8E2, 0x180E: return true
    case 0x2000...0x200F, 0x202A...0x202F, 0x205F...0x2064, 0x2066...0x206F, 0x3000: return true
    case 0xFE00...0xFE0F, 0xFEFF, 0xFFF9...0xFFFB: return true
    case ..<0x10000: return false
    default: return isFontNeutralByProperties(scalar)
    }
  }

  /// ``isFontNeutral(_:)-(Unicode.Scalar)`` from the scalar's general category.
  static func isFontNeutralByProperties(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .spaceSeparator: return value != 0x1680
    case .format: return !(0x600...0x6FF).contains(value)
    default: return (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }
  }

  /// The script of one scalar, through HarfBuzz's Unicode functions.
  static func script(of scalar: Unicode.Scalar) -> hb_script_t {
    let value = scalar.value
    if value < 0x80 {
      // ASCII letters are Latin, everything else in ASCII is Common.
      let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
      return isLetter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
    }
    return hb_unicode_script(hb_unicode_funcs_get_default(), value)
  }

  /// The script of a character's first scalar that has a real script, or Common.
  static func script(of character: Character) -> hb_script_t {
    let functions = hb_unicode_funcs_get_default()
    for scalar in character.unicodeScalars {
      let script = hb_unicode_script(functions, scalar.value)
      if !isNeutral(script) {
        return script
      }
    }
    return HB_SCRIPT_COMMON
  }

  static func isNeutral(_ script: hb_script_t) -> Bool {
    script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
  }

  /// Gives neutral characters the script of the run before them (`initial` before the first),
  /// or after them at the start.
  private static func resolveNeutralScripts(
    _ scripts: inout [hb_script_t], initial: hb_script_t? = nil
  ) {
    let start = initial.flatMap { isNeutral($0) ? nil : $0 }
    guard let firstReal = start ?? scripts.first(where: { !isNeutral($0) }) else {
      return
    }
    var current = firstReal
    for position in scripts.indices {
      if isNeutral(scripts[position]) {
        scripts[position] = current
      } else {
        current = scripts[position]
      }
    }
  }
}
