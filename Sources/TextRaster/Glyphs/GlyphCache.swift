import CFreeType
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// A FreeType glyph cache: draws glyph runs (and whole laid-out texts) with FreeType's
/// anti-aliased bitmaps, placed at fractional positions. Components are drawn by
/// ``ComponentRenderer``, which owns one.
///
/// The cache opens its own FreeType library and a face for every `FontID` it meets, from
/// the file and face index the shaper reports (`HarfBuzzShaper.fontFace(for:)`). Glyphs are
/// rendered unhinted (`FT_LOAD_NO_HINTING`), at the run's size times the canvas scale, in
/// FreeType's normal 256-level anti-aliasing mode, so their shapes and positions follow the
/// unhinted advances the layout measured with.
///
/// Horizontal positions keep a quarter of a pixel of precision: the glyph outline is moved by
/// the pen's offset within its pixel, rounded to a quarter, before it is rendered (with
/// `FT_Set_Transform`'s delta). Vertical positions are rounded to whole pixels, which keeps
/// baselines and horizontal stems crisp. Rendered glyphs are cached by face, glyph, pixel size
/// and quarter-pixel offset.
///
/// Colour bitmap faces (Noto Color Emoji's CBDT) have no outlines: their glyphs are loaded
/// with `FT_LOAD_COLOR` from the face's largest strike and scaled to the pixel size with an
/// area average, or bilinear interpolation when they grow (``ColorGlyphScaler``), at the same
/// quarter-pixel offsets. They keep their own colours; the text colour's alpha still fades
/// them.
///
/// The cache owns C handles and a cache and is not thread-safe: use one per thread.
///
/// ```swift
/// let stack = try TextStack()
/// let layout = try stack.engine.layout(StyledText("Hello"), configuration: .init(width: 200))
/// let glyphs = GlyphCache(shaper: stack.shaper)
/// var canvas = RasterCanvas(width: 200, height: layout.size.height, scale: .x2)
/// try glyphs.draw(layout, at: LayoutPoint(x: 0, y: 0), in: &canvas)
/// ```
package final class GlyphCache {
  /// The number of cached glyph bitmaps at which the cache is emptied.
  package static let cacheLimit = 20_000

  private let fontFaces: (FontID) -> FontFace?
  private var library: FT_Library?
  private var faces: [FontID: OpenFace] = [:]
  private var cache: [Key: GlyphBitmap] = [:]
  /// The color the last glyph run was drawn in, prepared: a text's runs are mostly one color.
  private var lastMaskColor: MaskColor?

  /// A face this rasterizer opened, and the size it is currently set to.
  private struct OpenFace {
    var handle: FT_Face
    var path: String
    var pixelSize: Int
    /// For a colour bitmap face, its selected strike's pixels per em.
    var strikePixelsPerEm: Double?
  }

  /// Creates a rasterizer for the glyph runs a shaper makes.
  ///
  /// - Parameter shaper: The shaper whose `FontID` values the glyph runs carry.
  package convenience init(shaper: HarfBuzzShaper) {
    self.init(fontFaces: { shaper.fontFace(for: $0) })
  }

  /// Creates a rasterizer that finds each font's file with a function.
  ///
  /// - Parameter fontFaces: Returns the file and face index of a font, or `nil` when the font is
  ///   unknown (drawing its glyphs then throws ``TextRasterError/unknownFont(_:)``).
  package init(fontFaces: @escaping (FontID) -> FontFace?) {
    self.fontFaces = fontFaces
  }

  deinit {
    for face in faces.values { FT_Done_Face(face.handle) }
    if let library { FT_Done_FreeType(library) }
  }

  /// The number of rendered glyph bitmaps in the cache.
  package var cachedGlyphCount: Int { cache.count }

  // MARK: - Drawing

  /// Draws a glyph run with its pen starting at a point on the baseline.
  ///
  /// - Parameters:
  ///   - run: The glyphs, in visual order, with their advances and offsets in points.
  ///   - pen: Where the first glyph's pen position is: its left edge on the baseline, in points.
  ///   - color: The glyphs' color.
  ///   - canvas: The canvas; the run is drawn at its scale.
  /// - Throws: ``TextRasterError/unknownFont(_:)`` when the font's file is not known, or
  ///   ``TextRasterError/freeType(function:code:path:)`` when FreeType cannot open the file or
  ///   load or render a glyph.
  package func draw(
    _ run: GlyphRun, at pen: LayoutPoint, color: TextColor, in canvas: inout RasterCanvas
  ) throws(TextRasterError) {
    let scale = canvas.scale.factor
    let pixelSize = max(64, Int((run.size * scale * 64).rounded()))
    var penX = pen.x
    let maskColor: MaskColor
    if let last = lastMaskColor, last.color == color {
      maskColor = last
    } else {
      maskColor = MaskColor(color)
      lastMaskColor = maskColor
    }
    for index in run.glyphs.indices {
      let offset = run.offsets[index]
      let x = (penX + offset.x) * scale
      let y = (pen.y + offset.y) * scale
      var column = Int(x.rounded(.down))
      var subpixel = Int(((x - Double(column)) * 4).rounded())
      if subpixel == 4 {
        column += 1
        subpixel = 0
      }
      let key = Key(
        font: run.font, glyph: run.glyphs[index], pixelSize: pixelSize, subpixel: subpixel)
      let glyph = try bitmap(for: key)
      if glyph.isColor {
        canvas.bitmap.draw(
          premultiplied: glyph.colors, width: glyph.width, atX: column + glyph.left,
          y: Int(y.rounded()) - glyph.top, opacity: color.alpha)
      } else if glyph.width > 0 {
        canvas.bitmap.draw(
          maskColor, throughMask: glyph.coverage, maskWidth: glyph.width, atX: column + glyph.left,
          y: Int(y.rounded()) - glyph.top)
      }
      penX += run.advances[index]
    }
  }

  // MARK: - Rendering

  /// The rendered glyph for a key, from the cache or from FreeType.
  func bitmap(for key: Key) throws(TextRasterError) -> GlyphBitmap {
    if let cached = cache[key] { return cached }
    let rendered = try render(key)
    if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
    cache[key] = rendered
    return rendered
  }

  private func render(_ key: Key) throws(TextRasterError) -> GlyphBitmap {
    let face = try openFace(for: key.font)
    if let strike = face.strikePixelsPerEm {
      return try renderColor(key, face: face, strikePixelsPerEm: strike)
    }
    if face.pixelSize != key.pixelSize {
      let error = FT_Set_Char_Size(face.handle, 0, FT_F26Dot6(key.pixelSize), 72, 72)
      guard error == 0 else {
        throw .freeType(function: "FT_Set_Char_Size", code: error, path: face.path)
      }
      faces[key.font]?.pixelSize = key.pixelSize
    }
    // The delta moves the outline right by the pen's offset within its pixel (26.6 units, so a
    // quarter pixel is 16); FreeType applies it to outlines at load time.
    var delta = FT_Vector(x: FT_Pos(key.subpixel * 16), y: 0)
    FT_Set_Transform(face.handle, nil, &delta)
    let loadError = FT_Load_Glyph(
      face.handle, FT_UInt(key.glyph), FT_Int32(Self.loadNoHinting | Self.loadNoBitmap))
    guard loadError == 0, let slot = face.handle.pointee.glyph else {
      throw .freeType(function: "FT_Load_Glyph", code: loadError, path: face.path)
    }
    let renderError = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
    guard renderError == 0 else {
      throw .freeType(function: "FT_Render_Glyph", code: renderError, path: face.path)
    }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
    var coverage = [UInt8](repeating: 0, count: width * height)
    let pitch = Int(bitmap.pitch)
    // A negative pitch means the rows are stored bottom-up, starting at the buffer's last row.
    let firstRow = pitch < 0 ? buffer + (-pitch) * (height - 1) : buffer
    for row in 0..<height {
      let source = firstRow + row * pitch
      for column in 0..<width {
        switch bitmap.pixel_mode {
        case Self.pixelModeGray:
          coverage[row * width + column] = source[column]
        case Self.pixelModeMono:
          let bit = source[column >> 3] & (0x80 >> UInt8(column & 7))
          coverage[row * width + column] = bit != 0 ? 255 : 0
        default:
          return .empty
        }
      }
    }
    return GlyphBitmap(
      left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: width,
      height: height, coverage: coverage)
  }

  /// A colour glyph from the face's strike, scaled to the key's pixel size and quarter-pixel
  /// offset.
  private func renderColor(
    _ key: Key, face: OpenFace, strikePixelsPerEm: Double
  ) throws(TextRasterError) -> GlyphBitmap {
    FT_Set_Transform(face.handle, nil, nil)
    let loadError = FT_Load_Glyph(face.handle, FT_UInt(key.glyph), FT_Int32(Self.loadColor))
    guard loadError == 0, let slot = face.handle.pointee.glyph else {
      throw .freeType(function: "FT_Load_Glyph", code: loadError, path: face.path)
    }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    guard width > 0, height > 0, let buffer = bitmap.buffer,
      bitmap.pixel_mode == Self.pixelModeBGRA
    else { return .empty }
    // FreeType's colour bitmaps are premultiplied BGRA: reorder to RGBA.
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let pitch = Int(bitmap.pitch)
    let firstRow = pitch < 0 ? buffer + (-pitch) * (height - 1) : buffer
    for row in 0..<height {
      let source = firstRow + row * pitch
      for column in 0..<width {
        let from = column * 4
        let to = (row * width + column) * 4
        pixels[to] = source[from + 2]
        pixels[to + 1] = source[from + 1]
        pixels[to + 2] = source[from]
        pixels[to + 3] = source[from + 3]
      }
    }
    let scale = Double(key.pixelSize) / 64 / strikePixelsPerEm
    // The bitmap's edges in destination pixels, from the pen's pixel and the baseline row.
    let left = Double(key.subpixel) / 4 + Double(slot.pointee.bitmap_left) * scale
    let top = -Double(slot.pointee.bitmap_top) * scale
    let column = left.rounded(.down)
    let row = top.rounded(.down)
    let scaled = ColorGlyphScaler(scale: scale, offsetX: left - column, offsetY: top - row)
      .scaled(pixels, width: width, height: height)
    guard scaled.width > 0 else { return .empty }
    return GlyphBitmap(
      left: Int(column), top: -Int(row), width: scaled.width, height: scaled.height,
      coverage: [], colors: scaled.pixels)
  }

  private func openFace(for font: FontID) throws(TextRasterError) -> OpenFace {
    if let open = faces[font] { return open }
    guard let description = fontFaces(font) else { throw .unknownFont(font.rawValue) }
    if library == nil {
      var created: FT_Library?
      let error = FT_Init_FreeType(&created)
      guard error == 0, let created else {
        throw .freeType(function: "FT_Init_FreeType", code: error, path: nil)
      }
      library = created
    }
    var handle: FT_Face?
    let error = FT_New_Face(library, description.path, FT_Long(description.index), &handle)
    guard error == 0, let handle else {
      throw .freeType(function: "FT_New_Face", code: error, path: description.path)
    }
    var open = OpenFace(handle: handle, path: description.path, pixelSize: 0)
    // A face without outlines but with colour bitmaps draws from its largest strike.
    let flags = handle.pointee.face_flags
    if flags & Self.faceScalable == 0, flags & Self.faceColor != 0,
      handle.pointee.num_fixed_sizes > 0, let sizes = handle.pointee.available_sizes
    {
      var best = 0
      for index in 0..<Int(handle.pointee.num_fixed_sizes)
      where sizes[index].y_ppem > sizes[best].y_ppem {
        best = index
      }
      let error = FT_Select_Size(handle, FT_Int(best))
      guard error == 0, let size = handle.pointee.size else {
        FT_Done_Face(handle)
        throw .freeType(function: "FT_Select_Size", code: error, path: description.path)
      }
      open.strikePixelsPerEm = Double(size.pointee.metrics.y_ppem)
    }
    faces[font] = open
    return open
  }

  // FreeType's load flags are macros that do not import into Swift (freetype.h).
  private static let loadNoHinting = 1 << 1
  private static let loadNoBitmap = 1 << 3
  private static let loadColor = 1 << 20
  // FT_FACE_FLAG_SCALABLE and FT_FACE_FLAG_COLOR.
  private static let faceScalable = 1 << 0
  private static let faceColor = 1 << 14
  // FT_PIXEL_MODE_BGRA: FreeType's premultiplied colour bitmaps.
  private static let pixelModeBGRA = UInt8(FT_PIXEL_MODE_BGRA.rawValue)
  // FT_PIXEL_MODE_MONO and FT_PIXEL_MODE_GRAY, as the `pixel_mode` byte stores them.
  private static let pixelModeMono = UInt8(FT_PIXEL_MODE_MONO.rawValue)
  private static let pixelModeGray = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
}
