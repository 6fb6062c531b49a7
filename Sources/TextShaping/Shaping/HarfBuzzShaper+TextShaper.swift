import CHarfBuzz
@_spi(Backend) import TextLayout

@_spi(Backend) extension HarfBuzzShaper: TextShaper, GlyphStoringShaper {
  /// The unhinted metrics of the primary face a style resolves to, at the style's size; for a
  /// style in a CJK language, at least those of the language's CJK face (``strut(for:size:)``).
  ///
  /// - Parameter style: The style whose font is measured.
  /// - Returns: The ascent, descent and line gap in points.
  @_spi(Backend) public func metrics(for style: TextStyle) -> FontMetrics {
    let primary = primaryFont(for: style)
    return Self.metrics(of: primary, size: style.size, strut: strut(for: primary, size: style.size))
  }

  /// A style's metrics (``metrics(for:)``) from its primary face, size and strut, for a caller
  /// that has found them already.
  static func metrics(of primary: PrimaryFont, size: Double, strut: FontMetrics?) -> FontMetrics {
    primary.font.metrics(size: size).union(strut)
  }

  /// The metrics every line of text in a CJK language takes at least: those of the face its
  /// fallback gives a character of the language (see ``FallbackLanguage/strutSample(for:)``).
  func strut(for primary: PrimaryFont, size: Double) -> FontMetrics? {
    guard let language = primary.fallbackPattern.language,
      let sample = FallbackLanguage.strutSample(for: language)
    else { return nil }
    let face = font(for: sample, primary: primary)
    return face === primary.font ? nil : face.metrics(size: size)
  }

  /// What shaping a piece needs of its style besides the face: found once for a batch of
  /// pieces, and only when one of them is a miss. Not the style itself: copying it in (its
  /// references retained) and destroying it cost about 30 instructions a batch, for its size.
  struct StyleShaping {
    /// The style's size in points.
    let size: Double
    let primary: PrimaryFont
    /// The CJK face's metrics, for a style in a CJK language (``strut(for:size:)``).
    let strut: FontMetrics?
    /// The style's language for HarfBuzz, or `nil` to guess it.
    let language: hb_language_t?
  }

  /// What shaping pieces of a style needs; its HarfBuzz language from `languages` when the
  /// last batch's style had the same language.
  func styleShaping(
    _ style: TextStyle, primary: PrimaryFont, languages: inout LanguageMemo
  ) -> StyleShaping {
    StyleShaping(
      size: style.size, primary: primary, strut: strut(for: primary, size: style.size),
      language: languages.harfBuzzLanguage(of: style))
  }

  /// A piece shaper for a piece of a style.
  func pieceShaper(
    _ bytes: UnsafeBufferPointer<UInt8>, shaping: StyleShaping, isRightToLeft: Bool,
    characterStarts: [Int]
  ) -> PieceShaper {
    PieceShaper(
      bytes: bytes, size: shaping.size, isRightToLeft: isRightToLeft,
      characterStarts: characterStarts, buffers: buffers, strut: shaping.strut,
      language: shaping.language, directPlans: directPlans)
  }

