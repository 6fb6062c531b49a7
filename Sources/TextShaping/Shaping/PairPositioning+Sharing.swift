extension PairPositioning {
  /// A font file and the pair-positioning lookups read from it.
  private struct SharingKey: Hashable {
    var file: FontFileKey
    var lookups: [[Int]]
  }

  /// The pair positionings made in this process, by font file and lookups.
  ///
  /// A face's plans for several scripts and languages (``DirectShapingPlan``) mostly apply
  /// the same kerning lookups, and each lookup keeps arrays with an entry for every glyph of
  /// the face (128 KB a lookup for a CJK face of 65,535 glyphs): made once, they are shared.
  private static let made = ProcessMemo<SharingKey, PairPositioning?>()

  /// The pair positioning of these lookups of a font file's table, made once for the
  /// process; a face without a file gets its own.
  static func shared(
    _ table: FontTableBytes, lookups: [[Int]], glyphCount: Int, file: FontFileKey?
  ) -> PairPositioning? {
    guard let file else { return PairPositioning(table, lookups: lookups, glyphCount: glyphCount) }
    return made.value(for: SharingKey(file: file, lookups: lookups)) {
      PairPositioning(table, lookups: lookups, glyphCount: glyphCount)
    }
  }
}
