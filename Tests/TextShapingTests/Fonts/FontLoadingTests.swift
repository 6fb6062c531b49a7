import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@Suite struct FontLoadingTests {
  @Test("A missing font file throws an error naming the path and FT_New_Face")
  func missingFile() {
    let path = "/nonexistent/directory/NoSuchFont.ttf"
    let shaper = HarfBuzzShaper()
    #expect {
      try shaper.register(fontAt: path, as: "Missing")
    } throws: { error in
      let description = String(describing: error)
      return description.contains(path) && description.contains("FT_New_Face")
        && error as? TextShapingError
          == .freeType(function: "FT_New_Face", code: 0x01, path: path)
    }
  }

  @Test("A text file is not a font: the error names the path and FreeType's code")
  func notAFont() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TextShapingTests-\(UUID().uuidString).ttf")
    try Data("This is not a font.\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }

    #expect {
      try TextStack(fontPath: url.path)
    } throws: { error in
      let description = String(describing: error)
      return description.contains(url.path) && description.contains("FreeType error 0x02")
    }
  }

  /// DejaVu Sans with every advance width set to 0xFFFF, the largest a font can hold.
  static func fontWithLargestAdvances() throws -> URL {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
    func uint16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    func uint32(_ offset: Int) -> Int { uint16(offset) << 16 | uint16(offset + 2) }
    // The table directory: tag, checksum, offset, length for each table.
    var tables: [String: Int] = [:]
    for index in 0..<uint16(4) {
      let entry = 12 + 16 * index
      tables[String(decoding: bytes[entry..<entry + 4], as: UTF8.self)] = uint32(entry + 8)
    }
    let hhea = try #require(tables["hhea"])
    let hmtx = try #require(tables["hmtx"])
    // Each of hhea's numberOfHMetrics long metrics starts with its advance width.
    for metric in 0..<uint16(hhea + 34) {
      bytes[hmtx + 4 * metric] = 0xFF
      bytes[hmtx + 4 * metric + 1] = 0xFF
    }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TextShapingTests-wide-\(UUID().uuidString).ttf")
    try Data(bytes).write(to: url)
    return url
  }

  @Test("A font whose advances are all 0xFFFF gives no negative width")
  func largestAdvances() throws {
    let url = try Self.fontWithLargestAdvances()
    defer { try? FileManager.default.removeItem(at: url) }
    let stack = try TextStack(fontPath: url.path)
    let layout = try stack.engine.layout(
      StyledText("hello world, again"), configuration: LayoutConfiguration(width: 300))
    #expect(layout.lines.allSatisfy { $0.width >= 0 && $0.width.isFinite })
    #expect(layout.size.width >= 0)
    let measured = try stack.engine.measure(
      StyledText("hello world, again"), configuration: LayoutConfiguration(width: 300))
    #expect(measured == layout.measurement)
  }

  @Test("A registered font file is described by its face")
  func registeredFace() throws {
    let shaper = HarfBuzzShaper()
    let face = try shaper.register(fontAt: TestFonts.dejaVuSans, as: "Body")
    #expect(face.familyName == "DejaVu Sans")
    #expect(face.unitsPerEm == 2048)
    #expect(face.path == TestFonts.dejaVuSans)

    let id = shaper.fontID(for: TextStyle(fontFamily: "Body"))
    #expect(shaper.fontFace(for: id) == face)
  }

  @Test("Metrics are the font's units scaled to the size, unhinted")
  func metrics() throws {
    let shaper = try HarfBuzzShaper(fonts: ["Body": TestFonts.dejaVuSans])
    let metrics = shaper.metrics(for: TextStyle(fontFamily: "Body", size: 20.48))
    // DejaVu Sans: ascender 1901, descender -483, line spacing 2384 at 2048 units per em.
    #expect(abs(metrics.ascent - 19.01) < 1e-9)
    #expect(abs(metrics.descent - 4.83) < 1e-9)
    #expect(metrics.lineGap == 0)
  }

  @Test("Fontconfig finds DejaVu Sans by family, and a bold face for the bold weight")
  func fontconfigMatch() {
    let shaper = HarfBuzzShaper()
    let regular = shaper.fontFace(for: shaper.fontID(for: TextStyle(fontFamily: "DejaVu Sans")))
    #expect(regular?.path == TestFonts.dejaVuSans)
    let bold = shaper.fontFace(
      for: shaper.fontID(for: TextStyle(fontFamily: "DejaVu Sans", weight: .bold)))
    #expect(bold?.styleName == "Bold")
  }

  @Test("An unknown family still gets metrics")
  func unknownFamily() {
    let metrics = HarfBuzzShaper().metrics(for: TextStyle(fontFamily: "No Such Family 1234"))
    #expect(metrics.lineHeight > 0)
  }
}

@Suite struct StackCreationTests {
  @Test("a stack checks its default family when it is made, and the error names it")
  func defaultFamily() throws {
    let stack = try TextStack()
    #expect(stack.defaultFamily == "DejaVu Sans")
    let error = TextShapingError.fontconfig(function: "FcFontMatch", family: "DejaVu Sans")
    #expect(error.description.contains("\"DejaVu Sans\""))
    #expect(error.description.contains("fonts-dejavu-core"))
  }
}
