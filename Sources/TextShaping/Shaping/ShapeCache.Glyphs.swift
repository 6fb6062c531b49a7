@_spi(Backend) import TextLayout

extension ShapeCache {
  /// The glyphs of the cached pieces, in the narrowest types that hold them exactly.
  ///
  /// A ``GlyphArena`` keeps 20 bytes a glyph (a 32-bit glyph, three 32-bit positions and a
  /// 32-bit cluster offset), 16 a cluster and 48 a run. OpenType glyph ids are 16-bit, a font's
  /// advances in its own units fit in 16 bits, a cached piece is a word or a few, and almost no
  /// glyph has an offset: here a glyph is 6 bytes (id, advance, cluster offset), a cluster 12,
  /// a run 12, with its face, size, scale and direction kept once for all runs that share
  /// them, and offsets kept only for the runs that have one. A piece that does not fit (a
  /// glyph id, advance, offset or cluster offset beyond 16 bits) is not cached (``append(_:of:)`` returns
  /// `nil`) and is shaped again when it is met again.
  ///
  /// ``store(_:measure:into:)`` turns the narrow values into points with the arithmetic of
  /// ``GlyphArena/store(_:measure:into:)``, so a hit gives the glyphs of the miss to the last
  /// bit.
  struct Glyphs: GlyphPieceStore {
    /// A run of glyphs of one face, in visual order.
    struct Run {
      var firstGlyph: UInt32
      /// Where the run's offsets start in ``offsets``, or `UInt32.max` when every glyph's
      /// offset is zero.
      var firstOffset: UInt32
      var glyphCount: UInt16
      /// The run's face, size and direction: an index into ``styles``.
      var style: UInt16
    }

    /// What the runs of many pieces share: their face, size, scale and direction.
    struct Style: Equatable {
      var font: FontID
      var size: Double
      var scale: Double
      var isRightToLeft: Bool

      static func == (left: Style, right: Style) -> Bool {
        left.font == right.font && left.size.bitPattern == right.size.bitPattern
          && left.scale.bitPattern == right.scale.bitPattern
          && left.isRightToLeft == right.isRightToLeft
      }
    }

    /// A glyph's offset in font units.
    struct Offset {
      var x: Int16
      var y: Int16
    }

    /// A cluster's UTF-8 range, relative to its piece.
    struct ClusterRange {
      var start: UInt16
      var end: UInt16
    }

    /// A glyph: its id, its advance in font units as HarfBuzz gave it, and its cluster (the
    /// UTF-8 offset, relative to its piece, where its cluster starts).
    struct Glyph {
      var id: UInt16
      var advance: Int16
      var cluster: UInt16
    }

    /// Where a piece's runs and clusters lie.
    struct Piece {
      var firstRun: UInt32
      var firstCluster: UInt32
      var runCount: UInt16
      var clusterCount: UInt16

      var runs: Range<Int> { Int(firstRun)..<Int(firstRun) + Int(runCount) }
      var clusters: Range<Int> { Int(firstCluster)..<Int(firstCluster) + Int(clusterCount) }
    }

    private(set) var runs: [Run] = []
    private(set) var styles: [Style] = []
    private var styleIndices = ValueIndex()
    /// The style of the last run appended.
    private var lastStyle: UInt16 = 0
    private(set) var glyphs: [Glyph] = []
    private(set) var offsets: [Offset] = []
    private(set) var clusters: [ClusterRange] = []
    private(set) var clusterAdvances: [Double] = []

    /// The number of glyphs held, which bounds the memory a cache keeps.
    var glyphCount: Int { glyphs.count }

    /// Makes room for a cache's first pieces at once, rather than doubling from one.
    mutating func reserveInitialCapacity() {
      guard glyphs.capacity == 0 else { return }
      runs.reserveCapacity(256)
      glyphs.reserveCapacity(1024)
      clusters.reserveCapacity(1024)
      clusterAdvances.reserveCapacity(1024)
    }

    /// Empties the glyphs, keeping their memory.
    mutating func removeAll() {
      runs.removeAll(keepingCapacity: true)
      styles.removeAll(keepingCapacity: true)
      styleIndices.removeAll()
      lastStyle = 0
      glyphs.removeAll(keepingCapacity: true)
      offsets.removeAll(keepingCapacity: true)
      clusters.removeAll(keepingCapacity: true)
      clusterAdvances.removeAll(keepingCapacity: true)
    }

    /// Whether a value fits in 16 signed bits.
    @inline(__always)
    private static func fitsInt16(_ value: Int32) -> Bool {
      UInt32(bitPattern: value &+ 0x8000) <= UInt16.max
    }

