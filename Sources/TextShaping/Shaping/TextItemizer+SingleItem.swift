import CHarfBuzz
@_spi(Backend) import TextLayout

extension TextItemizer {
  /// The only item of a piece, when it has one, found without the per-character arrays
  /// ``itemize(_:before:after:primary:font:scalarFont:)`` builds: what a cache miss measured
  /// without glyphs needs.
  ///
  /// It answers only for a piece whose scalars all stand alone (``standsAloneInPiece(_:)``),
  /// so its characters are its scalars, and whose characters all end up in one face and one
  /// script, as `itemize` would put them; otherwise it returns `nil` and `itemize` decides.
  ///
  /// - Parameters:
  ///   - bytes: The piece's UTF-8.
  ///   - before: The character before the piece, as for `itemize`.
  ///   - after: The character after the piece, as for `itemize`.
  ///   - primary: The style's face.
  ///   - scalarFont: The face of a scalar the primary face lacks.
  /// - Returns: The item, covering the whole piece, and the UTF-8 offset of each character.
  static func singleItem(
    of bytes: UnsafeBufferPointer<UInt8>, before: Neighbor?, after: Neighbor?,
    primary: LoadedFont, scalarFont: (Unicode.Scalar) -> LoadedFont
  ) -> (item: Item, characterStarts: [Int])? {
    var characterStarts: [Int] = []
    return singleItem(
      of: bytes, before: before, after: after, primary: primary, scalarFont: scalarFont,
      characterStarts: &characterStarts
    ).map { ($0, characterStarts) }
  }

  /// ``singleItem(of:before:after:primary:scalarFont:)`` with the characters' offsets written
  /// to a buffer the caller keeps, so that a cache miss allocates none.
  ///
  /// - Parameter characterStarts: Emptied, then given the UTF-8 offset of each character
  ///   (complete only when the item is returned).
  static func singleItem(
    of bytes: UnsafeBufferPointer<UInt8>, before: Neighbor?, after: Neighbor?,
    primary: LoadedFont, scalarFont: (Unicode.Scalar) -> LoadedFont,
    characterStarts: inout [Int]
  ) -> Item? {
    characterStarts.removeAll(keepingCapacity: true)
    characterStarts.reserveCapacity(bytes.count)
    // The face of the characters that choose one, and the first of them's own script.
    var face: LoadedFont?
    var faceScript = HB_SCRIPT_COMMON
    // The one real script, and whether a character with none comes before it.
    var script: hb_script_t?
    var scriptlessFirst = false
    var startsNeutral = false
    var endsNeutral = false
    var offset = 0
    while offset < bytes.count {
      let (scalar, length) = UTF8Decoding.scalar(at: offset, in: bytes)
      // The blocks whose scripts are spelled out stand alone, and need no HarfBuzz call.
      var ownScript: hb_script_t
      if let known = primaryScript(of: scalar.value) {
        ownScript = known
      } else {
        guard standsAloneInPiece(scalar) else { return nil }
        ownScript = TextItemizer.script(of: scalar)
      }
      characterStarts.append(offset)
      offset += length
      if isNeutral(ownScript) {
        ownScript = HB_SCRIPT_COMMON
        if script == nil { scriptlessFirst = true }
      } else if let script {
        guard ownScript == script else { return nil }
      } else {
        script = ownScript
      }
      if isFontNeutral(scalar) {
        if face == nil { startsNeutral = true }
        endsNeutral = true
        continue
      }
      endsNeutral = false
      let font = primary.hasGlyph(for: scalar) ? primary : scalarFont(scalar)
      if let face {
        guard font === face else { return nil }
      } else {
        face = font
        faceScript = ownScript
      }
    }
    // A piece of neutral characters only takes its face from its neighbours: `itemize` knows.
    guard let face,
      let resolved = onePieceScript(
        face: face, faceScript: faceScript, script: script, scriptlessFirst: scriptlessFirst,
        startsNeutral: startsNeutral, before: before, primary: primary)
    else { return nil }
    // Neutral runs inside the piece lie between two characters of `face`, so they take it; at
    // its end they take it only if the neighbour rule says so.
    if endsNeutral,
      neutralFont(
        previous: Neighbor(font: face, script: resolved), next: after, primary: primary) !== face
    {
      return nil
    }
    return Item(range: 0..<bytes.count, font: face, script: resolved)
  }

  /// The script of a piece whose characters that choose a face all chose `face`, the first
  /// of them having `faceScript`; `nil` when the piece's start makes it more than one item.
  /// Characters with no script take the one before them, or the one before the piece when it
  /// has one, so they differ from the piece's own (`script`) only at its start; neutral
  /// characters at its start (`startsNeutral`) take `face` only if the neighbour rule gives it
  /// them. ``singleItem(of:before:after:primary:scalarFont:characterStarts:)`` and
  /// ``primaryItem(of:before:after:primary:fallback:)`` decide a piece's start with it.
  @inline(__always)
  static func onePieceScript(
    face: LoadedFont, faceScript: hb_script_t, script: hb_script_t?, scriptlessFirst: Bool,
    startsNeutral: Bool, before: Neighbor?, primary: LoadedFont
  ) -> hb_script_t? {
    let initial = before.flatMap { isNeutral($0.script) ? nil : $0.script }
    if let script, let initial, scriptlessFirst, initial != script { return nil }
    if startsNeutral,
      neutralFont(
        previous: before, next: Neighbor(font: face, script: faceScript), primary: primary)
        !== face
    {
      return nil
    }
    return script ?? initial ?? HB_SCRIPT_COMMON
  }
}
