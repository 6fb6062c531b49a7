import CHarfBuzz
@_spi(Backend) import TextLayout

/// Shapes the items of one piece with HarfBuzz and assembles the ``ShapedText``.
struct PieceShaper {
  /// The UTF-8 bytes of the whole piece; each item is shaped with the rest as context.
  var bytes: UnsafeBufferPointer<UInt8>
  /// The font size in points.
  var size: Double
  /// Whether the piece runs right to left.
  var isRightToLeft: Bool
  /// The UTF-8 offset of each character of the piece, ascending.
  var characterStarts: [Int]
  /// Where HarfBuzz buffers come from.
  var buffers: HarfBuzzBufferPool
  /// The smallest line metrics of the piece: the CJK face's, for text in a CJK language.
  var strut: FontMetrics?
  /// The style's language for HarfBuzz (language-specific forms), or `nil` to guess it.
  var language: hb_language_t?
  /// The plans of runs shaped without HarfBuzz (see ``DirectShapingPlan``).
  var directPlans: DirectShapingPlans

  /// Shapes every item into `arena`: the runs in visual order, then the clusters in logical
  /// order, as ``ShapedText`` holds them.
  ///
  /// - Returns: Where the piece lies in the arena, and its measure (the piece's
  ///   ``ShapedMeasure`` as ``ShapedMeasure/init(_:text:)`` makes it from the ``ShapedText``).
  func shape(
    _ items: some Collection<TextItemizer.Item>, hangingStart: Int, into arena: inout GlyphArena
  ) -> (piece: GlyphArena.Piece, measure: ShapedMeasure) {
    let firstRun = arena.runs.count
    var lastItem: TextItemizer.Item?
    var directPlan: Int?
    for item in items {
      directPlan = shape(item, into: &arena)
      lastItem = item
    }
    let edges = directPlan.flatMap { plan in
      lastItem.flatMap { directEdges(plan: plan, item: $0, arena: arena, firstRun: firstRun) }
    }
    let mayKern = lastItem.map { mayKernAfterLastGlyph(of: $0, in: arena) } ?? true
    if isRightToLeft {
      // Items are in logical order; right to left, the first one is drawn rightmost.
      arena.runs[firstRun...].reverse()
    }
    let runs = firstRun..<arena.runs.count
    let clusters = appendClusters(ofRuns: runs, to: &arena)
    let piece = GlyphArena.Piece(runs: runs, clusters: clusters)
    // The largest metrics over the items' faces (a face met again changes nothing), from the
    // strut or from zero.
    var metrics = strut ?? FontMetrics(ascent: 0, descent: 0, lineGap: 0)
    for item in items { metrics = metrics.union(item.font.metrics(size: size)) }
    let sums = arena.sums(of: piece, hangingStart: hangingStart)
    var measure = ShapedMeasure(
      advance: sums.advance, hangingAdvance: sums.hanging, ascent: metrics.ascent,
      descent: metrics.descent, lineGap: metrics.lineGap, uncoveredCharacterCount: sums.uncovered)
    measure.mayKernWithNext = mayKern
    measure.directEdges = edges
    return (piece, measure)
  }