    /// Appends `count` values made by `make` to `array` with one copy, rather than one
    /// append (and one uniqueness check) for each.
    @inline(__always)
    private static func append<Element>(
      to array: inout [Element], count: Int, _ make: (Int) -> Element
    ) {
      withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
        for index in 0..<count { buffer.initializeElement(at: index, to: make(index)) }
        array.append(contentsOf: UnsafeBufferPointer(buffer))
      }
    }

    /// Runs `body` with scratch buffers for `count` clusters' ranges and advances, in one
    /// temporary allocation, so that one pass over a piece's clusters fills both.
    @inline(__always)
    private static func withClusterBuffers<Result>(
      count: Int,
      _ body: (UnsafeMutableBufferPointer<ClusterRange>, UnsafeMutableBufferPointer<Double>) ->
        Result
    ) -> Result {
      // The advances first, at the allocation's start: their alignment (8) is the larger.
      let advanceBytes = count * MemoryLayout<Double>.stride
      return withUnsafeTemporaryAllocation(
        byteCount: advanceBytes + count * MemoryLayout<ClusterRange>.stride,
        alignment: MemoryLayout<Double>.alignment
      ) { raw in
        let base = raw.baseAddress!
        return body(
          UnsafeMutableBufferPointer(
            start: (base + advanceBytes).bindMemory(to: ClusterRange.self, capacity: count),
            count: count),
          UnsafeMutableBufferPointer(
            start: base.bindMemory(to: Double.self, capacity: count), count: count))
      }
    }

    /// The index of a run's face, size, scale and direction in ``styles``, added when new;
    /// consecutive runs mostly share them, so the last one is compared first, and the others
    /// are found by their hash (``ShapeCache/styleHash(_:)``, not `Hasher`: see
    /// ``ShapeCache/ValueIndex``).
    private mutating func styleIndex(of run: GlyphArena.Run) -> UInt16 {
      let style = Style(
        font: run.font, size: run.size, scale: run.scale, isRightToLeft: run.isRightToLeft)
      if Int(lastStyle) < styles.count && styles[Int(lastStyle)] == style { return lastStyle }
      let hash = ShapeCache.styleHash(style)
      if let known = styleIndices.index(hash: hash, where: { styles[Int($0)] == style }) {
        lastStyle = known
        return known
      }
      let index = UInt16(styles.count)
      styleIndices.add(index, hash: hash)
      styles.append(style)
      lastStyle = index
      return index
    }

    /// Appends a piece of an arena, and returns where it lies here; `nil`, with nothing
    /// appended, when it does not fit in the narrow types.
    mutating func append(_ piece: GlyphArena.Piece, of arena: GlyphArena) -> Piece? {
      guard piece.runs.count <= UInt16.max, piece.clusters.count <= UInt16.max,
        styles.count + piece.runs.count < UInt16.max
      else { return nil }
      // The arena's arrays read through pointers: a closure that captured the arena would
      // copy it, and count a reference for each of its arrays.
      return arena.glyphs.withUnsafeBufferPointer { ids in
        arena.positions.withUnsafeBufferPointer { positions in
          arena.glyphClusters.withUnsafeBufferPointer { glyphClusters in
            arena.clusters.withUnsafeBufferPointer { clusters in
              // Most pieces are one run without offsets: appended in one pass.
              if piece.runs.count == 1,
                let appended = appendOneRun(
                  piece, run: arena.runs[piece.runs.lowerBound], ids: ids, positions: positions,
                  glyphClusters: glyphClusters, clusters: clusters)
              {
                return appended
              }
              return append(
                piece, runs: arena.runs, ids: ids, positions: positions,
                glyphClusters: glyphClusters, clusters: clusters)
            }
          }
        }
      }
    }

