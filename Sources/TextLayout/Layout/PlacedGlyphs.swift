/// The glyphs and clusters of one run of a placed line: ranges of its layout's glyph storage,
/// which every run of the layout shares, so that placing a line makes no arrays for each of
/// its runs.
///
/// Two values are equal when their glyphs and clusters are, wherever they are stored.
package struct PlacedGlyphs: Sendable, Hashable {
  /// The storage of a layout's glyphs, shared by its runs.
  ///
  /// Filled once, while the layout is placed and before any run escapes it (see
  /// ``LinePlacer/place(isTruncated:maker:)``), and only read after: that is what makes
  /// sharing it between threads safe.
  package final class Store: @unchecked Sendable {
    package fileprivate(set) var contents: GlyphStorage
    /// The laid-out text's runs, whose styles are the styles of the layout's text runs.
    private let textRuns: [StyledText.Run]
    /// The styles of the layout's token runs, after the text's in ``style(_:)``'s numbering.
    private var tokenStyles: [TextStyle] = []

    init(_ contents: GlyphStorage = GlyphStorage(), textRuns: [StyledText.Run] = []) {
      self.contents = contents
      self.textRuns = textRuns
    }

    /// Fills the store, once, with the layout's glyphs and its token runs' styles.
    func fill(with contents: GlyphStorage, tokenStyles: [TextStyle]) {
      self.contents = contents
      self.tokenStyles = tokenStyles
    }

    /// The number of the first token style: the text's run count.
    var firstTokenStyle: Int { textRuns.count }

    /// A run's style by number: the text's runs' first, then the token's.
    func style(_ index: Int) -> TextStyle {
      index < textRuns.count ? textRuns[index].style : tokenStyles[index - textRuns.count]
    }
  }

  let store: Store
  /// The run's glyph runs in the store, in visual order.
  let runs: Range<Int>
  /// The run's clusters in the store, in logical order.
  let clusters: Range<Int>

  init(store: Store, runs: Range<Int>, clusters: Range<Int>) {
    self.store = store
    self.runs = runs
    self.clusters = clusters
  }

  /// No glyphs and no clusters.
  static let none = PlacedGlyphs(store: Store(), runs: 0..<0, clusters: 0..<0)

  /// The glyph runs, each with arrays of its own.
  var glyphRuns: [GlyphRun] { runs.map(store.contents.glyphRun) }

  /// The clusters, with ranges relative to the run's range.
  var clusterSlice: ArraySlice<ShapedText.Cluster> { store.contents.clusters[clusters] }

  package static func == (lhs: PlacedGlyphs, rhs: PlacedGlyphs) -> Bool {
    if lhs.store === rhs.store && lhs.runs == rhs.runs && lhs.clusters == rhs.clusters {
      return true
    }
    guard lhs.runs.count == rhs.runs.count,
      lhs.clusterSlice.elementsEqual(rhs.clusterSlice)
    else { return false }
    let left = lhs.store.contents
    let right = rhs.store.contents
    return zip(lhs.runs, rhs.runs).allSatisfy { leftIndex, rightIndex in
      let (a, b) = (left.runs[leftIndex], right.runs[rightIndex])
      return a.font == b.font && a.size == b.size && a.isRightToLeft == b.isRightToLeft
        && left.glyphs[a.glyphs].elementsEqual(right.glyphs[b.glyphs])
    }
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(glyphRuns)
    for cluster in clusterSlice { hasher.combine(cluster) }
  }
}
