import Testing
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

@Suite struct AvatarsTests {
  @Test(
    "initials are one capital a word, each still one character",
    arguments: [
      ("Ana Lima", "AL"), ("ßigrid Öz", "ßÖ"), ("ﬁona Berg", "ﬁB"), ("ǆemal Ko", "ǅK"),
      ("佐藤 健", "佐"), ("נועה לוי", "נל"), ("😀 party", "😀"), ("ioana", "I"),
      ("👍🏽 team", "👍🏽"), ("👩‍👩‍👧‍👦 Family", "👩‍👩‍👧‍👦"), ("🇯🇵 fans", "🇯🇵"), ("❤️ Club", "❤️"),
      ("Ana 😀", "A"), ("❤ Club", "❤C"),
    ])
  func initials(name: String, expected: String) {
    #expect(Avatars.initials(of: name) == expected)
  }

  @Test("a row's color comes from its name, the same on every run; no name takes the key")
  func colors() {
    let ana: ListRow<String>.Avatar = Avatars.avatar(name: "Ana Lima", key: "m1")
    #expect(ana.initials == "AL")
    #expect(ana.color == Avatars.color(for: "Ana Lima"))
    let anonymous: ListRow<String>.Avatar = Avatars.avatar(name: nil, key: "m7")
    #expect(anonymous.initials.isEmpty && anonymous.color == Avatars.color(for: "m7"))
    // Short keys spread over the palette.
    #expect(Set(["a", "b", "c", "d", "e", "f", "g", "h"].map(Avatars.color(for:))).count > 3)
  }
}
