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
}