  /// Shapes a piece of text with one style and one direction, using fallback faces where needed.
  ///
  /// - Parameters:
  ///   - text: The text, never containing a paragraph separator.
  ///   - style: The style of the whole piece.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  /// - Returns: Glyph runs in visual order (one per face and script) and the clusters in logical
  ///   order, with UTF-8 offsets relative to `text.utf8`.
  /// - Complexity: A dictionary lookup when the piece was shaped before with the same style
  ///   attributes; otherwise linear in the length of the piece.
  @_spi(Backend) public func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool)
    -> ShapedText
  {
    withPiece(text, style: style, isRightToLeft: isRightToLeft) { bytes, key, hash, primary in
      let found = state.withLock { state in
        state.shapes.shapedText(for: bytes, key: key, hash: hash)
      }
      if let found { return found }
      return arenas.withArena { arena in
        let (piece, measure) = shapeAndCache(
          { text }, bytes: bytes, key: key, hash: hash,
          shaping: styleShaping(style, primary: primary, languages: &arena.languages),
          into: &arena)
        return arena.shapedText(piece, measure: measure)
      }
    }
  }

  /// Measures a piece of text with one style and one direction: the widths and metrics of
  /// ``shape(_:style:isRightToLeft:)``'s result, from the same cache, without its glyphs.
  ///
  /// - Parameters:
  ///   - text: The text, never containing a paragraph separator.
  ///   - style: The style of the whole piece.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  /// - Returns: The measure of the shaped piece.
  /// - Complexity: A hash of the piece's bytes when it was shaped before with the same style
  ///   attributes; otherwise linear in the length of the piece.
  @_spi(Backend) public func measure(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure {
    withPiece(text, style: style, isRightToLeft: isRightToLeft) { bytes, key, hash, primary in
      if let found = state.withLock({ $0.shapes.measure(for: bytes, key: key, hash: hash) }) {
        return found
      }
      return arenas.withArena { arena in
        shapeAndCache(
          { text }, bytes: bytes, key: key, hash: hash,
          shaping: styleShaping(style, primary: primary, languages: &arena.languages),
          into: &arena
        ).measure
      }
    }
  }

  /// Measures pieces of one string that share a style and a direction: the style is resolved
  /// once, every piece's key is made from the string's UTF-8 in place, and the cache is probed
  /// for all of them under one lock; the pieces it lacks are shaped into one arena and cached
  /// under one lock after.
  ///
  /// - Parameters:
  ///   - pieces: UTF-8 ranges of `string`, none containing a paragraph separator.
  ///   - string: The text the pieces come from; the characters around a piece are its context.
  ///   - style: The style of every piece.
  ///   - isRightToLeft: Whether the pieces are shaped right to left.
  ///   - measures: Where the pieces' measures are appended, in order.
  package func measure(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into measures: inout [ShapedMeasure]
  ) {
    guard !pieces.isEmpty else { return }
    let first = measures.count
    let size = style.size
    // The face is found from the style itself: read through the pointer below, the style was
    // copied for the call (its references retained) and destroyed after.
    let primary = primaryFont(for: style)
    // The closures hold a pointer to the style, which only a miss reads: holding the style
    // itself, they copied it twice a call (about 320 instructions with its references).
    withUnsafePointer(to: style) { style in
      withKeys(
        of: pieces, in: string, primary: primary, size: size, isRightToLeft: isRightToLeft
      ) {
        text, keys, primary in
        let misses = state.withLock { state in
          state.shapes.measure(
            pieces, in: text, keys: keys,
            plainKey: ShapeCache.Key(
              primary: primary, size: size, isRightToLeft: isRightToLeft, before: nil,
              after: nil),
            missing: Self.missing, into: &measures)
        }
        guard misses > 0 else { return }
        shapeMisses(
          pieces, in: string, text: text, keys: keys, style: style.pointee, primary: primary,
          first: first, into: &measures)
      }
    }
  }

  /// Shapes the pieces of a batch that ``measure(_:in:style:isRightToLeft:into:)`` found
  /// missing, out of line, and puts their measures in place.
  @inline(never)
  private func shapeMisses(
    _ pieces: [Range<Int>], in string: String, text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeMutableBufferPointer<(key: ShapeCache.Key, hash: UInt64)>, style: TextStyle,
    primary: PrimaryFont, first: Int, into measures: inout [ShapedMeasure]
  ) {
    arenas.withArena { arena in
      shapeMisses(
        pieces, in: string, text: text, keys: keys,
        isMissing: { measures[first + $0].advance.isNaN }, style: style, primary: primary,
        into: &arena)
      for miss in arena.misses { measures[first + miss.index] = miss.measure }
    }
  }

  /// The kerning between the last character of a piece and the first of the next, from their
  /// measures, when each piece was shaped directly as one run (``ShapedMeasure/DirectEdges``):
  /// the two characters' advance shaped together less each alone, as the layout measures it
  /// by shaping (``Segment/pairAdjustment``); `nil` otherwise, and the pair is shaped.
  ///
  /// A direct run's characters are plain, one glyph each, so its first and last characters
  /// are its first and last glyphs, and each shapes alone to that glyph with the run's plan
  /// (one face, script and language), when it has a script of its own or is the whole
  /// piece. With one plan, the two characters together shape directly too, unless the first
  /// glyph starts a ligature, to the two glyphs with their advances and the plan's pair
  /// kerning. With two plans, when both characters have a script of their own (a neutral
  /// one, like a hyphen, takes its neighbour's in the pair), the two have two faces or two
  /// scripts, so the pair is two items, each shaped as it was alone: nothing kerns them. The
  /// sums are taken as a measure's advance is, so the answer is the shaped pair's bit for bit.
  /// A last character of a longer piece with no script of its own (ー, 。, `%`) is an item of
  /// its own alone: its advance then is the one its miss recorded for its plan alone
  /// (``ShapedMeasure/DirectEdges/lastAlonePlan``), and the pair is answered when the next
  /// character has a script of its own and the two pieces one plan.
  ///
  /// `PairAdvanceTests` and `NeutralPairTests` hold it to HarfBuzz.
  package func pairAdjustment(_ first: ShapedMeasure, _ second: ShapedMeasure) -> Double? {
    guard let left = first.directEdges, let right = second.directEdges,
      right.isOneCharacter || right.firstHasOwnScript
    else { return nil }
    // The last character's advance alone, in font units.
    let leftAloneUnits: Int32
    if left.isOneCharacter || left.lastHasOwnScript {
      leftAloneUnits = left.lastUnits
    } else if left.lastAlonePlan >= 0, right.firstHasOwnScript, left.plan == right.plan {
      // A character with no script of its own, in one face, after the piece's first real
      // script: alone it is shaped with the plan recorded with its piece's measure; in the
      // pair it takes the next character's script, the piece's plan's, in the same face, so
      // the pair is one run of that plan, as it is in the piece.
      leftAloneUnits = left.lastAloneUnits
    } else {
      return nil
    }
    guard left.plan == right.plan else {
      // Two runs, each summed from zero, as `GlyphArena.sums(of:hangingStart:)` sums a
      // piece's runs: the same sum as alone, bit for bit.
      return left.lastHasOwnScript && right.firstHasOwnScript ? 0 : nil
    }
    let leftAlone = GlyphArena.advance(leftAloneUnits, scale: left.scale)
    let rightAlone = GlyphArena.advance(right.firstUnits, scale: right.scale)
    guard left.scale == right.scale,
      let (leftUnits, rightUnits) = directPlans.pairAdvances(
        plan: Int(left.plan), left.lastGlyph, left.lastUnits, right.firstGlyph, right.firstUnits)
    else { return nil }
    // One run of two glyphs.
    var run = 0.0
    run += GlyphArena.advance(leftUnits, scale: left.scale)
    run += GlyphArena.advance(rightUnits, scale: left.scale)
    return (0.0 + run) - (leftAlone + rightAlone)
  }

  /// Stores the glyphs of pieces of one string that share a style and a direction, as
  /// ``measure(_:in:style:isRightToLeft:into:)`` measures them: the cache's glyphs are copied
  /// under one lock, and the pieces it lacks are shaped, cached and copied after.
  ///
  /// - Parameters:
  ///   - pieces: UTF-8 ranges of `string`, none containing a paragraph separator.
  ///   - string: The text the pieces come from; the characters around a piece are its context.
  ///   - style: The style of every piece.
  ///   - isRightToLeft: Whether the pieces are shaped right to left.
  ///   - storage: Where the pieces' glyphs and clusters are appended.
  ///   - stored: Where the pieces are appended, in order.
  package func store(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage, stored: inout [StoredPiece]
  ) {
    guard !pieces.isEmpty else { return }
    let first = stored.count
    let size = style.size
    // As in `measure`: the face is found from the style itself (read through the pointer
    // below, the style was copied for the call and destroyed after), and the closures hold a
    // pointer to the style, which only a miss reads.
    let primary = primaryFont(for: style)
    withUnsafePointer(to: style) { style in
      withKeys(
        of: pieces, in: string, primary: primary, size: size, isRightToLeft: isRightToLeft
      ) {
        text, keys, primary in
        let misses = state.withLock { state in
          state.shapes.store(
            pieces, in: text, keys: keys,
            plainKey: ShapeCache.Key(
              primary: primary, size: size, isRightToLeft: isRightToLeft, before: nil,
              after: nil),
            missing: Self.missingPiece, into: &storage, stored: &stored)
        }
        guard misses > 0 else { return }
        storeMisses(
          misses, of: pieces, in: string, text: text, keys: keys, style: style.pointee,
          isRightToLeft: isRightToLeft, primary: primary, first: first, into: &storage,
          stored: &stored)
      }
    }
  }

  /// Stores the pieces of a batch that ``store(_:in:style:isRightToLeft:into:stored:)`` found
  /// missing from the cache, out of line: told from a cached word with its space when they
  /// can be, shaped and cached otherwise.
  @inline(never)
  private func storeMisses(
    _ misses: Int, of pieces: [Range<Int>], in string: String, text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeMutableBufferPointer<(key: ShapeCache.Key, hash: UInt64)>, style: TextStyle,
    isRightToLeft: Bool, primary: PrimaryFont, first: Int, into storage: inout GlyphStorage,
    stored: inout [StoredPiece]
  ) {
    // The last word of a line the token cuts, without its space: told from the word with
    // it, which measuring cached.
    var left = misses
    for index in pieces.indices where stored[first + index].advance.isNaN {
      let piece = pieces[index]
      guard !isRightToLeft, piece.upperBound < text.count, text[piece.upperBound] == 0x20,
        let trimmed = storeWithoutTrailingSpace(
          piece, in: string, style: style, isRightToLeft: false, into: &storage)
      else { continue }
      stored[first + index] = trimmed
      left -= 1
    }
    guard left > 0 else { return }
    arenas.withArena { arena in
      shapeMisses(
        pieces, in: string, text: text, keys: keys,
        isMissing: { stored[first + $0].advance.isNaN }, style: style, primary: primary,
        into: &arena)
      for miss in arena.misses {
        stored[first + miss.index] = arena.store(
          miss.piece, measure: miss.measure, into: &storage)
      }
    }
  }

  /// What stands for a miss in a batch until it is shaped: a NaN advance, which no shaped
  /// piece has.
  private static let missing = ShapedMeasure(
    advance: .nan, hangingAdvance: 0, ascent: 0, descent: 0, lineGap: 0)
  private static let missingPiece = StoredPiece(
    runs: 0..<0, clusters: 0..<0, advance: .nan, ascent: 0, descent: 0, lineGap: 0,
    uncoveredCharacterCount: 0)

  /// Runs `body` with a string's UTF-8 and the cache key and hash of each of its pieces, for a
  /// batch: the style is resolved once, and each key is made from the UTF-8 in place.
  func withKeys<Result>(
    of pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    _ body: (
      UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<(key: ShapeCache.Key, hash: UInt64)>,
      PrimaryFont
    ) -> Result
  ) -> Result {
    withKeys(
      of: pieces, in: string, primary: primaryFont(for: style), size: style.size,
      isRightToLeft: isRightToLeft, body)
  }

  /// Runs `body` with a string's UTF-8 and the cache key and hash of each of its pieces, for a
  /// batch of pieces of one face, size and direction
  /// (``withKeys(of:in:style:isRightToLeft:_:)`` once the style's face is found).
  func withKeys<Result>(
    of pieces: [Range<Int>], in string: String, primary: PrimaryFont, size: Double,
    isRightToLeft: Bool,
    _ body: (
      UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<(key: ShapeCache.Key, hash: UInt64)>,
      PrimaryFont
    ) -> Result
  ) -> Result {
    var contiguous = string
    return contiguous.withUTF8 { text in
      withUnsafeTemporaryAllocation(
        of: (key: ShapeCache.Key, hash: UInt64).self, capacity: pieces.count
      ) { keys in
        // Most pieces have no neighbour in their key: that key's part of the hash is mixed
        // once.
        let plainKeyHash = ShapeCache.keyHash(
          ShapeCache.Key(
            primary: primary, size: size, isRightToLeft: isRightToLeft, before: nil, after: nil))
        for (index, piece) in pieces.enumerated() {
          let (before, after) = neighbors(of: piece, in: text, primary: primary)
          let key = ShapeCache.Key(
            primary: primary, size: size, isRightToLeft: isRightToLeft, before: before,
            after: after)
          let keyHash = before == nil && after == nil ? plainKeyHash : ShapeCache.keyHash(key)
          keys.initializeElement(
            at: index, to: (key, ShapeCache.hash(of: piece, in: text, keyHash: keyHash)))
        }
        defer { keys.deinitialize() }
        return body(text, keys, primary)
      }
    }
  }

  /// Shapes the pieces of a batch the cache lacked into `arena`, and caches them under one
  /// lock.
  ///
  /// - Parameter isMissing: Whether the piece at an index of the batch was a miss.
  /// - Postcondition: `arena.misses` holds each miss's index in the batch, where it lies in
  ///   the arena, and its measure.
  private func shapeMisses(
    _ pieces: [Range<Int>], in string: String, text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeMutableBufferPointer<(key: ShapeCache.Key, hash: UInt64)>,
    isMissing: (Int) -> Bool, style: TextStyle, primary: PrimaryFont,
    into arena: inout GlyphArena
  ) {
    let shaping = styleShaping(style, primary: primary, languages: &arena.languages)
    // An arena's misses grew one by one from none in a new shaper's first batches.
    arena.misses.reserveCapacity(pieces.count)
    var blockFallbacks = BlockFallbacks()
    // The substring closure holds a pointer to the string, which only a miss of several
    // items reads: holding the string, it retained and released it twice a miss.
    withUnsafePointer(to: string) { string in
      for (index, piece) in pieces.enumerated() where isMissing(index) {
        let (shapedPiece, measure) = shapeUncached(
          {
            let utf8 = string.pointee.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: piece.lowerBound)
            return string.pointee[start..<utf8.index(start, offsetBy: piece.count)]
          },
          bytes: UnsafeBufferPointer(rebasing: text[piece]), key: keys[index].key,
          shaping: shaping, blockFallbacks: &blockFallbacks, into: &arena)
        arena.misses.append(
          GlyphArena.Miss(index: index, piece: shapedPiece, measure: measure))
      }
    }
    state.withLock { state in
      for miss in arena.misses {
        state.shapes.insert(
          miss.piece, of: arena, measure: miss.measure,
          for: UnsafeBufferPointer(rebasing: text[pieces[miss.index]]), key: keys[miss.index].key,
          hash: keys[miss.index].hash)
      }
    }
  }

  /// Runs `body` with a piece's UTF-8, its cache key and hash, and its style's face.
  ///
  /// It walks no `Substring`: it works on the UTF-8 of the piece's base string (its
  /// paragraph's text, which holds the neighbours), and hashes the bytes and key once.
  private func withPiece<Result>(
    _ text: Substring, style: TextStyle, isRightToLeft: Bool,
    _ body: (UnsafeBufferPointer<UInt8>, ShapeCache.Key, UInt64, PrimaryFont) -> Result
  ) -> Result {
    let primary = primaryFont(for: style)
    var base = text.base
    // Constant time: Swift strings are UTF-8, and their indices hold UTF-8 offsets.
    let start = base.utf8.distance(from: base.startIndex, to: text.startIndex)
    let end = start + text.utf8.count
    return base.withUTF8 { paragraph in
      let utf8 = UnsafeBufferPointer(rebasing: paragraph[start..<end])
      let (before, after) = neighbors(of: start..<end, in: paragraph, primary: primary)
      let key = ShapeCache.Key(
        primary: primary, size: style.size, isRightToLeft: isRightToLeft, before: before,
        after: after)
      return body(utf8, key, ShapeCache.hash(utf8, key: key), primary)
    }
  }

  /// Shapes a piece the cache lacks into `arena`, and caches it.
  ///
  /// - Parameters:
  ///   - text: The piece as a substring of its paragraph, made only when it is needed.
  ///   - bytes: The piece's UTF-8.
  ///   - key: The piece's key, made from the style's face, the style, the direction and the
  ///     neighbours.
  ///   - hash: The hash of `bytes` and `key`.
  private func shapeAndCache(
    _ text: () -> Substring, bytes: UnsafeBufferPointer<UInt8>, key: ShapeCache.Key,
    hash: UInt64, shaping: StyleShaping, into arena: inout GlyphArena
  ) -> (piece: GlyphArena.Piece, measure: ShapedMeasure) {
    var blockFallbacks = BlockFallbacks()
    let (piece, measure) = shapeUncached(
      text, bytes: bytes, key: key, shaping: shaping, blockFallbacks: &blockFallbacks,
      into: &arena)
    state.withLock {
      $0.shapes.insert(piece, of: arena, measure: measure, for: bytes, key: key, hash: hash)
    }
    return (piece, measure)
  }

  /// The faces of the neighbours a key names: the key holds identifiers, and a miss, which is
  /// rare, takes the faces themselves.
  private func neighborFaces(
    of key: ShapeCache.Key
  ) -> (before: TextItemizer.Neighbor?, after: TextItemizer.Neighbor?) {
    let neighbors = key.neighbors
    return state.withLock { state in
      (
        neighbors.before.map {
          TextItemizer.Neighbor(font: state.fonts[$0.font.rawValue], script: $0.script)
        },
        neighbors.after.map {
          TextItemizer.Neighbor(font: state.fonts[$0.font.rawValue], script: $0.script)
        }
      )
    }
  }

  /// Shapes a piece into `arena`: its items, each with the rest of the piece as context. Most
  /// pieces are in one face and script: their item is found in one pass
  /// (``TextItemizer/singleItem(of:before:after:primary:scalarFont:characterStarts:)``), with
  /// no arrays of their own.
  ///
  /// - Parameters:
  ///   - text: The piece as a substring of its paragraph, made only when the piece has
  ///     several items.
  ///   - blockFallbacks: The fallback faces of whole blocks the piece's batch found.
  /// - Returns: Where the piece lies in the arena, and its measure.
  func shapeUncachedPiece(
    _ text: () -> Substring, bytes: UnsafeBufferPointer<UInt8>, key: ShapeCache.Key,
    shaping: StyleShaping, blockFallbacks: inout BlockFallbacks, into arena: inout GlyphArena
  ) -> (piece: GlyphArena.Piece, measure: ShapedMeasure) {
    let primary = shaping.primary
    let hangingStart = ShapedMeasure.hangingStart(inUTF8: bytes)
    // The neighbours' faces take the lock: most pieces have none that matters.
    let (before, after) =
      key.before < 0 && key.after < 0 ? (nil, nil) : neighborFaces(of: key)
    // Most misses are one item in the primary face, found without the fallback's work.
    if shapesMissesLean, !key.isRightToLeft,
      let (item, characterCount, edgeScripts) = TextItemizer.primaryItem(
        of: bytes, before: before, after: after, primary: primary.font,
        fallback: {
          blockFallbacks.face(for: $0) { self.blockFallbackFont(for: $0, primary: primary) }
        }),
      let shaped = PieceShaper.shapeDirectly(
        item, bytes: bytes, characterCount: characterCount, edgeScripts: edgeScripts,
        size: shaping.size, strut: shaping.strut, language: shaping.language,
        directPlans: directPlans, hangingStart: hangingStart, into: &arena)
    {
      return shaped
    }
    if let item = TextItemizer.singleItem(
      of: bytes, before: before, after: after, primary: primary.font,
      scalarFont: { self.font(for: $0, primary: primary) },
      characterStarts: &arena.characterStarts)
    {
      if shapesMissesLean, !key.isRightToLeft,
        let shaped = PieceShaper.shapeDirectly(
          item, bytes: bytes, characterCount: arena.characterStarts.count,
          size: shaping.size, strut: shaping.strut, language: shaping.language,
          directPlans: directPlans, hangingStart: hangingStart, into: &arena)
      {
        return shaped
      }
      return pieceShaper(
        bytes, shaping: shaping, isRightToLeft: key.isRightToLeft,
        characterStarts: arena.characterStarts
      ).shape(CollectionOfOne(item), hangingStart: hangingStart, into: &arena)
    }
    let itemization = TextItemizer.itemize(
      text(), before: before, after: after, primary: primary.font,
      font: { self.font(for: $0, primary: primary) },
      scalarFont: { self.font(for: $0, primary: primary) })
    guard !itemization.items.isEmpty else {
      let metrics = Self.metrics(of: primary, size: shaping.size, strut: shaping.strut)
      return (
        .empty,
        ShapedMeasure(
          advance: 0, hangingAdvance: 0, ascent: metrics.ascent, descent: metrics.descent,
          lineGap: metrics.lineGap)
      )
    }
    return pieceShaper(
      bytes, shaping: shaping, isRightToLeft: key.isRightToLeft,
      characterStarts: itemization.characterStarts
    ).shape(itemization.items, hangingStart: hangingStart, into: &arena)
  }
}