  /// Shapes a piece that is one item, the whole piece, directly (``DirectShapingPlan``): the
  /// common miss, with none of the work a direct run does not need, and without a piece
  /// shaper (whose copy into a closure cost as much as the shaping). Such a run has a glyph
  /// for each scalar, in logical order, and when the piece has as many characters as glyphs
  /// each character is one scalar: its clusters are its glyphs, one to one. The clusters,
  /// the sums and the edges are then made in one pass over the glyphs, with the values and in
  /// the order ``shape(_:hangingStart:into:)`` makes them (``GlyphArena/sums(of:hangingStart:)``
  /// adds the glyphs' advances in order from zero and the clusters' from `hangingStart` on;
  /// a direct run holds no missing glyph), and the edges' advances alone are the ones the
  /// plan read before kerning.
  ///
  /// - Parameters:
  ///   - item: The piece's one item.
  ///   - bytes: The piece's UTF-8.
  ///   - characterCount: The number of characters of the piece.
  ///   - edgeScripts: Whether the piece's first and last characters have a script of their
  ///     own, when the caller knows (``TextItemizer/primaryItem(of:before:after:primary:fallback:)``
  ///     found them as it read the piece); `nil` to find them here.
  ///   - size, strut, language, directPlans: As a ``PieceShaper`` for the piece has them,
  ///     left to right.
  /// - Returns: What ``shape(_:hangingStart:into:)`` returns for the item, or `nil`, with the
  ///   arena unchanged, when the item does not take this path.
  static func shapeDirectly(
    _ item: TextItemizer.Item, bytes: UnsafeBufferPointer<UInt8>, characterCount: Int,
    edgeScripts: (first: Bool, last: Bool)? = nil,
    size: Double, strut: FontMetrics?, language: hb_language_t?, directPlans: DirectShapingPlans,
    hangingStart: Int, into arena: inout GlyphArena
  ) -> (piece: GlyphArena.Piece, measure: ShapedMeasure)? {
    guard item.range == 0..<bytes.count, !bytes.isEmpty,
      let (plan, planIndex) = directPlans.indexedPlan(
        for: item.font, script: item.script, language: language),
      let planNumber = Int32(exactly: planIndex)
    else { return nil }
    let font = item.font.harfBuzz.font
    let scale = size / Double(item.font.harfBuzz.unitsPerEm)
    let firstGlyph = arena.glyphs.count
    let firstCluster = arena.clusters.count
    var edgeUnits: (first: Int32, last: Int32) = (0, 0)
    var sums = (advance: 0.0, hanging: 0.0)
    // The closure reaches the plan without a reference of its own: capturing it, it retained
    // the plan three times and released it as often (about 40 instructions a direct miss).
    // `plan`, which the look-up returned owned, holds it to the end of this function.
    let unownedPlan = Unmanaged.passUnretained(plan)
    let count = withRunBuffers(capacity: bytes.count) { glyphs, clusters, positions -> Int in
      guard
        let count = unownedPlan._withUnsafeGuaranteedRef({
          $0.shape(
            bytes, range: 0..<bytes.count, font: font, glyphs: glyphs, clusters: clusters,
            positions: positions, edgeAdvances: &edgeUnits)
        }),
        count > 0, count == characterCount
      else { return 0 }
      sums = appendOneToOne(
        count: count, glyphs: glyphs, clusters: clusters, positions: positions,
        textCount: UInt32(bytes.count), scale: scale, hangingStart: hangingStart, to: &arena)
      return count
    }
    guard count > 0 else { return nil }
    let run = arena.runs.count
    arena.runs.append(
      GlyphArena.Run(
        font: item.font.id, size: size, scale: scale, isRightToLeft: false,
        glyphs: firstGlyph..<firstGlyph + count))
    let lastGlyph = arena.glyphs[firstGlyph + count - 1]
    // Alone, an edge character has its glyph's advance; one glyph is never kerned.
    let units =
      count == 1
      ? (arena.positions[firstGlyph].xAdvance, arena.positions[firstGlyph].xAdvance) : edgeUnits
    var metrics = strut ?? FontMetrics(ascent: 0, descent: 0, lineGap: 0)
    metrics = metrics.union(item.font.metrics(size: size))
    var measure = ShapedMeasure(
      advance: sums.advance, hangingAdvance: sums.hanging, ascent: metrics.ascent,
      descent: metrics.descent, lineGap: metrics.lineGap, uncoveredCharacterCount: 0)
    measure.mayKernWithNext = plan.neighborSensitive.contains(lastGlyph)
    measure.directEdges = ShapedMeasure.DirectEdges(
      scale: scale, plan: planNumber,
      first: (
        arena.glyphs[firstGlyph], units.0,
        edgeScripts?.first ?? hasOwnScript(UTF8Decoding.scalar(at: 0, in: bytes).scalar)
      ),
      last: (
        lastGlyph, units.1,
        edgeScripts?.last
          ?? hasOwnScript(UTF8Decoding.scalar(endingAt: bytes.count, in: bytes).scalar)
      ),
      isOneCharacter: count == 1)
    return (
      GlyphArena.Piece(runs: run..<run + 1, clusters: firstCluster..<firstCluster + count),
      measure
    )
  }

