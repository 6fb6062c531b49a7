@_spi(Backend) import TextLayout

extension ShapeCache {
  /// What a measure holds besides its advances, edge glyphs and flags: the fonts' metrics, the
  /// uncovered characters, and whether it has direct edges, with their scale, plan and the
  /// plan and advance of their last character alone: what many pieces share.
  struct MeasureTail: Equatable {
    var ascent: Double
    var descent: Double
    var lineGap: Double
    var uncoveredCharacterCount: Int
    var hasEdges: Bool
    var edgeScale: Double
    var plan: Int32
    var lastAlonePlan: Int32
    var lastAloneUnits: Int32

    init(_ measure: ShapedMeasure) {
      ascent = measure.ascent
      descent = measure.descent
      lineGap = measure.lineGap
      uncoveredCharacterCount = measure.uncoveredCharacterCount
      hasEdges = measure.directEdges != nil
      edgeScale = measure.directEdges?.scale ?? 0
      plan = measure.directEdges?.plan ?? 0
      lastAlonePlan = measure.directEdges?.lastAlonePlan ?? -1
      lastAloneUnits = measure.directEdges?.lastAloneUnits ?? 0
    }

    // Compared by bits (and hashed so, ``ShapeCache/tailHash(_:)``), so that a measure comes
    // back exactly as it went in.
    static func == (left: MeasureTail, right: MeasureTail) -> Bool {
      left.ascent.bitPattern == right.ascent.bitPattern
        && left.descent.bitPattern == right.descent.bitPattern
        && left.lineGap.bitPattern == right.lineGap.bitPattern
        && left.uncoveredCharacterCount == right.uncoveredCharacterCount
        && left.hasEdges == right.hasEdges
        && left.edgeScale.bitPattern == right.edgeScale.bitPattern && left.plan == right.plan
        && left.lastAlonePlan == right.lastAlonePlan
        && left.lastAloneUnits == right.lastAloneUnits
    }
  }
}
