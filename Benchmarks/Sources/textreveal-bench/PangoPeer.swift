import CPango

/// Pango 1.50 set up to lay text out the way TextReveal's engine does (the same set-up as
/// Tests/Differential/pango_lines.py): PangoCairo at 72 dpi so 1 pt = 1 px, hint metrics off,
/// hint style none and unrounded glyph positions (fractional advances), "DejaVu Sans 17" with
/// Fontconfig fallback, wrapping at words then characters, no inserted hyphens.
///
/// A text with Han, kana or Hangul gets, after DejaVu Sans, the face Pango itself picks for
/// "中" as a second family. Pango chooses fallback per character, so CJK punctuation after
/// Latin text would come from Noto Sans Mongolian, narrower than the CJK face that TextReveal
/// keeps for a paragraph's CJK punctuation (as in Tests/Differential/NOTES.md).
///
/// Owns its font map, context and two layouts (one unlimited, one limited to `lineLimit` lines
/// with end ellipsizing); not shared across threads.
final class PangoPeer {
  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  private let description: OpaquePointer
  /// DejaVu Sans, then the CJK face; nil when Pango has no CJK face.
  private var cjkDescription: OpaquePointer?
  /// Whether each layout has `cjkDescription` now.
  private var usesCJK: [OpaquePointer: Bool] = [:]
  private let unlimited: OpaquePointer
  private let limited: OpaquePointer

  /// Creates the font map, context and layouts, and checks the metrics are unhinted at 72 dpi.
  ///
  /// - Parameters:
  ///   - width: The line width in points.
  ///   - lineLimit: The line limit of the limited layout.
  init(width: Double, lineLimit: Int) throws(BenchError) {
    fontMap = pango_cairo_font_map_new()
    guard let context = pango_font_map_create_context(fontMap) else {
      throw .setup("pango_font_map_create_context failed")
    }
    self.context = context
    pango_cairo_context_set_resolution(context, 72)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_context_set_round_glyph_positions(context, 0)
    guard
      let description = pango_font_description_from_string(
        "\(Setup.family) \(Int(Setup.size))"),
      let unlimited = pango_layout_new(context), let limited = pango_layout_new(context)
    else {
      throw .setup("Pango could not create a font description or a layout")
    }
    self.description = description
    self.unlimited = unlimited
    self.limited = limited
    for layout in [unlimited, limited] {
      pango_layout_set_font_description(layout, description)
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      let attributes = pango_attr_list_new()
      pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
      pango_layout_set_attributes(layout, attributes)
      pango_attr_list_unref(attributes)
    }
    pango_layout_set_width(limited, Int32((width * Double(PANGO_SCALE)).rounded()))
    pango_layout_set_height(limited, Int32(-lineLimit))
    pango_layout_set_ellipsize(limited, PANGO_ELLIPSIZE_END)
    try checkSetup()
    cjkDescription = makeCJKDescription()
    pango_layout_set_width(unlimited, Int32((width * Double(PANGO_SCALE)).rounded()))
  }

  /// "DejaVu Sans, <the face of 中> 17".
  private func makeCJKDescription() -> OpaquePointer? {
    pango_layout_set_width(unlimited, -1)
    "中".withCString { pango_layout_set_text(unlimited, $0, -1) }
    guard let line = pango_layout_get_line_readonly(unlimited, 0),
      let run = line.pointee.runs?.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
      let font = run.pointee.item.pointee.analysis.font
    else { return nil }
    let described = pango_font_describe(font)
    defer { pango_font_description_free(described) }
    guard let family = pango_font_description_get_family(described).map({ String(cString: $0) }),
      family != Setup.family
    else { return nil }
    return pango_font_description_from_string("\(Setup.family),\(family) \(Int(Setup.size))")
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(unlimited))
    g_object_unref(UnsafeMutableRawPointer(limited))
    pango_font_description_free(description)
    if let cjkDescription { pango_font_description_free(cjkDescription) }
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(fontMap)
  }

  /// Fails unless DejaVu Sans is the font and 17 points come out as 17 unhinted pixels: ten "i"
  /// must be exactly ten fractional advances wide (569/2048 em each) and a line 2384/2048 em
  /// tall.
  private func checkSetup() throws(BenchError) {
    if let font = pango_font_map_load_font(fontMap, context, description) {
      let described = pango_font_describe(font)
      let family = pango_font_description_get_family(described).map { String(cString: $0) }
      pango_font_description_free(described)
      g_object_unref(UnsafeMutableRawPointer(font))
      guard family == Setup.family else {
        throw .setup("Pango's Fontconfig gave \(family ?? "no font") for \(Setup.family)")
      }
    }
    pango_layout_set_width(unlimited, -1)
    "iiiiiiiiii".withCString { pango_layout_set_text(unlimited, $0, -1) }
    var logical = PangoRectangle()
    pango_layout_get_extents(unlimited, nil, &logical)
    let width = Double(logical.width) / Double(PANGO_SCALE)
    let height = Double(logical.height) / Double(PANGO_SCALE)
    let expectedWidth = 10 * Setup.size * 569 / 2048
    let expectedHeight = Setup.size * (1901 + 483) / 2048
    guard abs(width - expectedWidth) < 0.05, abs(height - expectedHeight) < 0.05 else {
      throw .setup(
        "Pango measures ten 'i' \(width) × \(height) px, expected \(expectedWidth) × "
          + "\(expectedHeight): hinted metrics or not 72 dpi?")
    }
  }

  /// Lays a text out with the line limit and end ellipsizing; returns whether it was cut.
  func truncationCheck(_ text: BenchText) -> Bool {
    setText(text, on: limited)
    return pango_layout_is_ellipsized(limited) != 0
  }

  /// Lays a text out with the line limit and end ellipsizing; returns its height in points.
  func limitedHeight(_ text: BenchText) -> Double {
    setText(text, on: limited)
    var logical = PangoRectangle()
    pango_layout_get_extents(limited, nil, &logical)
    return Double(logical.height) / Double(PANGO_SCALE)
  }

  /// Lays a text out with no line limit; returns the number of lines.
  func fullLayout(_ text: BenchText) -> Int {
    setText(text, on: unlimited)
    return Int(pango_layout_get_line_count(unlimited))
  }

  /// The line start offsets of the last text laid out with or without the limit.
  func lineStarts(limited isLimited: Bool) -> [Int] {
    var starts: [Int] = []
    var node = pango_layout_get_lines_readonly(isLimited ? limited : unlimited)
    while let current = node {
      if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
        starts.append(Int(line.pointee.start_index))
      }
      node = current.pointee.next
    }
    return starts
  }

  private func setText(_ text: BenchText, on layout: OpaquePointer) {
    let wantsCJK = text.hasCJK && cjkDescription != nil
    if usesCJK[layout, default: false] != wantsCJK {
      pango_layout_set_font_description(layout, wantsCJK ? cjkDescription : description)
      usesCJK[layout] = wantsCJK
    }
    text.utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        pango_layout_set_text(layout, $0.baseAddress, Int32($0.count))
      }
    }
  }
}
