import CHarfBuzz
import TextLayout

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

  /// Shapes every item and returns the runs in visual order and the clusters in logical order.
  func shape(_ items: [TextItemizer.Item]) -> ShapedText {
    var runs = items.map(shape)
    if isRightToLeft {
      // Items are in logical order; right to left, the first one is drawn rightmost.
      runs.reverse()
    }
    var ascent = 0.0
    var descent = 0.0
    var lineGap = 0.0
    // The largest metrics over the items' faces (a face met again changes nothing).
    for item in items {
      let metrics = item.font.metrics(size: size)
      ascent = max(ascent, metrics.ascent)
      descent = max(descent, metrics.descent)
      lineGap = max(lineGap, metrics.lineGap)
    }
    return ShapedText(
      runs: runs, clusters: clusters(of: runs), ascent: ascent, descent: descent,
      lineGap: lineGap)
  }

  /// Shapes one item with HarfBuzz, with the rest of the piece as context for contextual
  /// shaping, and hands the shaped buffer to `body`.
  private func withShapedBuffer<Result>(
    _ item: TextItemizer.Item, _ body: (OpaquePointer?) -> Result
  ) -> Result {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    bytes.withMemoryRebound(to: CChar.self) { text in
      hb_buffer_add_utf8(
        buffer, text.baseAddress, Int32(text.count), UInt32(item.range.lowerBound),
        Int32(item.range.count))
    }
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, item.script)
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    // Fills in only what is still unset: the language, from the process locale.
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(item.font.harfBuzz.font, buffer, nil, 0)
    return body(buffer)
  }

  /// Measures a piece of one item, left to right, as ``shape(_:)`` and
  /// ``ShapedMeasure/init(_:text:)`` would, to the last bit, without making its glyph runs and
  /// clusters: the sums are added in the same order.
  ///
  /// - Parameters:
  ///   - item: The piece's only item.
  ///   - hangingStart: Where the piece's hanging whitespace starts.
  /// - Returns: The measure, or `nil` when HarfBuzz's clusters are not in logical order (then
  ///   the clusters must be sorted, and ``shape(_:)`` does that).
  func measure(_ item: TextItemizer.Item, hangingStart: Int) -> ShapedMeasure? {
    precondition(!isRightToLeft, "Only a left-to-right piece is measured without its glyphs")
    let scale = size / Double(item.font.harfBuzz.unitsPerEm)
    let sums: (advance: Double, hanging: Double)? = withShapedBuffer(item) { buffer in
      var count: UInt32 = 0
      guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
      else { return (0, 0) }
      let glyphs = Int(count)
      for index in 0..<max(0, glyphs - 1) where infos[index + 1].cluster < infos[index].cluster {
        return nil
      }
      // As `shape(_:)` sums a run's advances, and `clusters(of:)` groups them into clusters.
      var advance = 0.0
      var hanging = 0.0
      var clusterStart = -1
      var clusterAdvance = 0.0
      var character = 0
      for index in 0..<glyphs {
        let glyphAdvance = Double(positions[index].x_advance) * scale
        advance += glyphAdvance
        let start = Int(infos[index].cluster)
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
        }
      }
      if clusterStart >= 0 && clusterStart >= hangingStart { hanging += clusterAdvance }
      return (advance, hanging)
    }
    guard let sums else { return nil }
    // As `shape(_:)`: the largest metrics, from zero.
    let metrics = item.font.metrics(size: size)
    return ShapedMeasure(
      advance: sums.advance, hangingAdvance: sums.hanging, ascent: max(0, metrics.ascent),
      descent: max(0, metrics.descent), lineGap: max(0, metrics.lineGap))
  }

  /// Shapes one item, with the rest of the piece as context for contextual shaping.
  private func shape(_ item: TextItemizer.Item) -> GlyphRun {
    withShapedBuffer(item) { buffer in run(of: item, from: buffer) }
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
        advances.append(Double(positions[index].x_advance) * scale)
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
    var clusters: [ShapedText.Cluster] = []
    clusters.reserveCapacity(characterStarts.count)
    var character = 0
    // Each glyph joins the cluster of the character that contains its HarfBuzz cluster; the
    // ranges' ends are set once every start is known.
    func add(_ start: Int, _ advance: Double) {
      while character + 1 < characterStarts.count, characterStarts[character + 1] <= start {
        character += 1
      }
      // Everything before the first glyph belongs to the first cluster.
      let clusterStart = clusters.isEmpty ? 0 : characterStarts[character]
      if clusters.last?.range.lowerBound == clusterStart {
        clusters[clusters.count - 1].advance += advance
      } else {
        clusters.append(ShapedText.Cluster(range: clusterStart..<clusterStart, advance: advance))
      }
    }
    if runs.count == 1, isNondecreasing(runs[0].clusters) {
      // One run in logical order (left to right, one face): the order sorting would give.
      for index in runs[0].clusters.indices {
        add(runs[0].clusters[index], runs[0].advances[index])
      }
    } else {
      var glyphs: [(start: Int, advance: Double)] = []
      for run in runs {
        for index in run.clusters.indices {
          glyphs.append((run.clusters[index], run.advances[index]))
        }
      }
      glyphs.sort { $0.start < $1.start }
      for glyph in glyphs { add(glyph.start, glyph.advance) }
    }
    if clusters.isEmpty, !bytes.isEmpty {
      return [ShapedText.Cluster(range: 0..<bytes.count, advance: 0)]
    }
    for index in clusters.indices {
      let end = index + 1 < clusters.count ? clusters[index + 1].range.lowerBound : bytes.count
      clusters[index].range = clusters[index].range.lowerBound..<end
    }
    return clusters
  }

  /// Whether every cluster value is at least the one before it.
  private func isNondecreasing(_ values: [Int]) -> Bool {
    var previous = Int.min
    for value in values {
      if value < previous { return false }
      previous = value
    }
    return true
  }
}
