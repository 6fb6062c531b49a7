/// A piece of a line with one style and one direction, placed at its horizontal position.
///
/// Runs of a line are in visual order. A run of the text has the UTF-8 range it shows; a run of
/// the truncation token has ``role`` `.tokenLeader` or `.tokenLabel` and a range into the
/// token's text.
package struct LineRun: Sendable, Hashable {
  /// What the run shows.
  package var role: Role
  /// The UTF-8 range: into the text for `.text`, into the token's leader or label otherwise.
  package var range: Range<Int>
  /// Where the run's style is in its layout's store (``PlacedGlyphs/Store/style(_:)``): a
  /// number instead of a `TextStyle` of its own, whose copy is four references retained when
  /// the run is made and released when it goes.
  let styleIndex: Int
  /// The style the run was shaped with.
  package var style: TextStyle { glyphs.store.style(styleIndex) }
  /// Whether the run reads right to left (an odd bidi level).
  package var isRightToLeft: Bool
  /// The bidi embedding level.
  package var level: UInt8
  /// The x coordinate of the run's left edge in the layout.
  package var x: Double
  /// The run's total advance.
  package var width: Double
  /// The run's glyphs and clusters, in the storage its layout's runs share.
  package var glyphs: PlacedGlyphs

  init(
    role: Role, range: Range<Int>, styleIndex: Int, isRightToLeft: Bool, level: UInt8,
    x: Double, width: Double, glyphs: PlacedGlyphs
  ) {
    self.role = role
    self.range = range
    self.styleIndex = styleIndex
    self.isRightToLeft = isRightToLeft
    self.level = level
    self.x = x
    self.width = width
    self.glyphs = glyphs
  }

  // Equality and hashing take the style's value, wherever it is stored, as they did when
  // each run held its own.
  package static func == (lhs: LineRun, rhs: LineRun) -> Bool {
    lhs.role == rhs.role && lhs.range == rhs.range && lhs.isRightToLeft == rhs.isRightToLeft
      && lhs.level == rhs.level && lhs.x == rhs.x && lhs.width == rhs.width
      && ((lhs.glyphs.store === rhs.glyphs.store && lhs.styleIndex == rhs.styleIndex)
        || lhs.style == rhs.style)
      && lhs.glyphs == rhs.glyphs
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(role)
    hasher.combine(range)
    hasher.combine(style)
    hasher.combine(isRightToLeft)
    hasher.combine(level)
    hasher.combine(x)
    hasher.combine(width)
    hasher.combine(glyphs)
  }

  /// The glyphs, in visual order, with cluster offsets relative to ``range``'s start.
  package var glyphRuns: [GlyphRun] { glyphs.glyphRuns }
  /// The shaping clusters in logical order, with ranges relative to ``range``'s start.
  package var clusters: [ShapedText.Cluster] { Array(glyphs.clusterSlice) }

  /// What a run of a line shows.
  package enum Role: Sendable, Hashable {
    /// Characters of the laid-out text.
    case text
    /// The truncation token's leader, such as "… ".
    case tokenLeader
    /// The truncation token's label, such as "more".
    case tokenLabel
  }

  /// The horizontal extent of each cluster, in logical order, as absolute x coordinates.
  ///
  /// - Returns: For each cluster, its absolute UTF-8 range (for `.text` runs) and its left and
  ///   right x.
  package func clusterExtents() -> [(range: Range<Int>, minX: Double, maxX: Double)] {
    let clusters = glyphs.clusterSlice
    var result: [(range: Range<Int>, minX: Double, maxX: Double)] = []
    result.reserveCapacity(clusters.count)
    var pen = 0.0
    for cluster in clusters {
      let start = cluster.range.lowerBound + range.lowerBound
      let absolute = start..<(start + cluster.range.count)
      if isRightToLeft {
        result.append((absolute, x + width - pen - cluster.advance, x + width - pen))
      } else {
        result.append((absolute, x + pen, x + pen + cluster.advance))
      }
      pen += cluster.advance
    }
    return result
  }
}
