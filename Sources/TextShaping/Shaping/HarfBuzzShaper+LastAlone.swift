import CHarfBuzz
@_spi(Backend) import TextLayout

// What a piece's last character is when it is measured alone, recorded with the piece's
// measure for the pair it makes with the next piece.
extension HarfBuzzShaper {
  /// Shapes a piece the cache lacks (``shapeUncachedPiece(_:bytes:key:shaping:blockFallbacks:into:)``)
  /// and, when it was shaped directly and ends in a character with no script of its own (ー,
  /// 。, %, a quote), records in its direct edges the plan that character takes alone and its
  /// advance there (``ShapedMeasure/DirectEdges/lastAlonePlan``): in the piece the character
  /// takes its neighbour's script, alone it is an item of its own, so only the itemizer knows
  /// how it is shaped then. ``pairAdjustment(_:_:)`` reads it.
  func shapeUncached(
    _ text: () -> Substring, bytes: UnsafeBufferPointer<UInt8>, key: ShapeCache.Key,
    shaping: StyleShaping, blockFallbacks: inout BlockFallbacks, into arena: inout GlyphArena
  ) -> (piece: GlyphArena.Piece, measure: ShapedMeasure) {
    var (piece, measure) = shapeUncachedPiece(
      text, bytes: bytes, key: key, shaping: shaping, blockFallbacks: &blockFallbacks,
      into: &arena)
    if let edges = measure.directEdges, !edges.lastHasOwnScript, !edges.isOneCharacter,
      piece.runs.count == 1,
      let alone = lastAlone(of: bytes, face: arena.runs[piece.runs.lowerBound].font, shaping)
    {
      measure.directEdges?.lastAlonePlan = alone.plan
      measure.directEdges?.lastAloneUnits = alone.units
    }
    return (piece, measure)
  }

  /// The plan the last character of `bytes` takes as a piece of its own, as the itemizer
  /// answers for it, and its advance with that plan, when that plan shapes it directly to one
  /// glyph of the face `face` (the piece's); `nil` otherwise.
  ///
  /// A character that takes its neighbours' face (a space) is left out: alone, its neighbours
  /// in the paragraph decide its face, and they are not the piece's.
  private func lastAlone(
    of bytes: UnsafeBufferPointer<UInt8>, face: FontID, _ shaping: StyleShaping
  ) -> (plan: Int32, units: Int32)? {
    let (scalar, start) = UTF8Decoding.scalar(endingAt: bytes.count, in: bytes)
    guard !TextItemizer.isFontNeutral(scalar) else { return nil }
    let character = UnsafeBufferPointer(rebasing: bytes[start...])
    let primary = shaping.primary
    guard
      let (item, _) = TextItemizer.singleItem(
        of: character, before: nil, after: nil, primary: primary.font,
        scalarFont: { self.font(for: $0, primary: primary) }),
      item.range == 0..<character.count, item.font.id == face,
      let (plan, index) = directPlans.indexedPlan(
        for: item.font, script: item.script, language: shaping.language),
      let number = Int32(exactly: index)
    else { return nil }
    let font = item.font.harfBuzz.font
    let units = PieceShaper.withRunBuffers(capacity: character.count) {
      glyphs, clusters, positions -> Int32? in
      guard
        plan.shape(
          character, range: 0..<character.count, font: font, glyphs: glyphs,
          clusters: clusters, positions: positions) == 1
      else { return nil }
      return positions[0].xAdvance
    }
    return units.map { (number, $0) }
  }
}
