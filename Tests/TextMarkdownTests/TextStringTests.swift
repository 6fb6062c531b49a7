import Testing
@_spi(Backend) import TextLayout
import TextMarkdown

/// The parsed text's `String` is made from its bytes without validating them again: they must
/// be valid UTF-8 by construction, whatever the Markdown cuts or decodes next to non-ASCII.
@Suite struct TextStringTests {
  @Test(
    "the text's string is the expected characters, valid UTF-8 byte for byte",
    arguments: [
      ("é**ü**ö", "éüö"),
      (
        "&#xD800; &#0; &#x110000; &amp; &copy;&ngE;",
        "\u{FFFD} \u{FFFD} \u{FFFD} & ©\u{2267}\u{338}"
      ),
      ("a\u{0}b *ß*", "a\u{FFFD}b ß"),
      ("日本語の`コード`と[リンク](https://example.jp)、![画像](x.png)", "日本語のコードとリンク、画像"),
      ("😀||spoiler 👍||😀 __ü__", "😀spoiler 👍😀 ü"),
      (
        "see www.exämple.com/ñ, ñ@example.com or https://example.com/é.",
        "see www.exämple.com/ñ, ñ@example.com or https://example.com/é."
      ),
      ("ascii only *text*\r\nand a line", "ascii only text\r\nand a line"),
      ("  \n\t\n", "  \n\t\n"),
      ("\u{0}\n\n", "\u{FFFD}\n\n"),
      ("<span>é</span> \\ü \\* `ü `", "<span>é</span> \\ü * ü "),
    ])
  func validString(markdown: String, expected: String) throws {
    let string = try parse(markdown).string
    #expect(Array(string.utf8) == Array(expected.utf8))
    #expect(String(validating: Array(string.utf8), as: UTF8.self) == expected)
    #expect(string.unicodeScalars.elementsEqual(expected.unicodeScalars))
    #expect(string.utf16.count == expected.utf16.count)
  }
}
