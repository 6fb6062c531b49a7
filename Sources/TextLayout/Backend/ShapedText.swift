/// The result of shaping one piece of text: glyph runs in visual order and per-cluster advances.
///
/// A piece may come back as several glyph runs when the backend used fallback fonts for some of
/// its characters.
///
/// A shaped piece is immutable and shares its storage between copies: the layout engine hands
/// the same result from a shaping cache to many lines, and a copy costs one reference count.
@_spi(Backend) public struct ShapedText: Sendable, Hashable {
  private let storage: Storage

  /// Creates a shaped piece.
  public init(
    runs: [GlyphRun], clusters: [Cluster], ascent: Double, descent: Double, lineGap: Double
  ) {
    storage = Storage(
      runs: runs, clusters: clusters, advance: runs.reduce(0) { $0 + $1.advance },
      ascent: ascent, descent: descent, lineGap: lineGap,
      uncoveredCharacterCount: Self.uncoveredClusters(runs: runs, clusters: clusters).count)
  }

  /// The glyph runs in visual order (left to right on the screen).
  public var runs: [GlyphRun] { storage.runs }
  /// The clusters in logical order; together they cover the whole piece.
  public var clusters: [Cluster] { storage.clusters }
  /// The total advance of the piece, in points.
  public var advance: Double { storage.advance }
  /// The largest ascent of the fonts used, in points.
  public var ascent: Double { storage.ascent }
  /// The largest descent of the fonts used, in points.
  public var descent: Double { storage.descent }
  /// The largest line gap of the fonts used, in points.
  public var lineGap: Double { storage.lineGap }
  /// The number of clusters drawn with a missing glyph (glyph 0, `.notdef`, which fonts draw
  /// as a box): characters no face the shaper had covers.
  public var uncoveredCharacterCount: Int { storage.uncoveredCharacterCount }

  /// The indices in ``clusters`` of the clusters that hold a missing glyph (glyph 0), in
  /// logical order.
  ///
  /// A shaper gives glyph 0 to a character its face has no glyph for; a fallback that found no
  /// face for a character leaves it there, and every renderer draws it as the face's
  /// `.notdef`, a box.
  package static func uncoveredClusters(runs: [GlyphRun], clusters: [Cluster]) -> [Int] {
    // Almost every piece has none: one pass over the glyphs says so.
    guard runs.contains(where: { $0.glyphs.contains(0) }) else { return [] }
    var starts: [Int] = []
    for run in runs {
      for index in run.glyphs.indices where run.glyphs[index] == 0 {
        starts.append(run.clusters[index])
      }
    }
    return clusterIndices(holding: starts, clusterStarts: clusters.map(\.range.lowerBound))
  }

  /// The indices of the clusters that hold some of the glyph cluster offsets `starts`: for
  /// each, the last cluster that starts at or before it. A shaper that measures without
  /// making clusters counts missing glyphs with this too, so both counts agree.
  ///
  /// - Parameters:
  ///   - starts: Glyph cluster offsets, in any order.
  ///   - clusterStarts: Where each cluster starts, ascending.
  package static func clusterIndices(holding starts: [Int], clusterStarts: [Int]) -> [Int] {
    // One walk over both, in order: a hostile piece can hold thousands of missing glyphs.
    let starts = starts.sorted()
    var indices: [Int] = []
    var cluster = 0
    for start in starts {
      while cluster + 1 < clusterStarts.count && clusterStarts[cluster + 1] <= start {
        cluster += 1
      }
      guard cluster < clusterStarts.count, clusterStarts[cluster] <= start else { continue }
      if indices.last != cluster { indices.append(cluster) }
    }
    return indices
  }

  public static func == (lhs: ShapedText, rhs: ShapedText) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.runs == rhs.runs && lhs.clusters == rhs.clusters && lhs.ascent == rhs.ascent
        && lhs.descent == rhs.descent && lhs.lineGap == rhs.lineGap)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(runs)
    hasher.combine(clusters)
    hasher.combine(ascent)
    hasher.combine(descent)
    hasher.combine(lineGap)
  }

  /// The shared, immutable contents.
  private final class Storage: Sendable {
    let runs: [GlyphRun]
    let clusters: [Cluster]
    let advance: Double
    let ascent: Double
    let descent: Double
    let lineGap: Double
    let uncoveredCharacterCount: Int

    init(
      runs: [GlyphRun], clusters: [Cluster], advance: Double, ascent: Double, descent: Double,
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

  /// A shaping cluster: the smallest piece of text whose glyphs cannot be separated.
  public struct Cluster: Sendable, Hashable {
    /// The cluster's UTF-8 range, relative to the shaped piece.
    public var range: Range<Int>
    /// The sum of the cluster's glyph advances, in points.
    public var advance: Double

    /// Creates a cluster.
    public init(range: Range<Int>, advance: Double) {
      self.range = range
      self.advance = advance
    }
  }
}

/// An opaque identifier of a font face the shaping backend loaded.
///
/// Renderers hand it back to the backend to get glyph outlines or bitmaps.
@_spi(Backend) public struct FontID: Sendable, Hashable {
  /// The backend's index of the face.
  public var rawValue: Int

  /// Creates an identifier.
  public init(rawValue: Int) { self.rawValue = rawValue }
}

/// Glyphs of one font, in visual order, with their positions.
@_spi(Backend) public struct GlyphRun: Sendable, Hashable {
  /// The face the glyphs come from.
  public var font: FontID
  /// The font size in points.
  public var size: Double
  /// Whether the run was shaped right to left.
  public var isRightToLeft: Bool
  /// The glyph indices in the font.
  public var glyphs: [UInt32]
  /// Each glyph's advance, in points.
  public var advances: [Double]
  /// Each glyph's offset from its pen position, in points (y grows downward).
  public var offsets: [GlyphOffset]
  /// Each glyph's cluster: the UTF-8 offset, relative to the shaped piece, where it starts.
  public var clusters: [Int]

  /// Creates a glyph run.
  public init(
    font: FontID, size: Double, isRightToLeft: Bool, glyphs: [UInt32], advances: [Double],
    offsets: [GlyphOffset], clusters: [Int]
  ) {
    precondition(
      glyphs.count == advances.count && glyphs.count == offsets.count
        && glyphs.count == clusters.count,
      "A glyph run needs one advance, offset and cluster per glyph")
    self.font = font
    self.size = size
    self.isRightToLeft = isRightToLeft
    self.glyphs = glyphs
    self.advances = advances
    self.offsets = offsets
    self.clusters = clusters
  }

  /// The sum of the advances, in points.
  public var advance: Double { advances.reduce(0, +) }
}

/// A glyph's displacement from its pen position, in points.
@_spi(Backend) public struct GlyphOffset: Sendable, Hashable {
  /// Horizontal displacement, positive to the right.
  public var x: Double
  /// Vertical displacement, positive downward.
  public var y: Double

  /// Creates an offset.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// No displacement.
  public static let zero = GlyphOffset(x: 0, y: 0)
}
