extension ShapedMeasure {
  /// The first and last glyphs of a piece that a shaper shaped as one run without its full
  /// shaping machinery, a glyph for each character: what it needs to kern the piece's last
  /// character with the first character of the next piece from the glyphs alone
  /// (``BatchMeasuringShaper/pairAdjustment(_:_:)``), without shaping the pair.
  ///
  /// Its values mean something only to the shaper that made the measure.
  package struct DirectEdges: Sendable {
    /// Points per font unit.
    package var scale: Double
    /// The shaper's own name for how it shaped the run (a face, script and language).
    package var plan: Int32
    /// The first glyph and its advance alone, in font units.
    package var firstGlyph: UInt32
    package var firstUnits: Int32
    /// The last glyph and its advance alone, in font units.
    package var lastGlyph: UInt32
    package var lastUnits: Int32
    /// Whether the first and the last character have a script of their own, rather than one
    /// they take from their neighbours (punctuation, digits), which may differ when the
    /// neighbours do.
    package var firstHasOwnScript: Bool
    package var lastHasOwnScript: Bool
    /// Whether the piece is one character, so that its plan is the one that character takes
    /// alone whatever its script.
    package var isOneCharacter: Bool
    /// For a piece of several characters whose last has no script of its own: the shaper's
    /// name for the plan that character takes measured alone (it is then a piece of its own,
    /// with a face, script and language of its own), or -1 when it is not known; and its
    /// glyph's advance with that plan, in font units.
    package var lastAlonePlan: Int32 = -1
    package var lastAloneUnits: Int32 = 0

    package init(
      scale: Double, plan: Int32, first: (glyph: UInt32, units: Int32, hasOwnScript: Bool),
      last: (glyph: UInt32, units: Int32, hasOwnScript: Bool), isOneCharacter: Bool
    ) {
      self.scale = scale
      self.plan = plan
      (firstGlyph, firstUnits, firstHasOwnScript) = first
      (lastGlyph, lastUnits, lastHasOwnScript) = last
      self.isOneCharacter = isOneCharacter
    }
  }
}
