import CHarfBuzz
@_spi(Backend) import TextLayout

/// What shaping a run without HarfBuzz gave, next to HarfBuzz's own shaping of it.
@_spi(Testing) public enum DirectShapingComparison: Equatable, Sendable {
  /// The plan declined the run (a character or glyph it cannot vouch for): HarfBuzz shapes it.
  case declined
  /// Both gave the same glyphs, clusters, advances and offsets, to the bit.
  case agrees
  /// They differ: the two results, glyph by glyph.
  case differs(String)
}

extension HarfBuzzShaper {
  /// Shapes `text` left to right in one face, script and language, once through the direct
  /// path (``DirectShapingPlan``) and once with HarfBuzz as ``PieceShaper`` calls it, and
  /// compares the two: the check the tests and the fuzz target run on every face and text.
  ///
  /// - Parameters:
  ///   - text: The run, shaped whole.
  ///   - font: A face this shaper loaded.
  ///   - script: An ISO 15924 tag (`"Latn"`).
  ///   - language: A BCP 47 tag, or `nil` for HarfBuzz's default language.
  @_spi(Testing) public func compareDirectShaping(
    _ text: String, font: FontID, script: String, language: String?
  ) -> DirectShapingComparison {
    guard let loaded = loadedFont(for: font) else { return .declined }
    let hbScript = hb_script_from_string(script, -1)
    let hbLanguage: hb_language_t? = language.flatMap { hb_language_from_string($0, -1) }
    // The plans of the process, as every shaper finds them.
    guard
      let plan = DirectShapingPlans(isEnabled: true).plan(
        for: loaded, script: hbScript, language: hbLanguage)
    else { return .declined }
    var text = text
    return text.withUTF8 { bytes -> DirectShapingComparison in
      let capacity = max(1, bytes.count)
      var glyphs = [UInt32](repeating: 0, count: capacity)
      var clusters = [UInt32](repeating: 0, count: capacity)
      var positions = [PairPositioning.Position](
        repeating: .init(xAdvance: 0, xOffset: 0, yOffset: 0), count: capacity)
      let shaped = glyphs.withUnsafeMutableBufferPointer { glyphs in
        clusters.withUnsafeMutableBufferPointer { clusters in
          positions.withUnsafeMutableBufferPointer { positions in
            plan.shape(
              bytes, range: 0..<bytes.count, font: loaded.harfBuzz.font, glyphs: glyphs,
              clusters: clusters, positions: positions)
          }
        }
      }
      guard let count = shaped else { return .declined }
      let direct = (0..<count).map {
        "\(glyphs[$0])@\(clusters[$0]) \(positions[$0].xAdvance),0"
          + " (\(positions[$0].xOffset),\(positions[$0].yOffset))"
      }
      let reference = buffers.withBuffer { buffer -> [String] in
        bytes.withMemoryRebound(to: CChar.self) { text in
          hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hbScript)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        if let hbLanguage { hb_buffer_set_language(buffer, hbLanguage) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(loaded.harfBuzz.font, buffer, nil, 0)
        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
          let positions = hb_buffer_get_glyph_positions(buffer, &length)
        else { return [] }
        return (0..<Int(length)).map {
          "\(infos[$0].codepoint)@\(infos[$0].cluster) \(positions[$0].x_advance),"
            + "\(positions[$0].y_advance) (\(positions[$0].x_offset),\(positions[$0].y_offset))"
        }
      }
      guard direct != reference else { return .agrees }
      return .differs(
        "direct: \(direct.joined(separator: " | "))\nHarfBuzz: \(reference.joined(separator: " | "))"
      )
    }
  }
}
