@_spi(Backend) import TextLayout

/// The measures of truncation tokens ("…", " more") for the process, by font file: a token
/// is the same few characters in every text, and a new shaper measured it again for each.
///
/// A measure depends only on what the shape cache's key holds (``ShapeCache/Key``: the primary
/// face, its fallback pattern, the size and the direction) with the language HarfBuzz is
/// given, and none of them on the shaper: faces are named by file here, as
/// ``DirectShapingPlans`` names them. Only a whole string is kept (no neighbours to key), and
/// without what a measure knows of its shaper (``ShapedMeasure/directEdges``, a plan number of
/// one shaper, and ``ShapedMeasure/mayKernWithNext``), which the layout never asks of a token.
enum TokenMeasures {
  struct Key: Hashable {
    var file: FontFileKey
    var fallbackPattern: HarfBuzzShaper.FontRequest
    /// The language HarfBuzz shapes in, when the style names one.
    var language: String?
    var size: Double
    var isRightToLeft: Bool
    /// Whether the shaper shapes runs directly: the tests compare such a shaper with one
    /// that does not, so the two keep their own measures.
    var shapesDirectly: Bool
    var text: String

    /// Hashes the fields that are cheap to hash and tell tokens apart: the file (by its
    /// identity, ``FontFileKey/hash(into:)``); not the fallback pattern and language, whose
    /// strings cost most of the hash (about 790 instructions a key with all of them, twice a
    /// truncated first-time text: its token measured, then its glyphs stored). Keys that
    /// differ only there are told apart by `==`, which compares every field.
    func hash(into hasher: inout Hasher) {
      hasher.combine(file)
      hasher.combine(size)
      hasher.combine(isRightToLeft)
      hasher.combine(shapesDirectly)
      hasher.combine(text)
    }
  }

  /// The measures, emptied at 256: an app shows a few tokens.
  private static let measures = BoundedProcessTable<Key, ShapedMeasure>(limit: 256)

  /// The measure kept for `key`, if any.
  static func measure(for key: Key) -> ShapedMeasure? {
    measures.value(for: key)
  }

  /// Keeps a token's measure, without what it knows of its shaper; returns what is kept.
  static func keep(_ measure: ShapedMeasure, for key: Key) -> ShapedMeasure {
    var kept = measure
    kept.directEdges = nil
    kept.mayKernWithNext = true
    measures.keep(kept, for: key)
    return kept
  }
}
