import Foundation
import PropertyBased
import TestSupport
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// The engine's invariants (``LayoutInvariants``) as properties of generated texts on the real
/// stack: a text is a list of pieces drawn from every class the hostile-input work met (words
/// of seven scripts, spaces, tabs and line separators, combining marks, joiners, emoji
/// sequences, bidi controls, digits and brackets, long words), so that a failure shrinks to the
/// fewest pieces that still fail.
@Suite struct PropertyInvariantTests {
  static let engine = RealTextInvariantTests.engine

  static let pieces = [
    "word", "Layout", "engine ", " ", "  ", "\t", "\n", "\r\n", "\u{2028}", "\u{2029}",
    "שלום ", "עולם", "مرحبا ", "بالعالم", "排版引擎", "レイアウト", "。", "「語」", "Движок ",
    "μηχανή ", "ไทย", "123", "4.5", "(a)", "[x]", "{", "}", "e\u{301}", "\u{301}\u{302}",
    "\u{200B}", "\u{200D}", "\u{00AD}", "👍🏽", "👩‍👩‍👧‍👦", "🇯🇵", "1\u{FE0F}\u{20E3}",
    "\u{202B}", "\u{202C}", "\u{2067}", "\u{2069}", "\u{200F}", "-", "—", "https://a.b/c?d",
    String(repeating: "a", count: 90), "a" + String(repeating: "\u{301}", count: 40),
  ]

  /// Cases per property: `PROPERTY_COUNT` in the environment, for a longer search.
  static let count = ProcessInfo.processInfo.environment["PROPERTY_COUNT"].flatMap { Int($0) }

  /// A text of up to 40 pieces.
  static let texts = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...40)

  @Test("generated texts keep every invariant at generated widths and limits")
  func invariants() async {
    await propertyCheck(
      count: Self.count ?? 150, input: Self.texts, Gen.double(in: 4...600), Gen.int(in: 1...4)
    ) { pieces, width, limit in
      let text = StyledText(pieces.joined())
      let failure = try LayoutInvariants.check(
        text, width: width, limit: limit, engine: Self.engine, token: nil)
      #expect(failure == nil, "\(failure ?? "")")
      let token = try LayoutInvariants.check(
        text, width: width, limit: limit, engine: Self.engine, token: TruncationToken())
      #expect(token == nil, "with a token: \(token ?? "")")
    }
  }

  @Test("line counts never grow with the width, for generated texts")
  func monotone() async {
    await propertyCheck(count: (Self.count ?? 150) / 2, input: Self.texts) { pieces in
      let failure = try LayoutInvariants.lineCountMonotone(
        StyledText(pieces.joined()), widths: [20, 60, 110, 200, 320, 480, 800],
        engine: Self.engine)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }

  @Test(
    "a grapheme wider than a line and longer than a stretch stays whole, alone or after a long word"
  )
  func longGrapheme() throws {
    // Thumbs-up signs joined by zero-width joiners: one grapheme of 7,000 bytes, drawn as a
    // thousand glyphs (breaking it once recursed without end).
    let joined = "👍" + String(repeating: "\u{200D}👍", count: 1_000)
    for string in [joined + " end", String(repeating: "a", count: 5_000) + joined + " end"] {
      for limit in [LineLimit.unlimited, .lines(2)] {
        let layout = try Self.engine.layout(
          StyledText(string), configuration: LayoutConfiguration(width: 100, lineLimit: limit))
        let text = layout.text.string
        let lines = layout.lines.map { String(text[layout.stringRange($0.range)]) }
        #expect(string.hasPrefix(lines.joined()))
        #expect(lines.filter { $0.contains("👍") }.count <= 1)
      }
    }
  }
}
