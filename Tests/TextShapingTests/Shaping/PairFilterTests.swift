import CHarfBuzz
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// The kerning of a segment with the next answers "not kerned" from two bits when the pair's
/// first glyph starts no pair of the face's pair positioning, or its second glyph ends none
/// (`PairPositioning.mayAdjust`). Held here to HarfBuzz shaping the pair, on every face the
/// fallback picks, in every script and language of the direct path: each glyph a bit sends
/// away is paired with the glyphs the other side may kern.
@Suite struct PairFilterTests {
  /// A character and what the plan shapes it to alone: its glyph and advance in font units.
  struct Shaped {
    var character: Unicode.Scalar
    var glyph: UInt32
    var units: Int32
  }

  /// The characters of `alphabet` that `plan` shapes directly alone, one glyph each.
  static func shapedAlone(
    _ alphabet: [Unicode.Scalar], plan: DirectShapingPlan, font: OpaquePointer
  ) -> [Shaped] {
    var glyphs = [UInt32](repeating: 0, count: 4)
    var clusters = [UInt32](repeating: 0, count: 4)
    var positions = [PairPositioning.Position](
      repeating: .init(xAdvance: 0, xOffset: 0, yOffset: 0), count: 4)
    return alphabet.compactMap { scalar in
      var text = String(scalar)
      let count = text.withUTF8 { bytes in
        glyphs.withUnsafeMutableBufferPointer { glyphs in
          clusters.withUnsafeMutableBufferPointer { clusters in
            positions.withUnsafeMutableBufferPointer { positions in
              plan.shape(
                bytes, range: 0..<bytes.count, font: font, glyphs: glyphs, clusters: clusters,
                positions: positions)
            }
          }
        }
      }
      guard count == 1 else { return nil }
      return Shaped(character: scalar, glyph: glyphs[0], units: positions[0].xAdvance)
    }
  }

  /// HarfBuzz's glyphs and x advances for two characters shaped together, as
  /// `compareDirectShaping` sets up its buffer; `nil` when the pair has other offsets.
  static func harfBuzzPair(
    _ first: Unicode.Scalar, _ second: Unicode.Scalar, font: OpaquePointer,
    script: hb_script_t, language: hb_language_t?, buffer: OpaquePointer
  ) -> [(glyph: UInt32, advance: Int32, moved: Bool)] {
    hb_buffer_clear_contents(buffer)
    var text = String(first) + String(second)
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
      }
    }
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    if let language { hb_buffer_set_language(buffer, language) }
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var length: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
      let positions = hb_buffer_get_glyph_positions(buffer, &length)
    else { return [] }
    return (0..<Int(length)).map {
      (
        infos[$0].codepoint, positions[$0].x_advance,
        positions[$0].x_offset != 0 || positions[$0].y_offset != 0
          || positions[$0].y_advance != 0
      )
    }
  }

  /// Up to `count` elements spread evenly over `elements`, the first and last among them.
  static func spread<T>(_ elements: [T], count: Int) -> [T] {
    guard elements.count > count, count > 1 else { return elements }
    return (0..<count).map { elements[$0 * (elements.count - 1) / (count - 1)] }
  }

  @Test("a pair the kerning's bits call unkerned is not kerned by HarfBuzz, on every face")
  func bitsAgreeWithHarfBuzz() throws {
    let shaper = DirectShapingTests.shaper
    let buffer = try #require(hb_buffer_create())
    defer { hb_buffer_destroy(buffer) }
    var checked = 0
    var unkerned = 0
    var kerned = 0
    for face in DirectShapingTests.faces {
      let loaded = try #require(shaper.loadedFont(for: face))
      let font = loaded.harfBuzz.font
      let alphabets = try DirectShapingTests.alphabets(of: face)
      for (_, script, languages) in DirectShapingTests.scripts {
        guard let alphabet = alphabets[script.rawValue], alphabet.count > 1 else { continue }
        for language in languages {
          let hbLanguage = language.flatMap { hb_language_from_string($0, -1) }
          guard
            let plan = DirectShapingPlans(isEnabled: true).plan(
              for: loaded, script: script, language: hbLanguage)
          else { continue }
          let characters = Self.shapedAlone(alphabet, plan: plan, font: font)
          let firsts = characters.filter { plan.kerning.mayBeFirst($0.glyph) }
          let seconds = characters.filter { plan.kerning.mayBeSecond($0.glyph) }
          let notFirsts = characters.filter { !plan.kerning.mayBeFirst($0.glyph) }
          let notSeconds = characters.filter { !plan.kerning.mayBeSecond($0.glyph) }
          // Every glyph the bits send away, against some of the glyphs the other side may
          // kern (each of them in turn); a sample of those against every glyph that may
          // kern; and a sample of all pairs.
          var pairs: [(Shaped, Shaped)] = []
          if !firsts.isEmpty {
            for (index, second) in notSeconds.enumerated() {
              for step in 0..<2 {
                pairs.append((firsts[(2 * index + step) % firsts.count], second))
              }
            }
            for second in Self.spread(notSeconds, count: 12) {
              for first in firsts { pairs.append((first, second)) }
            }
          }
          if !seconds.isEmpty {
            for (index, first) in notFirsts.enumerated() {
              for step in 0..<2 {
                pairs.append((first, seconds[(2 * index + step) % seconds.count]))
              }
            }
            for first in Self.spread(notFirsts, count: 12) {
              for second in seconds { pairs.append((first, second)) }
            }
          }
          let sample = Self.spread(characters, count: 48)
          for first in sample { for second in sample { pairs.append((first, second)) } }
          for (first, second) in pairs {
            let shaped = Self.harfBuzzPair(
              first.character, second.character, font: font, script: script,
              language: hbLanguage, buffer: buffer)
            // A pair HarfBuzz joins or substitutes is not the filter's to answer (the plan's
            // ligature check declines it first).
            guard shaped.count == 2, shaped[0].glyph == first.glyph,
              shaped[1].glyph == second.glyph
            else { continue }
            checked += 1
            let isKerned =
              shaped[0].advance != first.units || shaped[1].advance != second.units
              || shaped[0].moved || shaped[1].moved
            if isKerned { kerned += 1 }
            guard !plan.kerning.mayAdjust(first.glyph, second.glyph) else { continue }
            unkerned += 1
            if isKerned {
              let path = shaper.fontFace(for: face)?.path ?? "?"
              let message: String =
                "\(path) \(language ?? "-"): U+\(String(first.character.value, radix: 16)) "
                + "U+\(String(second.character.value, radix: 16)) kerned by HarfBuzz "
                + "\(shaped.map(\.advance)), alone \(first.units), \(second.units)"
              Issue.record(Comment(rawValue: message))
              return
            }
          }
        }
      }
    }
    // The faces kern many of the pairs tried, and the bits answer most of the rest.
    #expect(kerned > 500, "\(kerned)")
    #expect(unkerned > checked / 2, "\(unkerned) of \(checked)")
  }
}
