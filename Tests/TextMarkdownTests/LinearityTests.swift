import Testing
import TextLayout
@_spi(Testing) import TextMarkdown

/// The parser's work grows linearly with its input on the patterns that make Markdown parsers
/// quadratic: counted steps of every loop whose length the input does not fix by itself
/// (``MarkdownParser/parse(_:base:codeFamily:plainPath:)``), not seconds.
@Suite struct LinearityTests {
  static let base = TextStyle(fontFamily: "DejaVu Sans", size: 17)

  /// Patterns repeated to the size, and two-part inputs.
  static let patterns: [(String, @Sendable (Int) -> String)] = [
    ("[b](c) _x_ ", { repeated("[b](c) _x_ ", $0) }),
    ("[b](c) *x* ", { repeated("[b](c) *x* ", $0) }),
    ("<?", { repeated("<?", $0) }), ("<!A ", { repeated("<!A ", $0) }),
    ("<![CDATA[", { repeated("<![CDATA[", $0) }), ("![[]()", { repeated("![[]()", $0) }),
    ("<!--", { repeated("<!--", $0) }), ("<a b=\"", { repeated("<a b=\"", $0) }),
    ("<a x=\"<a x=\" x=\"", { repeated("<a x=\"<a x=\" x=\"", $0) }),
    ("www.a_", { repeated("www.a_", $0) }), ("(www.a<", { repeated("(www.a<", $0) }),
    ("http://a.b/)", { "http://a.b/" + repeated(")", $0) }),
    ("a@", { repeated("a@", $0) }), ("a@b.c ", { repeated("a@b.c ", $0) }),
    ("[](x (", { repeated("[](x (", $0) }), ("](x \"\\\"", { repeated("](x \"\\\"", $0) }),
    ("`a``", { repeated("`a``", $0) }), ("*_", { repeated("*_", $0) }),
    ("~~a~ ", { repeated("~~a~ ", $0) }), ("a ~b~~ ", { repeated("a ~b~~ ", $0) }),
    ("[", { repeated("[", $0) }), ("![", { repeated("![", $0) }),
    ("[a](", { repeated("[a](", $0) }),
    ("*a **b", { repeated("*a **b", $0) }),
    (" *a then a**b a* ", { repeated(" *a", $0 / 2) + repeated("a**b a* ", $0 / 2) }),
    ("a**b a* then *a", { repeated("a**b a* ", $0 / 2) + repeated(" *a", $0 / 2) }),
    ("_a_b_", { repeated("_a_b_ ", $0) }),
    // The fuzzer's: destinations that nest one parenthesis deeper each time.
    ("![[](\\u{2}(*@)x[[", { repeated("![[](\u{2}\0\0\0(\u{3}*\0@\0)x[[", $0) }),
    ("&#", { repeated("&#", $0) }),
    ("\\", { repeated("\\", $0) }), ("||a", { repeated("||a", $0) }),
  ]

  static func repeated(_ pattern: String, _ bytes: Int) -> String {
    String(repeating: pattern, count: max(1, bytes / pattern.utf8.count))
  }

  @Test("work at 4n is at most 4.5 times the work at n, and at most 64 steps a byte")
  func linearWork() {
    for (name, make) in Self.patterns {
      let small = make(16_384)
      let large = make(65_536)
      let workSmall = MarkdownParser.parse(small, base: Self.base).work
      let workLarge = MarkdownParser.parse(large, base: Self.base).work
      #expect(
        Double(workLarge) <= 4.5 * Double(max(workSmall, 1)) + 64,
        "\(name): \(workSmall) at \(small.utf8.count) bytes, \(workLarge) at \(large.utf8.count)")
      #expect(workLarge <= 64 * large.utf8.count, "\(name): \(workLarge) steps")
    }
  }
}
