import TextRaster
import TextReveal

/// The text stack and renderers every widget of the process shares: fonts are opened once, and
/// glyphs rendered once per scale, whatever the number of widgets.
///
/// GTK runs on the main thread, and so do the widgets; a renderer's glyph cache is not
/// thread-safe, which the main actor makes safe.
@MainActor
final class RenderServices {
  /// The fonts, the Unicode services and the layout engine.
  let stack: TextStack
  /// The renderers made so far, by scale.
  private var renderers: [RasterScale: ComponentRenderer] = [:]

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
  }

  /// The layout engine.
  var engine: TextLayoutEngine { stack.engine }

  /// The renderer for a scale, made when first asked for.
  func renderer(for scale: RasterScale) -> ComponentRenderer {
    if let renderer = renderers[scale] { return renderer }
    let renderer = ComponentRenderer(stack: stack, scale: scale)
    renderers[scale] = renderer
    return renderer
  }
}

extension RasterScale {
  /// The scale for GTK's integer scale factor: 1, 2 or 3 pixels per point, a larger factor
  /// drawn at 3 and stretched by GTK.
  init(gtkScaleFactor factor: Int) {
    self = RasterScale(rawValue: min(3, max(1, factor))) ?? .x1
  }
}
