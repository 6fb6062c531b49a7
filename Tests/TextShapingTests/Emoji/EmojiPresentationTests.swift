import Testing

@_spi(Backend) @testable import TextShaping

@Suite struct EmojiPresentationTests {
  @Test(
    "Clusters get UTS #51's presentation",
    arguments: [
      ("😀", EmojiPresentation.emoji), ("😀\u{FE0E}", .text), ("❤", .text), ("❤️", .emoji),
      ("👍🏽", .emoji), ("🇯🇵", .emoji), ("#⃣", .emoji), ("#️⃣", .emoji), ("7️⃣", .emoji),
      ("👩‍👩‍👧‍👦", .emoji), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", .emoji), ("©", .text), ("©️", .emoji), ("☺", .text),
      ("⌚", .emoji), ("🏽", .emoji), ("🇯", .emoji),
    ])
  func presentation(text: String, expected: EmojiPresentation) {
    #expect(text.count == 1)
    #expect(EmojiPresentation(Character(text)) == expected)
  }

  @Test(
    "Letters, marks, digits and # alone are no emoji",
    arguments: ["a", "#", "7", "é", "你", "\u{E01}"])
  func notEmoji(text: String) {
    #expect(EmojiPresentation(Character(text)) == nil)
  }

  @Test("The quick default-emoji test is the Emoji_Presentation property, for every scalar")
  func defaultEmojiByValue() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if EmojiPresentation.isDefaultEmoji(scalar) != scalar.properties.isEmojiPresentation {
        mismatches.append(value)
      }
      // A scalar the quick test passes over may not start an emoji.
      if !EmojiPresentation.mayStartEmoji(scalar) && scalar.properties.isEmoji {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
  }
}