    /// ``append(_:of:)`` for a piece of one run none of whose glyphs has an offset: the
    /// glyphs, the run, the clusters and their advances as the general path appends them,
    /// each array once; `nil`, with nothing appended, when the piece is not one (an offset, or
    /// a value beyond the narrow types), and the general path decides. Each glyph and each
    /// cluster is checked as it is converted, in one pass: checked first and converted after,
    /// each was read twice.
    private mutating func appendOneRun(
      _ piece: GlyphArena.Piece, run: GlyphArena.Run, ids: UnsafeBufferPointer<UInt32>,
      positions: UnsafeBufferPointer<PairPositioning.Position>,
      glyphClusters: UnsafeBufferPointer<UInt32>,
      clusters arenaClusters: UnsafeBufferPointer<GlyphArena.Cluster>
    ) -> Piece? {
      let range = run.glyphs
      guard range.count <= UInt16.max else { return nil }
      let first = range.lowerBound
      return withUnsafeTemporaryAllocation(of: Glyph.self, capacity: range.count) {
        converted -> Piece? in
        for index in 0..<range.count {
          let position = positions[first + index]
          let id = ids[first + index]
          let cluster = glyphClusters[first + index]
          guard id | cluster <= UInt16.max, Self.fitsInt16(position.xAdvance),
            position.xOffset | position.yOffset == 0
          else { return nil }
          converted.initializeElement(
            at: index,
            to: Glyph(
              id: UInt16(truncatingIfNeeded: id),
              advance: Int16(truncatingIfNeeded: position.xAdvance),
              cluster: UInt16(truncatingIfNeeded: cluster)))
        }
        let start = piece.clusters.lowerBound
        return Self.withClusterBuffers(count: piece.clusters.count) {
          ranges, advances -> Piece? in
          for index in 0..<piece.clusters.count {
            let cluster = arenaClusters[start + index]
            guard cluster.end <= UInt16.max else { return nil }
            ranges.initializeElement(
              at: index,
              to: ClusterRange(
                start: UInt16(truncatingIfNeeded: cluster.start),
                end: UInt16(truncatingIfNeeded: cluster.end)))
            advances.initializeElement(at: index, to: cluster.advance)
          }
          let style = styleIndex(of: run)
          let firstRun = runs.count
          let firstCluster = clusters.count
          runs.append(
            Run(
              firstGlyph: UInt32(glyphs.count), firstOffset: UInt32.max,
              glyphCount: UInt16(range.count), style: style))
          glyphs.append(contentsOf: UnsafeBufferPointer(converted))
          clusters.append(contentsOf: UnsafeBufferPointer(ranges))
          clusterAdvances.append(contentsOf: UnsafeBufferPointer(advances))
          return Piece(
            firstRun: UInt32(firstRun), firstCluster: UInt32(firstCluster), runCount: 1,
            clusterCount: UInt16(piece.clusters.count))
        }
      }
    }

    /// Appends the glyphs of an arena's run, each checked to fit in the narrow types as it is
    /// converted, and returns whether any has an offset; `nil`, with nothing appended, when one
    /// does not fit.
    private mutating func appendGlyphs(
      _ range: Range<Int>, ids: UnsafeBufferPointer<UInt32>,
      positions: UnsafeBufferPointer<PairPositioning.Position>,
      glyphClusters: UnsafeBufferPointer<UInt32>
    ) -> Bool? {
      withUnsafeTemporaryAllocation(of: Glyph.self, capacity: range.count) { buffer in
        var hasOffsets = false
        for (index, glyph) in range.enumerated() {
          let position = positions[glyph]
          // Each value in 16 bits: unsigned below 0x1_0000, signed within ±0x8000.
          guard ids[glyph] | glyphClusters[glyph] <= UInt16.max,
            Self.fitsInt16(position.xAdvance), Self.fitsInt16(position.xOffset),
            Self.fitsInt16(position.yOffset)
          else { return nil }
          hasOffsets = hasOffsets || position.xOffset | position.yOffset != 0
          buffer.initializeElement(
            at: index,
            to: Glyph(
              id: UInt16(truncatingIfNeeded: ids[glyph]),
              advance: Int16(truncatingIfNeeded: position.xAdvance),
              cluster: UInt16(truncatingIfNeeded: glyphClusters[glyph])))
        }
        glyphs.append(contentsOf: UnsafeBufferPointer(buffer))
        return hasOffsets
      }
    }

