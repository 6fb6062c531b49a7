@_spi(Backend) import TextLayout

/// A description of a font face the shaping backend loaded: its file, names and vertical metrics.
///
/// Get one from `HarfBuzzShaper.fontFace(for:)` with the `FontID` of a glyph run, for example
/// to find the file a renderer rasterizes the glyphs from.
///
/// ```swift
/// let face = shaper.fontFace(for: run.font)
/// print(face?.path ?? "unknown")  // /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
/// ```
public struct FontFace: Sendable, Hashable {
  /// The path of the font file.
  public var path: String
  /// The index of the face inside the file (non-zero in font collections such as `.ttc` files).
  public var index: Int
  /// The family name the font declares, for example `"DejaVu Sans"`.
  public var familyName: String
  /// The style name the font declares, for example `"Book"` or `"Bold Oblique"`.
  public var styleName: String
  /// The number of font units per em.
  public var unitsPerEm: Int
  /// The distance from the baseline to the top of the line box, in font units (positive up).
  public var ascender: Int
  /// The distance from the baseline to the bottom of the line box, in font units (positive down).
  public var descender: Int
  /// The distance between two baselines, in font units.
  public var lineSpacing: Int

  /// Creates a face description.
  ///
  /// - Parameters:
  ///   - path: The path of the font file.
  ///   - index: The index of the face inside the file.
  ///   - familyName: The family name the font declares.
  ///   - styleName: The style name the font declares.
  ///   - unitsPerEm: The number of font units per em; must be positive.
  ///   - ascender: The ascender in font units, positive up.
  ///   - descender: The descender in font units, positive down.
  ///   - lineSpacing: The baseline-to-baseline distance in font units.
  public init(
    path: String, index: Int, familyName: String, styleName: String, unitsPerEm: Int,
    ascender: Int, descender: Int, lineSpacing: Int
  ) {
    precondition(unitsPerEm > 0, "A font face needs a positive number of units per em")
    self.path = path
    self.index = index
    self.familyName = familyName
    self.styleName = styleName
    self.unitsPerEm = unitsPerEm
    self.ascender = ascender
    self.descender = descender
    self.lineSpacing = lineSpacing
  }

  /// The face's vertical metrics at a size, unhinted.
  ///
  /// The line gap is what the line spacing adds to the ascender and descender, never negative.
  ///
  /// - Parameter size: The font size in points.
  /// - Returns: The ascent, descent and line gap in points.
  @_spi(Backend) public func metrics(size: Double) -> FontMetrics {
    Self.metrics(
      unitsPerEm: unitsPerEm, ascender: ascender, descender: descender,
      lineSpacing: lineSpacing, size: size)
  }

  /// ``metrics(size:)`` from the numbers alone, for callers that keep them apart.
  static func metrics(
    unitsPerEm: Int, ascender: Int, descender: Int, lineSpacing: Int, size: Double
  ) -> FontMetrics {
    let scale = size / Double(unitsPerEm)
    let gap = max(0, lineSpacing - ascender - descender)
    return FontMetrics(
      ascent: Double(ascender) * scale, descent: Double(descender) * scale,
      lineGap: Double(gap) * scale)
  }
}
