import CHarfBuzz

/// Splits a piece of text into items of one face and one script, in logical order.
///
/// Fonts are chosen per grapheme cluster (Swift `Character`), so marks and joiner sequences stay
/// with their base. A character's script is that of its first scalar whose script is neither
/// Common nor Inherited; characters with no such scalar (spaces, digits, punctuation) take the
/// script of the run before them, or of the first run after them at the start of the piece.
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

  /// Itemizes `text`, asking `font(for:)` for the face of each character.
  static func itemize(
    _ text: Substring, font fontForCharacter: (Character) -> LoadedFont
  ) -> Itemization {
    var characterStarts: [Int] = []
    var fonts: [LoadedFont] = []
    var scripts: [hb_script_t] = []
    var offset = 0
    for character in text {
      characterStarts.append(offset)
      fonts.append(fontForCharacter(character))
      scripts.append(script(of: character))
      offset += character.utf8.count
    }
    resolveNeutralScripts(&scripts)

    var items: [Item] = []
    for position in characterStarts.indices {
      let end =
        position + 1 < characterStarts.count ? characterStarts[position + 1] : offset
      if let last = items.last, last.font === fonts[position], last.script == scripts[position] {
        items[items.count - 1].range = last.range.lowerBound..<end
      } else {
        items.append(
          Item(
            range: characterStarts[position]..<end, font: fonts[position],
            script: scripts[position]))
      }
    }
    return Itemization(items: items, characterStarts: characterStarts)
  }

  /// The script of a character's first scalar that has a real script, or Common.
  private static func script(of character: Character) -> hb_script_t {
    let functions = hb_unicode_funcs_get_default()
    for scalar in character.unicodeScalars {
      let script = hb_unicode_script(functions, scalar.value)
      if !isNeutral(script) {
        return script
      }
    }
    return HB_SCRIPT_COMMON
  }

  private static func isNeutral(_ script: hb_script_t) -> Bool {
    script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
  }

  /// Gives neutral characters the script of the run before them, or after them at the start.
  private static func resolveNeutralScripts(_ scripts: inout [hb_script_t]) {
    guard let firstReal = scripts.first(where: { !isNeutral($0) }) else {
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
