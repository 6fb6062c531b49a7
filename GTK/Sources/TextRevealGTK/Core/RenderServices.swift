import TextLayout
import TextRaster
import TextShaping

/// The text stack and glyph cache every widget of the process shares: fonts are opened and
/// glyphs rendered once, whatever the number of widgets.
///
/// GTK runs on the main thread, and so do the widgets; the glyph cache is not thread-safe, which
/// the main actor makes safe.
@MainActor
final class RenderServices {
  /// The fonts, the Unicode services and the layout engine.
  let stack: TextStack
  /// The renderers by scale, sharing one glyph cache.
  private let renderers: [RasterCanvas.Scale: ComponentRenderer]

  private static var shared: RenderServices?

  /// The services of the process, made by the first widget.
  ///
  /// - Throws: ``TextShapingError`` when the default font (DejaVu Sans) or ICU's data is
  ///   missing.
  static func current() throws(TextShapingError) -> RenderServices {
    if let shared { return shared }
    let made = try RenderServices()
    shared = made
    return made
  }

  private init() throws(TextShapingError) {
    stack = try TextStack()
    let glyphs = GlyphCache(shaper: stack.shaper)
    var renderers: [RasterCanvas.Scale: ComponentRenderer] = [:]
    for scale in RasterCanvas.Scale.allCases {
      renderers[scale] = ComponentRenderer(glyphs: glyphs, scale: scale, padding: 0)
    }
    self.renderers = renderers
  }

  /// The layout engine.
  var engine: TextLayoutEngine { stack.engine }

  /// The renderer for a scale.
  func renderer(for scale: RasterCanvas.Scale) -> ComponentRenderer {
    renderers[scale]!
  }
}

extension RasterCanvas.Scale {
  /// The scale for GTK's integer scale factor: 1, 2 or 3 pixels per point, a larger factor
  /// drawn at 3 and stretched by GTK.
  init(gtkScaleFactor factor: Int) {
    self = RasterCanvas.Scale(rawValue: min(3, max(1, factor))) ?? .x1
  }
}
