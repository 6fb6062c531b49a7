/// The glyphs and clusters of shaped pieces in flat arrays, one set of arrays for many pieces:
/// a layout places its lines' pieces into one storage, so placing a line allocates nothing per
/// piece, and the shaper copies a cached piece in without making its arrays.
///
/// A piece's part is a ``StoredPiece``: where its runs and clusters lie, with its sums. The
/// values are those of the piece's ``ShapedText``, bit for bit: ``append(_:)`` stores one, and
/// ``shapedText(_:)`` makes one back.
package struct GlyphStorage: Sendable {
  /// A run of glyphs of one face, in visual order: a ``GlyphRun`` whose arrays live in the
  /// storage's.
  package struct Run: Sendable, Hashable {
    package var font: FontID
    package var size: Double
    package var isRightToLeft: Bool
    /// Where the run's glyphs are in the glyph arrays.
    package var glyphs: Range<Int>

    package init(font: FontID, size: Double, isRightToLeft: Bool, glyphs: Range<Int>) {
      self.font = font
      self.size = size
      self.isRightToLeft = isRightToLeft
      self.glyphs = glyphs
    }
  }

  /// A glyph of a run: its index in the font, its cluster, its advance and its offset.
  ///
  /// One value a glyph in one array, rather than an array for each field, so that storing a
  /// piece appends once a glyph.
  package struct Glyph: Sendable, Hashable {
    /// The glyph index in the font.
    package var id: UInt32
    /// The UTF-8 offset, relative to its piece, where the glyph's cluster starts.
    package var cluster: UInt32
    /// The advance, in points.
    package var advance: Double
    /// The offset from the pen position, in points (y grows downward).
    package var offset: GlyphOffset

    @inline(__always)
    package init(id: UInt32, cluster: UInt32, advance: Double, offset: GlyphOffset) {
      self.id = id
      self.cluster = cluster
      self.advance = advance
      self.offset = offset
    }
  }

  package var runs: [Run] = []
  package var glyphs: [Glyph] = []
  /// The pieces' clusters, each piece's in logical order, ranges relative to the piece.
  package var clusters: [ShapedText.Cluster] = []

  package init() {}

  /// Makes room for about `pieces` pieces of `glyphs` glyphs in all.
  package mutating func reserveCapacity(pieces: Int, glyphs count: Int) {
    runs.reserveCapacity(pieces)
    glyphs.reserveCapacity(count)
    clusters.reserveCapacity(count)
  }

  /// Empties the storage, keeping its memory.
  package mutating func removeAll() {
    // Empty arrays are left alone: emptying one goes through `replaceSubrange`, about 70
    // instructions even when there is nothing to remove, and a layout's scratch storage is
    // almost always empty.
    if !runs.isEmpty { runs.removeAll(keepingCapacity: true) }
    if !glyphs.isEmpty { glyphs.removeAll(keepingCapacity: true) }
    if !clusters.isEmpty { clusters.removeAll(keepingCapacity: true) }
  }

  /// Stores a shaped piece.
  package mutating func append(_ shaped: ShapedText) -> StoredPiece {
    let firstRun = runs.count
    let firstCluster = clusters.count
    for run in shaped.runs {
      let start = glyphs.count
      for index in run.glyphs.indices {
        // A cluster is a UTF-8 offset within its piece (``GlyphRun/clusters``).
        guard let cluster = UInt32(exactly: run.clusters[index]) else {
          preconditionFailure(
            "A shaper gave glyph \(index) the cluster \(run.clusters[index]), "
              + "which is no UTF-8 offset within its piece")
        }
        glyphs.append(
          Glyph(
            id: run.glyphs[index], cluster: cluster, advance: run.advances[index],
            offset: run.offsets[index]))
      }
      runs.append(
        Run(
          font: run.font, size: run.size, isRightToLeft: run.isRightToLeft,
          glyphs: start..<glyphs.count))
    }
    clusters += shaped.clusters
    return StoredPiece(
      runs: firstRun..<runs.count, clusters: firstCluster..<clusters.count,
      advance: shaped.advance, ascent: shaped.ascent, descent: shaped.descent,
      lineGap: shaped.lineGap, uncoveredCharacterCount: shaped.uncoveredCharacterCount)
  }

  /// Stores a piece of another storage, its runs' faces replaced by `fonts` (one for each of
  /// its runs, in order) when given.
  package mutating func append(
    _ piece: StoredPiece, of other: GlyphStorage, fonts: [FontID]?
  ) -> StoredPiece {
    let firstRun = runs.count
    let firstCluster = clusters.count
    for (position, index) in piece.runs.enumerated() {
      let run = other.runs[index]
      let start = glyphs.count
      glyphs += other.glyphs[run.glyphs]
      runs.append(
        Run(
          font: fonts?[position] ?? run.font, size: run.size, isRightToLeft: run.isRightToLeft,
          glyphs: start..<glyphs.count))
    }
    clusters += other.clusters[piece.clusters]
    var appended = piece
    appended.runs = firstRun..<runs.count
    appended.clusters = firstCluster..<clusters.count
    return appended
  }

  /// Stores a piece with no glyphs and one empty cluster for each of `count` characters of
  /// one byte: a run of tabs, whose advances its line gives (``setClusterAdvance(_:at:)``).
  package mutating func appendEmptyClusters(
    count: Int, ascent: Double, descent: Double, lineGap: Double
  ) -> StoredPiece {
    let first = clusters.count
    for index in 0..<count {
      clusters.append(ShapedText.Cluster(range: index..<index + 1, advance: 0))
    }
    return StoredPiece(
      runs: runs.count..<runs.count, clusters: first..<clusters.count, advance: 0,
      ascent: ascent, descent: descent, lineGap: lineGap, uncoveredCharacterCount: 0)
  }

  /// Gives a stored cluster its advance.
  package mutating func setClusterAdvance(_ advance: Double, at index: Int) {
    clusters[index].advance = advance
  }

  /// A stored run as a ``GlyphRun`` of its own.
  package func glyphRun(_ index: Int) -> GlyphRun {
    let run = runs[index]
    let glyphs = self.glyphs[run.glyphs]
    return GlyphRun(
      font: run.font, size: run.size, isRightToLeft: run.isRightToLeft,
      glyphs: glyphs.map(\.id), advances: glyphs.map(\.advance), offsets: glyphs.map(\.offset),
      clusters: glyphs.map { Int($0.cluster) })
  }

  /// A stored piece as the ``ShapedText`` it was stored from.
  package func shapedText(_ piece: StoredPiece) -> ShapedText {
    ShapedText(
      runs: piece.runs.map(glyphRun), clusters: Array(clusters[piece.clusters]),
      ascent: piece.ascent, descent: piece.descent, lineGap: piece.lineGap)
  }
}

/// Where a shaped piece's glyphs lie in a ``GlyphStorage``, and its sums: a piece's
/// ``ShapedText`` without arrays of its own.
package struct StoredPiece: Sendable, Hashable {
  /// The piece's runs in the storage's ``GlyphStorage/runs``, in visual order.
  package var runs: Range<Int>
  /// The piece's clusters in the storage's ``GlyphStorage/clusters``, in logical order.
  package var clusters: Range<Int>
  /// ``ShapedText/advance``.
  package var advance: Double
  package var ascent: Double
  package var descent: Double
  package var lineGap: Double
  /// ``ShapedText/uncoveredCharacterCount``.
  package var uncoveredCharacterCount: Int

  package init(
    runs: Range<Int>, clusters: Range<Int>, advance: Double, ascent: Double, descent: Double,
    lineGap: Double, uncoveredCharacterCount: Int
  ) {
    self.runs = runs
    self.clusters = clusters
    self.advance = advance
    self.ascent = ascent
    self.descent = descent
    self.lineGap = lineGap
    self.uncoveredCharacterCount = uncoveredCharacterCount
  }
}
