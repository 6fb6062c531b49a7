@_spi(Backend) import TextLayout

/// The glyphs of shaped pieces in font units, in flat arrays: what the shaping cache keeps for
/// every piece, and what a miss is shaped into before it is cached.
///
/// One set of arrays for many pieces, so that shaping and caching a piece allocates nothing of
/// its own; a piece is a ``Piece``, the ranges of its runs and clusters. Positions stay in the
/// font units HarfBuzz gives (the shaper's fonts are scaled to their units per em) and become
/// points as they are copied out, with the same arithmetic a ``GlyphRun`` was made with, so
/// the copies are the same to the last bit.
struct GlyphArena: GlyphPieceStore {
  /// A run of glyphs of one face, in visual order.
  struct Run {
    var font: FontID
    var size: Double
    /// Points per font unit: the size over the face's units per em.
    var scale: Double
    var isRightToLeft: Bool
    var glyphs: Range<Int>
  }

  /// A cluster, in logical order, with its range relative to its piece.
  struct Cluster {
    var start: UInt32
    var end: UInt32
    var advance: Double
  }

  /// Where a piece's runs and clusters lie.
  struct Piece {
    var runs: Range<Int>
    var clusters: Range<Int>

    static let empty = Piece(runs: 0..<0, clusters: 0..<0)
  }

  var runs: [Run] = []
  var glyphs: [UInt32] = []
  var positions: [PairPositioning.Position] = []
  /// Each glyph's cluster: the UTF-8 offset, relative to its piece, where it starts.
  var glyphClusters: [UInt32] = []
  var clusters: [Cluster] = []

  /// A miss of a batch shaped into the arena: its index in the batch, where it lies, and its
  /// measure.
  struct Miss {
    var index: Int
    var piece: Piece
    var measure: ShapedMeasure
  }

  /// Scratch buffers of an arena lent to shape misses (see ``GlyphArenaPool``), kept with
  /// their memory so that a miss allocates nothing: the misses of a batch, and the UTF-8
  /// offsets of the characters of the piece being shaped.
  var misses: [Miss] = []
  var characterStarts: [Int] = []
  /// The last batch's style language for HarfBuzz, which the next batch mostly shares; kept
  /// when the arena is emptied.
  var languages = HarfBuzzShaper.LanguageMemo()

  /// The number of glyphs held, which bounds the memory a cache keeps.
  var glyphCount: Int { glyphs.count }

  /// Empties the arena, keeping its memory.
  mutating func removeAll() {
    misses.removeAll(keepingCapacity: true)
    runs.removeAll(keepingCapacity: true)
    glyphs.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    glyphClusters.removeAll(keepingCapacity: true)
    clusters.removeAll(keepingCapacity: true)
  }

  /// A glyph's advance in points: HarfBuzz's, never below zero.
  ///
  /// A font's advance widths are unsigned, but HarfBuzz hands a broken one (every advance
  /// 0xFFFF) back as negative numbers, which made lines of negative width; kerning never takes
  /// a real glyph's advance below zero.
  @inline(__always)
  static func advance(_ units: Int32, scale: Double) -> Double {
    Double(max(0, units)) * scale
  }

  /// The advance of a glyph in points.
  @inline(__always)
  func advance(ofGlyph index: Int, scale: Double) -> Double {
    Self.advance(positions[index].xAdvance, scale: scale)
  }

  /// Appends another arena's piece, and returns where it lies here.
  mutating func append(_ piece: Piece, of other: GlyphArena) -> Piece {
    let firstRun = runs.count
    // A piece's glyphs are contiguous, its runs in visual order: right to left, the last run
    // holds the first glyphs.
    if !piece.runs.isEmpty {
      var first = Int.max
      var last = 0
      for index in piece.runs {
        first = min(first, other.runs[index].glyphs.lowerBound)
        last = max(last, other.runs[index].glyphs.upperBound)
      }
      let shift = glyphs.count - first
      glyphs.append(contentsOf: other.glyphs[first..<last])
      positions.append(contentsOf: other.positions[first..<last])
      glyphClusters.append(contentsOf: other.glyphClusters[first..<last])
      for index in piece.runs {
        var moved = other.runs[index]
        moved.glyphs = moved.glyphs.lowerBound + shift..<moved.glyphs.upperBound + shift
        runs.append(moved)
      }
    }
    let firstCluster = clusters.count
    clusters.append(contentsOf: other.clusters[piece.clusters])
    return Piece(runs: firstRun..<runs.count, clusters: firstCluster..<clusters.count)
  }

  /// Copies a piece into a layout's glyph storage, in points.
  func store(
    _ piece: Piece, measure: ShapedMeasure, into storage: inout GlyphStorage
  ) -> StoredPiece {
    let firstRun = storage.runs.count
    for index in piece.runs {
      let run = runs[index]
      let start = storage.glyphs.count
      let scale = run.scale
      for glyph in run.glyphs {
        let position = positions[glyph]
        // HarfBuzz's y axis grows upward; a GlyphOffset's grows downward.
        storage.glyphs.append(
          GlyphStorage.Glyph(
            id: glyphs[glyph], cluster: glyphClusters[glyph],
            advance: Self.advance(position.xAdvance, scale: scale),
            offset: GlyphOffset(
              x: Double(position.xOffset) * scale, y: -Double(position.yOffset) * scale)))
      }
      storage.runs.append(
        GlyphStorage.Run(
          font: run.font, size: run.size, isRightToLeft: run.isRightToLeft,
          glyphs: start..<storage.glyphs.count))
    }
    let firstCluster = storage.clusters.count
    for index in piece.clusters {
      let cluster = clusters[index]
      storage.clusters.append(
        ShapedText.Cluster(
          range: Int(cluster.start)..<Int(cluster.end), advance: cluster.advance))
    }
    return StoredPiece(
      runs: firstRun..<storage.runs.count, clusters: firstCluster..<storage.clusters.count,
      advance: measure.advance, ascent: measure.ascent, descent: measure.descent,
      lineGap: measure.lineGap, uncoveredCharacterCount: measure.uncoveredCharacterCount)
  }

  // MARK: - Sums

  /// The sums of a piece's ``ShapedText``, added as it adds them: its advance (each run's
  /// advances summed in glyph order, the runs in visual order), the advance of its clusters
  /// from `hangingStart` on (``ShapedText/advance(ofClustersFrom:)``), and the number of its
  /// clusters that hold a missing glyph (``ShapedText/uncoveredCharacterCount``).
  func sums(
    of piece: Piece, hangingStart: Int
  ) -> (advance: Double, hanging: Double, uncovered: Int) {
    var advance = 0.0
    var hasMissing = false
    for run in runs[piece.runs] {
      var runAdvance = 0.0
      for index in run.glyphs {
        runAdvance += self.advance(ofGlyph: index, scale: run.scale)
        if glyphs[index] == 0 { hasMissing = true }
      }
      advance += runAdvance
    }
    var hanging = 0.0
    for cluster in clusters[piece.clusters] where Int(cluster.start) >= hangingStart {
      hanging += cluster.advance
    }
    guard hasMissing else { return (advance, hanging, 0) }
    var starts: [Int] = []
    for run in runs[piece.runs] {
      for index in run.glyphs where glyphs[index] == 0 {
        starts.append(Int(glyphClusters[index]))
      }
    }
    let uncovered = ShapedText.clusterIndices(
      holding: starts, clusterStarts: clusters[piece.clusters].map { Int($0.start) }
    ).count
    return (advance, hanging, uncovered)
  }
}
