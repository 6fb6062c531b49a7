import Testing

@testable import textreveal

@Suite struct InitialsTests {
  @Test(
    "initials are one capital a word, each still one character",
    arguments: [
      ("Ana Lima", "AL"), ("ßigrid Öz", "ßÖ"), ("ﬁona Berg", "ﬁB"), ("ǆemal Ko", "ǅK"),
      ("佐藤 健", "佐"), ("נועה לוי", "נל"), ("😀 party", "😀"), ("ioana", "I"),
      ("👍🏽 team", "👍🏽"), ("👩‍👩‍👧‍👦 Family", "👩‍👩‍👧‍👦"), ("🇯🇵 fans", "🇯🇵"), ("❤️ Club", "❤️"),
      ("Ana 😀", "A"), ("❤ Club", "❤C"),
    ])
  func initials(name: String, expected: String) {
    #expect(ListRowRecord.initials(of: name) == expected)
  }
}