    /// ``append(_:of:)`` with the arena's arrays.
    private mutating func append(
      _ piece: GlyphArena.Piece, runs arenaRuns: [GlyphArena.Run],
      ids: UnsafeBufferPointer<UInt32>, positions: UnsafeBufferPointer<PairPositioning.Position>,
      glyphClusters: UnsafeBufferPointer<UInt32>,
      clusters arenaClusters: UnsafeBufferPointer<GlyphArena.Cluster>
    ) -> Piece? {
      let firstRun = runs.count
      let firstGlyph = glyphs.count
      let firstOffset = offsets.count
      for index in piece.runs {
        let run = arenaRuns[index]
        let range = run.glyphs
        guard range.count <= UInt16.max,
          let hasOffsets = appendGlyphs(
            range, ids: ids, positions: positions, glyphClusters: glyphClusters)
        else {
          // An earlier run of the piece may be in: taken out again.
          runs.removeSubrange(firstRun...)
          glyphs.removeSubrange(firstGlyph...)
          offsets.removeSubrange(firstOffset...)
          return nil
        }
        runs.append(
          Run(
            firstGlyph: UInt32(glyphs.count - range.count),
            firstOffset: hasOffsets ? UInt32(offsets.count) : UInt32.max,
            glyphCount: UInt16(range.count), style: styleIndex(of: run)))
        if hasOffsets {
          // Every offset was checked to fit.
          let start = range.lowerBound
          Self.append(to: &offsets, count: range.count) {
            Offset(
              x: Int16(truncatingIfNeeded: positions[start + $0].xOffset),
              y: Int16(truncatingIfNeeded: positions[start + $0].yOffset))
          }
        }
      }
      let firstCluster = clusters.count
      let clustersFit = withUnsafeTemporaryAllocation(
        of: ClusterRange.self, capacity: piece.clusters.count
      ) { buffer in
        for (index, cluster) in arenaClusters[piece.clusters].enumerated() {
          guard cluster.end <= UInt16.max else { return false }
          buffer.initializeElement(
            at: index,
            to: ClusterRange(
              start: UInt16(truncatingIfNeeded: cluster.start),
              end: UInt16(truncatingIfNeeded: cluster.end)))
        }
        clusters.append(contentsOf: UnsafeBufferPointer(buffer))
        return true
      }
      guard clustersFit else {
        runs.removeSubrange(firstRun...)
        glyphs.removeSubrange(firstGlyph...)
        offsets.removeSubrange(firstOffset...)
        return nil
      }
      let start = piece.clusters.lowerBound
      Self.append(to: &clusterAdvances, count: piece.clusters.count) {
        arenaClusters[start + $0].advance
      }
      return Piece(
        firstRun: UInt32(firstRun), firstCluster: UInt32(firstCluster),
        runCount: UInt16(piece.runs.count), clusterCount: UInt16(piece.clusters.count))
    }

    /// Copies a piece of one run without offsets into a layout's glyph storage but for its
    /// last glyph and its last cluster, which must be that glyph's alone and one byte long (a
    /// word's trailing space); `nil`, with nothing stored, when the piece is not such a one.
    /// `measure` is the shorter piece's.
    func storeWithoutLastGlyph(
      _ piece: Piece, measure: ShapedMeasure, into storage: inout GlyphStorage
    ) -> StoredPiece? {
      guard piece.runCount == 1, piece.clusterCount >= 2 else { return nil }
      let run = runs[Int(piece.firstRun)]
      let lastCluster = clusters[piece.clusters.upperBound - 1]
      let first = Int(run.firstGlyph)
      let end = first + Int(run.glyphCount)
      guard run.firstOffset == UInt32.max, run.glyphCount >= 2,
        lastCluster.end == lastCluster.start + 1,
        glyphs[end - 1].cluster == lastCluster.start,
        glyphs[end - 2].cluster < lastCluster.start
      else { return nil }
      let firstRun = storage.runs.count
      appendRun(run, glyphs: first..<end - 1, blanks: Blanks(), into: &storage)
      return storedPiece(
        clusters: piece.clusters.dropLast(), firstRun: firstRun, measure: measure, into: &storage)
    }

    /// Copies a piece into a layout's glyph storage, in points, as
    /// ``GlyphArena/store(_:measure:into:)`` copies the piece it was made from.
    func store(
      _ piece: Piece, measure: ShapedMeasure, into storage: inout GlyphStorage
    ) -> StoredPiece {
      store(
        piece, advance: measure.advance, ascent: measure.ascent, descent: measure.descent,
        lineGap: measure.lineGap, uncoveredCharacterCount: measure.uncoveredCharacterCount,
        blanks: Blanks(), into: &storage)
    }

    /// Values of the layout's types that a stored glyph, run and piece are written over.
    ///
    /// Their initializers are TextLayout's `package` API, whose bodies do not cross into this
    /// module: each call is out of line, its result spilled and reloaded, where their stored
    /// properties are written in place. A batch makes these once for all its pieces
    /// (``ShapeCache/store(_:in:keys:plainKey:missing:into:stored:)``).
    struct Blanks {
      var glyph = GlyphStorage.Glyph(
        id: 0, cluster: 0, advance: 0, offset: GlyphOffset(x: 0, y: 0))
      var run = GlyphStorage.Run(
        font: FontID(rawValue: 0), size: 0, isRightToLeft: false, glyphs: 0..<0)
      var piece = StoredPiece(
        runs: 0..<0, clusters: 0..<0, advance: 0, ascent: 0, descent: 0, lineGap: 0,
        uncoveredCharacterCount: 0)
    }

