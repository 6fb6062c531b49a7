@_spi(Backend) import TextLayout

/// A deterministic shaper for unit tests of the layout algorithm: every grapheme cluster is one
/// glyph whose advance is a fixed fraction of the font size.
///
/// Wide characters (CJK ideographs, kana, Hangul) advance a full em; combining marks add no
/// advance of their own because they stay in their base character's cluster; everything else
/// advances `advanceRatio` em. Glyph ids are the cluster's first scalar value.
package struct FixedAdvanceShaper: TextShaper {
  /// The advance of a narrow character, as a fraction of the font size.
  package var advanceRatio: Double
  /// Ascent as a fraction of the font size.
  package var ascentRatio: Double
  /// Descent as a fraction of the font size.
  package var descentRatio: Double

  /// Creates a shaper; with the defaults a 10 pt font has 5 pt advances, 8 pt ascent, 2 pt
  /// descent.
  package init(advanceRatio: Double = 0.5, ascentRatio: Double = 0.8, descentRatio: Double = 0.2) {
    self.advanceRatio = advanceRatio
    self.ascentRatio = ascentRatio
    self.descentRatio = descentRatio
  }

  package func metrics(for style: TextStyle) -> FontMetrics {
    FontMetrics(
      ascent: style.size * ascentRatio, descent: style.size * descentRatio, lineGap: 0)
  }

  /// The advance of one grapheme cluster at a size.
  package func advance(of character: Character, size: Double) -> Double {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    if scalar == "\u{200B}" { return 0 }
    return Self.isWide(scalar) ? size : size * advanceRatio
  }

  /// Whether a scalar is drawn a full em wide.
  package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
      0x20000...0x3FFFD:
      true
    default:
      false
    }
  }

  package func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText {
    var clusters: [ShapedText.Cluster] = []
    var offset = 0
    for character in text {
      let length = character.utf8.count
      clusters.append(
        ShapedText.Cluster(
          range: offset..<(offset + length), advance: advance(of: character, size: style.size)))
      offset += length
    }
    let visual = isRightToLeft ? Array(clusters.reversed()) : clusters
    let firstScalars = text.map { $0.unicodeScalars.first!.value }
    let glyphs = isRightToLeft ? Array(firstScalars.reversed()) : firstScalars
    let run = GlyphRun(
      font: FontID(rawValue: 0), size: style.size, isRightToLeft: isRightToLeft, glyphs: glyphs,
      advances: visual.map(\.advance), offsets: Array(repeating: .zero, count: visual.count),
      clusters: visual.map(\.range.lowerBound))
    let metrics = self.metrics(for: style)
    return ShapedText(
      runs: clusters.isEmpty ? [] : [run], clusters: clusters, ascent: metrics.ascent,
      descent: metrics.descent, lineGap: metrics.lineGap)
  }
}
