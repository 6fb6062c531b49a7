import CHarfBuzz
@_spi(Backend) import TextLayout

extension TextItemizer {
  /// The only item of a piece all of whose characters are in the blocks most text is in
  /// (``primaryScript(of:)``) and in the primary face, or in one fallback face known for their
  /// whole block, found without a per-character array, a lookup for each character or
  /// HarfBuzz's script function: what most shaping misses are.
  ///
  /// When it answers, ``singleItem(of:before:after:primary:scalarFont:characterStarts:)``
  /// gives the same item, with as many characters: its characters are its scalars (each
  /// stands alone in a piece), each one's script is its block's, and a character that chooses
  /// a face chooses the primary one when that face has its glyph, and otherwise the face
  /// `fallback` gives its block, which is the one `scalarFont` would give it. The edges are
  /// decided as `singleItem` decides them. Otherwise it returns `nil` and `singleItem`
  /// decides. `PrimaryItemTests` holds the two together on the corpus and generated text.
  ///
  /// - Parameter fallback: The face every scalar of a block (``fallbackBlock(of:)``) the
  ///   primary face lacks falls back to, or `nil` when they may not share one; asked at most
  ///   once.
  /// - Returns: The item, covering the whole piece, its number of characters, and whether
  ///   its first and its last character have a script of their own (not Common), as
  ///   ``PieceShaper/shapeDirectly(_:bytes:characterCount:edgeScripts:size:strut:language:directPlans:hangingStart:into:)``
  ///   would find them.
  ///
  /// Inlined into the miss path, its one caller besides the tests: called, its optional
  /// result (which holds a face) was destroyed through its type's metadata, and its
  /// `fallback` closure and faces counted references, about 140 instructions a miss.
  @inline(__always)
  static func primaryItem(
    of bytes: UnsafeBufferPointer<UInt8>, before: Neighbor?, after: Neighbor?,
    primary: LoadedFont, fallback: (ClosedRange<UInt32>) -> LoadedFont? = { _ in nil }
  ) -> (item: Item, characterCount: Int, edgeScripts: (first: Bool, last: Bool))? {
    var face: LoadedFont?
    var fallbackFace: LoadedFont?
    var faceScript: hb_script_t?
    var script: hb_script_t?
    var scriptlessFirst = false
    var startsNeutral = false
    var endsNeutral = false
    var edgeScripts = (first: false, last: false)
    var count = 0
    var offset = 0
    while offset < bytes.count {
      let byte = bytes[offset]
      let scalar: Unicode.Scalar
      let ownScript: hb_script_t
      if byte < 0x80 {
        // Printable ASCII: its letters are Latin, the rest Common.
        guard byte >= 0x20 && byte < 0x7F else { return nil }
        scalar = Unicode.Scalar(byte)
        ownScript = (byte | 0x20) &- 0x61 < 26 ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        offset += 1
      } else {
        let decoded = UTF8Decoding.scalar(at: offset, in: bytes)
        guard let script = primaryScript(of: decoded.scalar.value) else { return nil }
        scalar = decoded.scalar
        ownScript = script
        offset += decoded.length
      }
      let value = scalar.value
      count += 1
      edgeScripts.last = ownScript != HB_SCRIPT_COMMON
      if count == 1 { edgeScripts.first = edgeScripts.last }
      if ownScript == HB_SCRIPT_COMMON {
        if script == nil { scriptlessFirst = true }
      } else if let script {
        guard ownScript == script else { return nil }
      } else {
        script = ownScript
      }
      // The only space of these blocks, and their only character that takes its neighbours'
      // face.
      if value == 0x20 {
        if faceScript == nil { startsNeutral = true }
        endsNeutral = true
        continue
      }
      endsNeutral = false
      let font: LoadedFont
      if primary.hasGlyph(for: scalar) {
        font = primary
      } else {
        // One script, so one block, for all of the piece's scalars outside Common; the
        // others, which no block takes, are left to `singleItem`.
        guard let block = fallbackBlock(of: ownScript),
          let found = fallbackFace ?? fallback(block)
        else { return nil }
        fallbackFace = found
        font = found
      }
      if let face {
        guard font === face else { return nil }
      } else {
        face = font
        faceScript = ownScript
      }
    }
    guard let face, let faceScript,
      let resolved = onePieceScript(
        face: face, faceScript: faceScript, script: script, scriptlessFirst: scriptlessFirst,
        startsNeutral: startsNeutral, before: before, primary: primary)
    else { return nil }
    // Trailing spaces after a character of `primary` take that face (what `neutralFont` gives
    // with `primary` before them, whatever comes after), unless it is a colour face, which is
    // never a neighbour's to give.
    if endsNeutral {
      if face === primary {
        if primary.isColor { return nil }
      } else if neutralFont(
        previous: Neighbor(font: face, script: resolved), next: after, primary: primary) !== face
      {
        return nil
      }
    }
    return (Item(range: 0..<bytes.count, font: face, script: resolved), count, edgeScripts)
  }

  /// The block of ``primaryScript(of:)``'s scalars of a script a fallback face may cover whole
  /// (the ideographs, Hangul syllables, hiragana and katakana), or `nil`.
  static func fallbackBlock(of script: hb_script_t) -> ClosedRange<UInt32>? {
    switch script {
    case HB_SCRIPT_HAN: 0x4E00...0x9FCC
    case HB_SCRIPT_HANGUL: 0xAC00...0xD7A3
    case HB_SCRIPT_HIRAGANA: 0x3041...0x3096
    case HB_SCRIPT_KATAKANA: 0x30A1...0x30FA
    default: nil
    }
  }

  /// The script of a scalar of the blocks
  /// ``primaryItem(of:before:after:primary:fallback:)`` takes, spelled out as ranges (`HB_SCRIPT_COMMON` for a character of no script); `nil` for any
  /// other scalar. Every scalar it answers for stands alone in a piece
  /// (``standsAloneInPiece(_:)``), and only the space (U+0020) of them takes its neighbours'
  /// face (``isFontNeutral(_:)-(Unicode.Scalar)``); `PrimaryItemTests` holds each answer to
  /// ``script(of:)-(Unicode.Scalar)``.
  @inline(__always)
  static func primaryScript(of value: UInt32) -> hb_script_t? {
    // Tested by block, the most frequent first, rather than range after range.
    if value < 0x500 {
      if value >= 0x400 { return value <= 0x482 || value >= 0x48A ? HB_SCRIPT_CYRILLIC : nil }
      if value >= 0x370 {
        switch value {
        case 0x386, 0x388...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x3E1, 0x3F0...0x3FF:
          return HB_SCRIPT_GREEK
        default: return nil
        }
      }
      switch value {
      case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F:
        return HB_SCRIPT_LATIN
      case 0x20...0x7E, 0xA1...0xAC, 0xAE...0xBF, 0xD7, 0xF7: return HB_SCRIPT_COMMON
      default: return nil
      }
    }
    if value >= 0x4E00 {
      if value <= 0x9FCC { return HB_SCRIPT_HAN }
      return value >= 0xAC00 && value <= 0xD7A3 ? HB_SCRIPT_HANGUL : nil
    }
    switch value {
    case 0x2010...0x2027, 0x2030...0x205E: return HB_SCRIPT_COMMON
    case 0x3041...0x3096: return HB_SCRIPT_HIRAGANA
    case 0x30A1...0x30FA: return HB_SCRIPT_KATAKANA
    default: return nil
    }
  }
}
