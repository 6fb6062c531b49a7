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

  /// Shapes every item and returns the runs in visual order and the clusters in logical order.
  func shape(_ items: [TextItemizer.Item]) -> ShapedText {
    var runs: [GlyphRun] = []
    runs.reserveCapacity(items.count)
    for item in items { runs.append(shape(item)) }
    if isRightToLeft {
      // Items are in logical order; right to left, the first one is drawn rightmost.
      runs.reverse()
    }
    // The largest metrics over the items' faces (a face met again changes nothing), from the
    // strut or from zero.
    var metrics = strut ?? FontMetrics(ascent: 0, descent: 0, lineGap: 0)
    for item in items { metrics = metrics.union(item.font.metrics(size: size)) }
    return ShapedText(
      runs: runs, clusters: clusters(of: runs), ascent: metrics.ascent,
      descent: metrics.descent, lineGap: metrics.lineGap)
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

  /// Measures a piece of one item as ``shape(_:)`` and ``ShapedMeasure/init(_:text:)`` would,
  /// to the last bit, without making its glyph runs and clusters: the sums are added in the
  /// same order.
  ///
  /// - Parameters:
  ///   - item: The piece's only item.
  ///   - hangingStart: Where the piece's hanging whitespace starts.
  /// - Returns: The measure, or `nil` when HarfBuzz's clusters are not monotonic in the
  ///   shaping direction (then the clusters must be sorted, and ``shape(_:)`` does that).
  func measure(_ item: TextItemizer.Item, hangingStart: Int) -> ShapedMeasure? {
    let scale = size / Double(item.font.harfBuzz.unitsPerEm)
    // Spelled out, so that the closure captures no piece shaper.
    let (characterStarts, isRightToLeft) = (self.characterStarts, self.isRightToLeft)
    let direct = withDirectlyShaped(item) { count, glyphs, clusters, positions in
      Self.sums(
        count: count, glyph: { glyphs[$0] }, cluster: { Int(clusters[$0]) },
        advance: { positions[$0].xAdvance }, scale: scale, hangingStart: hangingStart,
        characterStarts: characterStarts, isRightToLeft: isRightToLeft)
    }
    let measured: (advance: Double, hanging: Double, uncovered: Int)? =
      direct
      ?? withShapedBuffer(item) { buffer in
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
          let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return (0, 0, 0) }
        return Self.sums(
          count: Int(count), glyph: { infos[$0].codepoint }, cluster: { Int(infos[$0].cluster) },
          advance: { positions[$0].x_advance }, scale: scale, hangingStart: hangingStart,
          characterStarts: characterStarts, isRightToLeft: isRightToLeft)
      }
    guard let sums = measured else { return nil }
    // As `shape(_:)`: the largest metrics, from zero.
    let metrics = item.font.metrics(size: size).union(strut)
    return ShapedMeasure(
      advance: sums.advance, hangingAdvance: sums.hanging, ascent: max(0, metrics.ascent),
      descent: max(0, metrics.descent), lineGap: max(0, metrics.lineGap),
      uncoveredCharacterCount: sums.uncovered)
  }

  /// The advance and the hanging advance of a run's glyphs, summed as ``shape(_:)`` and
  /// ``clusters(of:)`` sum them, and the number of clusters holding a missing glyph (0), as
  /// ``ShapedText/uncoveredCharacterCount`` counts them; `nil` when the clusters are not
  /// monotonic in the shaping direction.
  ///
  /// - Parameters:
  ///   - glyph: The glyph identifier of a glyph.
  ///   - cluster: The cluster (a UTF-8 offset into the piece) of a glyph.
  ///   - advance: The advance of a glyph in font units.
  @inline(__always)
  private static func sums(
    count glyphs: Int, glyph: (Int) -> UInt32, cluster: (Int) -> Int,
    advance glyphAdvance: (Int) -> Int32, scale: Double, hangingStart: Int,
    characterStarts: [Int], isRightToLeft: Bool
  ) -> (advance: Double, hanging: Double, uncovered: Int)? {
    for index in 0..<max(0, glyphs - 1) {
      let (this, next) = (cluster(index), cluster(index + 1))
      if isRightToLeft ? next > this : next < this { return nil }
    }
    // As `shape(_:)` sums a run's advances, in glyph order.
    var advance = 0.0
    for index in 0..<glyphs { advance += Self.advance(glyphAdvance(index), scale: scale) }
    // As `clusters(of:)` groups the glyphs into clusters, in logical order. Missing glyphs
    // (0) are rare: only then are the clusters' starts kept, to count the clusters that hold
    // them as ``ShapedText/uncoveredCharacterCount`` does.
    var hasMissing = false
    for index in 0..<glyphs where glyph(index) == 0 { hasMissing = true }
    var missingStarts: [Int] = []
    var clusterStarts: [Int] = []
    var hanging = 0.0
    var clusterStart = -1
    var clusterAdvance = 0.0
    var character = 0
    forEachGlyphInLogicalOrder(clusters: cluster, count: glyphs, isRightToLeft: isRightToLeft) {
      index in
      let glyphAdvance = Self.advance(glyphAdvance(index), scale: scale)
      let start = cluster(index)
      while character + 1 < characterStarts.count, characterStarts[character + 1] <= start {
        character += 1
      }
      let owner = clusterStart < 0 ? 0 : characterStarts[character]
      if owner == clusterStart {
        clusterAdvance += glyphAdvance
      } else {
        if clusterStart >= hangingStart { hanging += clusterAdvance }
        clusterStart = owner
        clusterAdvance = glyphAdvance
        if hasMissing { clusterStarts.append(owner) }
      }
      if hasMissing && glyph(index) == 0 { missingStarts.append(start) }
    }
    if clusterStart >= 0 && clusterStart >= hangingStart { hanging += clusterAdvance }
    let uncovered =
      hasMissing
      ? ShapedText.clusterIndices(holding: missingStarts, clusterStarts: clusterStarts).count
      : 0
    return (advance, hanging, uncovered)
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
  ) -> Result? {
    guard !isRightToLeft,
      let plan = directPlans.plan(for: item.font, script: item.script, language: language)
    else { return nil }
    return Self.withDirectlyShaped(
      bytes, range: item.range, font: item.font.harfBuzz.font, plan: plan, body)
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

  /// A glyph's advance in points from font units, as ``advance(_:scale:)-(hb_glyph_position_t,_)``.
  @inline(__always)
  static func advance(_ units: Int32, scale: Double) -> Double {
    Double(max(0, units)) * scale
  }

  /// A glyph's advance in points: HarfBuzz's, never below zero.
  ///
  /// A font's advance widths are unsigned, but HarfBuzz hands a broken one (every advance
  /// 0xFFFF) back as negative numbers, which made lines of negative width; kerning never takes
  /// a real glyph's advance below zero.
  @inline(__always)
  static func advance(_ position: hb_glyph_position_t, scale: Double) -> Double {
    Double(max(0, position.x_advance)) * scale
  }

  /// Visits the glyphs of a run whose clusters are monotonic in the shaping direction in
  /// logical order: left to right, in glyph order; right to left, in reverse, except that the
  /// glyphs of one cluster keep their glyph order (as a stable sort by cluster leaves them).
  @inline(__always)
  private func forEachGlyphInLogicalOrder(
    clusters: (Int) -> Int, count: Int, _ body: (Int) -> Void
  ) {
    Self.forEachGlyphInLogicalOrder(
      clusters: clusters, count: count, isRightToLeft: isRightToLeft, body)
  }

  @inline(__always)
  private static func forEachGlyphInLogicalOrder(
    clusters: (Int) -> Int, count: Int, isRightToLeft: Bool, _ body: (Int) -> Void
  ) {
    guard isRightToLeft else {
      for index in 0..<count { body(index) }
      return
    }
    var end = count
    while end > 0 {
      var start = end - 1
      while start > 0 && clusters(start - 1) == clusters(end - 1) { start -= 1 }
      for index in start..<end { body(index) }
      end = start
    }
  }

  /// Shapes one item, with the rest of the piece as context for contextual shaping.
  private func shape(_ item: TextItemizer.Item) -> GlyphRun {
    let (size, isRightToLeft) = (self.size, self.isRightToLeft)
    let direct = withDirectlyShaped(item) { count, glyphs, clusters, positions in
      let scale = size / Double(item.font.harfBuzz.unitsPerEm)
      // As `run(of:from:)` converts HarfBuzz's positions.
      return GlyphRun(
        font: item.font.id, size: size, isRightToLeft: isRightToLeft,
        glyphs: Array(glyphs[0..<count]),
        advances: Array(unsafeUninitializedCapacity: count) { advances, initialized in
          for index in 0..<count {
            advances[index] = Self.advance(positions[index].xAdvance, scale: scale)
          }
          initialized = count
        },
        offsets: Array(unsafeUninitializedCapacity: count) { offsets, initialized in
          for index in 0..<count {
            offsets[index] = GlyphOffset(
              x: Double(positions[index].xOffset) * scale,
              y: -Double(positions[index].yOffset) * scale)
          }
          initialized = count
        },
        clusters: Array(unsafeUninitializedCapacity: count) { values, initialized in
          for index in 0..<count { values[index] = Int(clusters[index]) }
          initialized = count
        })
    }
    return direct ?? withShapedBuffer(item) { buffer in run(of: item, from: buffer) }
  }

  /// The glyph run HarfBuzz shaped into `buffer`.
  private func run(of item: TextItemizer.Item, from buffer: OpaquePointer?) -> GlyphRun {
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    let scale = size / Double(item.font.harfBuzz.unitsPerEm)
    var glyphs: [UInt32] = []
    var advances: [Double] = []
    var offsets: [GlyphOffset] = []
    var clusters: [Int] = []
    glyphs.reserveCapacity(Int(count))
    advances.reserveCapacity(Int(count))
    offsets.reserveCapacity(Int(count))
    clusters.reserveCapacity(Int(count))
    if let infos, let positions {
      for index in 0..<Int(count) {
        glyphs.append(infos[index].codepoint)
        clusters.append(Int(infos[index].cluster))
        advances.append(Self.advance(positions[index], scale: scale))
        // HarfBuzz's y axis grows upward; a GlyphOffset's grows downward.
        offsets.append(
          GlyphOffset(
            x: Double(positions[index].x_offset) * scale,
            y: -Double(positions[index].y_offset) * scale))
      }
    }
    return GlyphRun(
      font: item.font.id, size: size, isRightToLeft: isRightToLeft, glyphs: glyphs,
      advances: advances, offsets: offsets, clusters: clusters)
  }

  /// The clusters of the piece in logical order, each starting at a character boundary, with
  /// the sum of its glyphs' advances.
  ///
  /// A glyph belongs to the character that contains its HarfBuzz cluster; characters without
  /// glyphs of their own (inside a ligature, say) join the cluster before them.
  private func clusters(of runs: [GlyphRun]) -> [ShapedText.Cluster] {
    var builder = ClusterBuilder(characterStarts: characterStarts)
    if runs.count == 1, isMonotonic(runs[0].clusters) {
      // One run in logical or in reverse order (one face): the order a stable sort would
      // give, as ``measure(_:hangingStart:)`` follows it.
      let run = runs[0]
      if isRightToLeft {
        forEachGlyphInLogicalOrder(clusters: { run.clusters[$0] }, count: run.clusters.count) {
          builder.add(run.clusters[$0], run.advances[$0])
        }
      } else {
        for index in run.clusters.indices { builder.add(run.clusters[index], run.advances[index]) }
      }
    } else {
      var glyphs: [(start: Int, advance: Double)] = []
      for run in runs {
        for index in run.clusters.indices {
          glyphs.append((run.clusters[index], run.advances[index]))
        }
      }
      glyphs.sort { $0.start < $1.start }
      for glyph in glyphs { builder.add(glyph.start, glyph.advance) }
    }
    // Taken out of the builder, so that setting the ends copies nothing.
    var clusters: [ShapedText.Cluster] = []
    swap(&clusters, &builder.clusters)
    if clusters.isEmpty, !bytes.isEmpty {
      return [ShapedText.Cluster(range: 0..<bytes.count, advance: 0)]
    }
    for index in clusters.indices {
      let end = index + 1 < clusters.count ? clusters[index + 1].range.lowerBound : bytes.count
      clusters[index].range = clusters[index].range.lowerBound..<end
    }
    return clusters
  }

  /// Groups glyphs, in logical order, into the clusters of the characters that contain their
  /// HarfBuzz clusters; the ranges' ends are set once every start is known. A value, so that
  /// adding a glyph takes no closure and no dynamic exclusivity check.
  private struct ClusterBuilder {
    let characterStarts: [Int]
    var clusters: [ShapedText.Cluster] = []
    var character = 0

    init(characterStarts: [Int]) {
      self.characterStarts = characterStarts
      clusters.reserveCapacity(characterStarts.count)
    }

    @inline(__always)
    mutating func add(_ start: Int, _ advance: Double) {
      while character + 1 < characterStarts.count, characterStarts[character + 1] <= start {
        character += 1
      }
      // Everything before the first glyph belongs to the first cluster.
      let clusterStart = clusters.isEmpty ? 0 : characterStarts[character]
      if let last = clusters.indices.last, clusters[last].range.lowerBound == clusterStart {
        clusters[last].advance += advance
      } else {
        clusters.append(ShapedText.Cluster(range: clusterStart..<clusterStart, advance: advance))
      }
    }
  }

  /// Whether every cluster value is at least the one before it (at most, right to left).
  private func isMonotonic(_ values: [Int]) -> Bool {
    for index in 0..<max(0, values.count - 1) {
      let (this, next) = (values[index], values[index + 1])
      if isRightToLeft ? next > this : next < this { return false }
    }
    return true
  }
}