  /// Whether a character has a script of its own (``ShapedMeasure/DirectEdges``).
  private static func hasOwnScript(_ scalar: Unicode.Scalar) -> Bool {
    // Most edges are in the blocks whose scripts are spelled out, which need no HarfBuzz call.
    if let script = TextItemizer.primaryScript(of: scalar.value) {
      return script != HB_SCRIPT_COMMON
    }
    return !TextItemizer.isNeutral(TextItemizer.script(of: scalar))
  }

  /// Appends a direct run's glyphs to the arena, with a cluster for each (the piece's
  /// characters are its glyphs, one to one), and returns the run's advance and the advance of
  /// its clusters from `hangingStart` on, added as ``GlyphArena/sums(of:hangingStart:)`` adds
  /// them.
  private static func appendOneToOne(
    count: Int, glyphs: UnsafeMutableBufferPointer<UInt32>,
    clusters: UnsafeMutableBufferPointer<UInt32>,
    positions: UnsafeMutableBufferPointer<PairPositioning.Position>, textCount: UInt32,
    scale: Double, hangingStart: Int, to arena: inout GlyphArena
  ) -> (advance: Double, hanging: Double) {
    arena.glyphs.append(contentsOf: UnsafeBufferPointer(rebasing: glyphs[0..<count]))
    arena.positions.append(contentsOf: UnsafeBufferPointer(rebasing: positions[0..<count]))
    arena.glyphClusters.append(contentsOf: UnsafeBufferPointer(rebasing: clusters[0..<count]))
    var runAdvance = 0.0
    var hanging = 0.0
    arena.clusters.reserveCapacity(arena.clusters.count + count)
    for index in 0..<count {
      let advance = GlyphArena.advance(positions[index].xAdvance, scale: scale)
      runAdvance += advance
      // The first cluster starts at the piece's start, as its first glyph's does.
      let start = clusters[index]
      if Int(start) >= hangingStart { hanging += advance }
      arena.clusters.append(
        GlyphArena.Cluster(
          start: start, end: index + 1 < count ? clusters[index + 1] : textCount,
          advance: advance))
    }
    return (0.0 + runAdvance, hanging)
  }

  /// Runs `body` with scratch buffers for a run of at most `capacity` glyphs: their ids,
  /// clusters and positions, in one temporary allocation: three nested allocations, a
  /// closure each, retained what the innermost closure uses seven times and released it as
  /// often after (about 70 instructions a direct miss).
  static func withRunBuffers<Result>(
    capacity: Int,
    _ body: (
      UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt32>,
      UnsafeMutableBufferPointer<PairPositioning.Position>
    ) -> Result
  ) -> Result {
    let capacity = max(1, capacity)
    let idBytes = capacity * MemoryLayout<UInt32>.stride
    let positionBytes = capacity * MemoryLayout<PairPositioning.Position>.stride
    return withUnsafeTemporaryAllocation(
      byteCount: 2 * idBytes + positionBytes,
      alignment: max(
        MemoryLayout<UInt32>.alignment, MemoryLayout<PairPositioning.Position>.alignment)
    ) { raw in
      let base = raw.baseAddress!
      // The positions start at a multiple of 4 bytes, their alignment.
      return body(
        UnsafeMutableBufferPointer(
          start: base.bindMemory(to: UInt32.self, capacity: capacity), count: capacity),
        UnsafeMutableBufferPointer(
          start: (base + idBytes).bindMemory(to: UInt32.self, capacity: capacity),
          count: capacity),
        UnsafeMutableBufferPointer(
          start: (base + 2 * idBytes).bindMemory(
            to: PairPositioning.Position.self, capacity: capacity),
          count: capacity))
    }
  }