    /// Copies a piece into a layout's glyph storage, as ``store(_:measure:into:)`` does, with
    /// only the measure's values a stored piece keeps: a batch's hit passes them from the
    /// cache's entry and tail without making the whole measure (its edges packed and unpacked
    /// cost about 70 instructions a piece).
    func store(
      _ piece: Piece, advance: Double, ascent: Double, descent: Double, lineGap: Double,
      uncoveredCharacterCount: Int, blanks: Blanks, into storage: inout GlyphStorage
    ) -> StoredPiece {
      let firstRun = storage.runs.count
      for index in piece.runs {
        let run = runs[index]
        let first = Int(run.firstGlyph)
        appendRun(
          run, glyphs: first..<first + Int(run.glyphCount), blanks: blanks, into: &storage)
      }
      let firstCluster = storage.clusters.count
      appendClusters(piece.clusters, into: &storage)
      var stored = blanks.piece
      stored.runs = firstRun..<storage.runs.count
      stored.clusters = firstCluster..<storage.clusters.count
      stored.advance = advance
      stored.ascent = ascent
      stored.descent = descent
      stored.lineGap = lineGap
      stored.uncoveredCharacterCount = uncoveredCharacterCount
      return stored
    }

    /// Copies glyphs of a run (`glyphs`, indices into the cache's glyphs) into a layout's
    /// glyph storage as one run, in points.
    @inline(__always)
    private func appendRun(
      _ run: Run, glyphs: Range<Int>, blanks: Blanks, into storage: inout GlyphStorage
    ) {
      let style = styles[Int(run.style)]
      let start = storage.glyphs.count
      let scale = style.scale
      // HarfBuzz's y axis grows upward; a GlyphOffset's grows downward.
      let zero = GlyphOffset(x: Double(0 as Int16) * scale, y: -Double(0 as Int16) * scale)
      var stored = blanks.glyph
      stored.offset = zero
      if run.firstOffset == UInt32.max {
        for index in glyphs {
          let glyph = self.glyphs[index]
          stored.id = UInt32(glyph.id)
          stored.cluster = UInt32(glyph.cluster)
          stored.advance = GlyphArena.advance(Int32(glyph.advance), scale: scale)
          storage.glyphs.append(stored)
        }
      } else {
        let firstOffset = Int(run.firstOffset) - Int(run.firstGlyph)
        for index in glyphs {
          let glyph = self.glyphs[index]
          let offset = offsets[firstOffset + index]
          stored.id = UInt32(glyph.id)
          stored.cluster = UInt32(glyph.cluster)
          stored.advance = GlyphArena.advance(Int32(glyph.advance), scale: scale)
          stored.offset = GlyphOffset(x: Double(offset.x) * scale, y: -Double(offset.y) * scale)
          storage.glyphs.append(stored)
        }
      }
      var storedRun = blanks.run
      storedRun.font = style.font
      storedRun.size = style.size
      storedRun.isRightToLeft = style.isRightToLeft
      storedRun.glyphs = start..<storage.glyphs.count
      storage.runs.append(storedRun)
    }

    /// Copies clusters (indices into the cache's clusters) into a layout's glyph storage and
    /// makes the stored piece whose runs start at `firstRun`.
    @inline(__always)
    private func storedPiece(
      clusters indices: Range<Int>, firstRun: Int, measure: ShapedMeasure,
      into storage: inout GlyphStorage
    ) -> StoredPiece {
      let firstCluster = storage.clusters.count
      appendClusters(indices, into: &storage)
      return StoredPiece(
        runs: firstRun..<storage.runs.count, clusters: firstCluster..<storage.clusters.count,
        advance: measure.advance, ascent: measure.ascent, descent: measure.descent,
        lineGap: measure.lineGap, uncoveredCharacterCount: measure.uncoveredCharacterCount)
    }

    /// Copies clusters (indices into the cache's clusters) into a layout's glyph storage.
    @inline(__always)
    private func appendClusters(_ indices: Range<Int>, into storage: inout GlyphStorage) {
      for index in indices {
        let cluster = clusters[index]
        storage.clusters.append(
          ShapedText.Cluster(
            range: Int(cluster.start)..<Int(cluster.end), advance: clusterAdvances[index]))
      }
    }
  }
}
