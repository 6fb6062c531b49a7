extension ShapedMeasure {
  /// The one glyph of a piece that a shaper shaped as a single glyph without its full shaping
  /// machinery: what it needs to measure the piece together with a neighbour from the two
  /// glyphs alone (``BatchMeasuringShaper/pairAdvance(_:_:)``), without shaping the pair.
  ///
  /// Its values mean something only to the shaper that made the measure.
  package struct DirectGlyph: Sendable {
    /// The shaper's own name for how it shaped the glyph (a face, script and language).
    package var plan: Int32
    /// The glyph.
    package var glyph: UInt32
    /// The glyph's advance, in font units.
    package var units: Int32
    /// Points per font unit.
    package var scale: Double
    /// Whether the glyph's character has a script of its own, rather than one it takes from
    /// its neighbours (punctuation, digits), which may differ when the neighbours do.
    package var hasOwnScript: Bool

    package init(plan: Int32, glyph: UInt32, units: Int32, scale: Double, hasOwnScript: Bool) {
      self.plan = plan
      self.glyph = glyph
      self.units = units
      self.scale = scale
      self.hasOwnScript = hasOwnScript
    }
  }
}