  /// The piece's first and last glyphs, when its one item (the piece has one run), the whole
  /// piece, was shaped directly with the plan this shaper keeps at `plan`
  /// (``ShapedMeasure/DirectEdges``).
  private func directEdges(
    plan: Int, item: TextItemizer.Item, arena: GlyphArena, firstRun: Int
  ) -> ShapedMeasure.DirectEdges? {
    guard arena.runs.count == firstRun + 1, item.range == 0..<bytes.count,
      let plan = Int32(exactly: plan)
    else { return nil }
    let run = arena.runs[firstRun]
    guard !run.glyphs.isEmpty else { return nil }
    let (first, last) = (run.glyphs.lowerBound, run.glyphs.upperBound - 1)
    // A direct run has a glyph for each scalar, each plain: its first and last scalars are
    // characters of their own. Alone, each has the advance the font gives its glyph; in the
    // piece, kerning may have changed it.
    func edge(_ glyph: Int, _ scalar: Unicode.Scalar) -> (UInt32, Int32, Bool) {
      let units =
        run.glyphs.count == 1
        ? arena.positions[glyph].xAdvance
        : hb_font_get_glyph_h_advance(item.font.harfBuzz.font, arena.glyphs[glyph])
      return (arena.glyphs[glyph], units, !TextItemizer.isNeutral(TextItemizer.script(of: scalar)))
    }
    return ShapedMeasure.DirectEdges(
      scale: run.scale, plan: plan,
      first: edge(first, UTF8Decoding.scalar(at: 0, in: bytes).scalar),
      last: edge(last, UTF8Decoding.scalar(endingAt: bytes.count, in: bytes).scalar),
      isOneCharacter: run.glyphs.count == 1)
  }

  /// Whether the piece's last glyph, just shaped from its last item into the arena's last run,
  /// may be kerned with a glyph after it (``ShapedMeasure/mayKernWithNext``): `false` only
  /// when the face's ``NeighborSensitiveGlyphs`` knows that nothing that reads two glyphs
  /// takes it. Noto Sans CJK kerns no ideograph and no Hangul syllable, so a segment that
  /// ends with one needs no pair measured. The set is the face's over every script, so an
  /// item of a neutral script (a hyphen), which takes the script of what follows when shaped
  /// with it, is answered for that script too (DejaVu Sans kerns `-v` in Latin only).
  private func mayKernAfterLastGlyph(
    of item: TextItemizer.Item, in arena: GlyphArena
  ) -> Bool {
    guard !isRightToLeft, let run = arena.runs.last, let last = run.glyphs.last
    else { return true }
    return directPlans.mayKern(after: arena.glyphs[last], font: item.font)
  }

  /// Shapes one item with HarfBuzz, with the rest of the piece as context for contextual
  /// shaping, and hands the shaped buffer to `body`.
  private func withShapedBuffer<Result>(
    _ item: TextItemizer.Item, _ body: (OpaquePointer?) -> Result
  ) -> Result {
    buffers.withBuffer { buffer in shapeItem(item, in: buffer, body) }
  }

