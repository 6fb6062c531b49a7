import Testing
@_spi(Backend) import TextLayout

@testable import TextReveal

@Suite struct BlankLineCollapsingTests {
  @Test("trimming and collapsing keep every character's style across runs")
  func styles() {
    let plain = TextStyle()
    let bold = TextStyle(weight: .bold)
    var text = StyledText("  Hello ", style: plain)
    text.append("wide\n\n \n  world", style: bold)
    text.append(" and more  \n", style: plain)
    let trimmed = BlankLineCollapsing.trimmed(text)
    #expect(trimmed.string == "Hello wide\n\n \n  world and more")
    #expect(trimmed.runs.map(\.range) == [0..<6, 6..<21, 21..<30])
    #expect(trimmed.runs.map(\.style) == [plain, bold, plain])
    let collapsed = BlankLineCollapsing.collapsed(trimmed)
    // The newline, spaces and newlines between "wide" and "world" become one newline; the
    // indentation after them stays, in the bold run it was in.
    #expect(collapsed.string == "Hello wide\n  world and more")
    #expect(collapsed.runs.map(\.range) == [0..<6, 6..<18, 18..<27])
    #expect(collapsed.runs.map(\.style) == [plain, bold, plain])
  }

  @Test("a text of blank lines only trims to nothing, keeping its first style")
  func onlyBlank() {
    let bold = TextStyle(weight: .bold)
    let trimmed = BlankLineCollapsing.trimmed(StyledText(" \n\n ", style: bold))
    #expect(trimmed.string.isEmpty)
    #expect(trimmed.runs.first?.style == bold)
  }

  @Test("the byte test's no means collapsing changes nothing before the offset")
  func mayHaveBlankLine() {
    func may(_ bytes: [UInt8], _ end: Int) -> Bool {
      bytes.withUnsafeBufferPointer {
        BlankLineCollapsing.mayHaveBlankLine($0, startingBefore: end)
      }
    }
    // Every text of up to five scalars from an alphabet of line breaks, ASCII and other white
    // space, and letters one and two bytes long.
    let alphabet: [String] = ["a", "é", " ", "\t", "\r", "\n", "\u{A0}", "\u{3000}"]
    var texts: [String] = [""]
    var all: [String] = [""]
    for _ in 0..<5 {
      texts = texts.flatMap { text in alphabet.map { text + $0 } }
      all += texts
    }
    var maybes = 0
    var answers = 0
    for string in all {
      let bytes = Array(string.utf8)
      let collapsed = Array(BlankLineCollapsing.collapsed(StyledText(string)).string.utf8)
      for end in 0...bytes.count {
        answers += 1
        if may(bytes, end) {
          maybes += 1
        } else {
          #expect(
            Array(collapsed.prefix(end)) == Array(bytes.prefix(end)), "\(string.debugDescription)")
        }
      }
      // Over the whole text, a text that collapses is always a maybe.
      if collapsed != bytes { #expect(may(bytes, bytes.count), "\(string.debugDescription)") }
    }
    // And the test is not a yes to everything.
    #expect(maybes < answers / 2)
    #expect(!may(Array("Title\nBody\n".utf8), 12))
    #expect(may(Array("Title\n \r\nBody".utf8), 6))
    #expect(!may(Array("Title\n\nBody".utf8), 5))
  }
}