  /// ``withShapedBuffer(_:_:)`` in an empty buffer.
  private func shapeItem<Result>(
    _ item: TextItemizer.Item, in buffer: OpaquePointer?, _ body: (OpaquePointer?) -> Result
  ) -> Result {
    bytes.withMemoryRebound(to: CChar.self) { text in
      hb_buffer_add_utf8(
        buffer, text.baseAddress, Int32(text.count), UInt32(item.range.lowerBound),
        Int32(item.range.count))
    }
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, item.script)
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    if let language { hb_buffer_set_language(buffer, language) }
    // Fills in only what is still unset: the language, from the process locale.
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(item.font.harfBuzz.font, buffer, nil, 0)
    return body(buffer)
  }

  /// Shapes an item without HarfBuzz when its plan vouches for every character and glyph
  /// (``DirectShapingPlan``), and hands the glyphs, clusters and positions to `body`.
  ///
  /// - Returns: `body`'s result, or `nil` when HarfBuzz must shape the item.
  private func withDirectlyShaped<Result>(
    _ item: TextItemizer.Item,
    _ body: (
      Int, UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt32>,
      UnsafeMutableBufferPointer<PairPositioning.Position>
    ) -> Result
  ) -> (result: Result, plan: Int)? {
    guard !isRightToLeft,
      let (plan, index) = directPlans.indexedPlan(
        for: item.font, script: item.script, language: language)
    else { return nil }
    return Self.withDirectlyShaped(
      bytes, range: item.range, font: item.font.harfBuzz.font, plan: plan, body
    ).map { ($0, index) }
  }

  /// ``withDirectlyShaped(_:_:)`` with what it needs spelled out: the closures capture no
  /// piece shaper, which copying cost as much as the shaping.
  private static func withDirectlyShaped<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: OpaquePointer,
    plan: DirectShapingPlan,
    _ body: (
      Int, UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt32>,
      UnsafeMutableBufferPointer<PairPositioning.Position>
    ) -> Result
  ) -> Result? {
    // A character takes at least one byte: the item's length bounds its glyphs.
    let capacity = max(1, range.count)
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { glyphs in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { clusters in
        withUnsafeTemporaryAllocation(of: PairPositioning.Position.self, capacity: capacity) {
          positions in
          guard
            let count = plan.shape(
              bytes, range: range, font: font, glyphs: glyphs, clusters: clusters,
              positions: positions)
          else { return nil }
          return body(count, glyphs, clusters, positions)
        }
      }
    }
  }

  /// Shapes one item into the arena as a run, with the rest of the piece as context for
  /// contextual shaping.
  ///
  /// - Returns: Where the shaper keeps the plan the item was shaped with directly, `nil` when
  ///   HarfBuzz shaped it.
  @discardableResult
  private func shape(_ item: TextItemizer.Item, into arena: inout GlyphArena) -> Int? {
    let scale = size / Double(item.font.harfBuzz.unitsPerEm)
    let start = arena.glyphs.count
    let directPlan =
      withDirectlyShaped(item) { count, glyphs, clusters, positions in
        arena.glyphs.append(contentsOf: UnsafeBufferPointer(rebasing: glyphs[0..<count]))
        arena.positions.append(contentsOf: UnsafeBufferPointer(rebasing: positions[0..<count]))
        arena.glyphClusters.append(
          contentsOf: UnsafeBufferPointer(rebasing: clusters[0..<count]))
      }?.plan
    if directPlan == nil {
      withShapedBuffer(item) { buffer in
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
          let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        for index in 0..<Int(count) {
          arena.glyphs.append(infos[index].codepoint)
          arena.glyphClusters.append(infos[index].cluster)
          arena.positions.append(
            PairPositioning.Position(
              xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
              yOffset: positions[index].y_offset))
        }
      }
    }
    arena.runs.append(
      GlyphArena.Run(
        font: item.font.id, size: size, scale: scale, isRightToLeft: isRightToLeft,
        glyphs: start..<arena.glyphs.count))
    return directPlan
  }

  /// Appends the clusters of the piece's runs to the arena, in logical order, each starting at
  /// a character boundary, with the sum of its glyphs' advances.
  ///
  /// A glyph belongs to the character that contains its HarfBuzz cluster; characters without
  /// glyphs of their own (inside a ligature, say) join the cluster before them.
  ///
  /// - Returns: Where the clusters lie in the arena.
  private func appendClusters(
    ofRuns runs: Range<Int>, to arena: inout GlyphArena
  ) -> Range<Int> {
    var builder = ClusterBuilder(characterStarts: characterStarts, first: arena.clusters.count)
    if runs.count == 1, isMonotonic(arena.glyphClusters[arena.runs[runs.lowerBound].glyphs]) {
      // One run in logical or in reverse order (one face): the order a stable sort would
      // give.
      let run = arena.runs[runs.lowerBound]
      let first = run.glyphs.lowerBound
      if isRightToLeft {
        var end = run.glyphs.count
        while end > 0 {
          var start = end - 1
          while start > 0
            && arena.glyphClusters[first + start - 1] == arena.glyphClusters[first + end - 1]
          {
            start -= 1
          }
          for index in first + start..<first + end {
            let advance = arena.advance(ofGlyph: index, scale: run.scale)
            builder.add(Int(arena.glyphClusters[index]), advance, to: &arena.clusters)
          }
          end = start
        }
      } else {
        for index in run.glyphs {
          let advance = arena.advance(ofGlyph: index, scale: run.scale)
          builder.add(Int(arena.glyphClusters[index]), advance, to: &arena.clusters)
        }
      }
    } else {
      // The glyphs sorted by cluster, in a temporary allocation (on the stack when small): an
      // array for them was allocated, grown and freed for each such piece.
      var count = 0
      for run in arena.runs[runs] { count += run.glyphs.count }
      withUnsafeTemporaryAllocation(of: (start: Int, advance: Double).self, capacity: count) {
        buffer in
        var glyphs = buffer
        var next = 0
        for run in arena.runs[runs] {
          for index in run.glyphs {
            glyphs.initializeElement(
              at: next,
              to: (Int(arena.glyphClusters[index]), arena.advance(ofGlyph: index, scale: run.scale))
            )
            next += 1
          }
        }
        glyphs.sort { $0.start < $1.start }
        for glyph in glyphs { builder.add(glyph.start, glyph.advance, to: &arena.clusters) }
      }
    }
    let first = builder.first
    if arena.clusters.count == first {
      if !bytes.isEmpty {
        arena.clusters.append(GlyphArena.Cluster(start: 0, end: UInt32(bytes.count), advance: 0))
      }
      return first..<arena.clusters.count
    }
    // Each cluster ends where the next starts, the last at the piece's end.
    for index in first..<arena.clusters.count - 1 {
      arena.clusters[index].end = arena.clusters[index + 1].start
    }
    arena.clusters[arena.clusters.count - 1].end = UInt32(bytes.count)
    return first..<arena.clusters.count
  }

  /// Groups glyphs, in logical order, into the clusters of the characters that contain their
  /// HarfBuzz clusters, appended to the arena's from `first` on. A value, so that adding a
  /// glyph takes no closure and no dynamic exclusivity check.
  private struct ClusterBuilder {
    let characterStarts: [Int]
    /// Where the piece's clusters start in the arena.
    let first: Int
    var character = 0

    @inline(__always)
    mutating func add(_ start: Int, _ advance: Double, to clusters: inout [GlyphArena.Cluster]) {
      while character + 1 < characterStarts.count, characterStarts[character + 1] <= start {
        character += 1
      }
      // Everything before the first glyph belongs to the first cluster.
      let clusterStart = clusters.count == first ? 0 : characterStarts[character]
      if clusters.count > first, Int(clusters[clusters.count - 1].start) == clusterStart {
        clusters[clusters.count - 1].advance += advance
      } else {
        clusters.append(GlyphArena.Cluster(start: UInt32(clusterStart), end: 0, advance: advance))
      }
    }
  }

  /// Whether every cluster value is at least the one before it (at most, right to left).
  private func isMonotonic(_ values: ArraySlice<UInt32>) -> Bool {
    var previous: UInt32?
    for value in values {
      if let previous, isRightToLeft ? value > previous : value < previous { return false }
      previous = value
    }
    return true
  }
}
