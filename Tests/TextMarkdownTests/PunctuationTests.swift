import Testing

@testable import TextMarkdown

@_silgen_name("cmark_utf8proc_is_punctuation")
private func cmarkIsPunctuation(_ scalar: Int32) -> Int32

@_silgen_name("cmark_utf8proc_is_space")
private func cmarkIsSpace(_ scalar: Int32) -> Int32

/// The character classes of the flanking rules against cmark-gfm 0.29's own tables.
@Suite struct PunctuationTests {
  @Test("white space is cmark-gfm's, scalar for scalar")
  func space() {
    for value in 0..<0x11_0000 where !(0xD800..<0xE000).contains(value) {
      #expect(
        InlineCharacters.isUnicodeSpace(UInt32(value)) == (cmarkIsSpace(Int32(value)) != 0),
        "U+\(String(value, radix: 16))")
    }
  }

  @Test("punctuation is exactly the P categories beyond ASCII, letter ranges answered early too")
  func punctuationCategories() {
    let categories: Set<Unicode.GeneralCategory> = [
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation,
    ]
    for value in UInt32(0x80)..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(
        InlineCharacters.isUnicodePunctuation(value)
          == categories.contains(scalar.properties.generalCategory),
        "U+\(String(value, radix: 16))")
    }
  }

  @Test("punctuation is cmark-gfm's but for characters newer than its Unicode table")
  func punctuation() {
    var differences: [Unicode.Scalar] = []
    for value in UInt32(0)..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if InlineCharacters.isUnicodePunctuation(value) != (cmarkIsPunctuation(Int32(value)) != 0) {
        differences.append(scalar)
      }
    }
    // cmark-gfm 0.29's table is of Unicode 7: it calls no punctuation what later versions
    // added (170 scalars with Swift 6.3's Unicode), and punctuation U+166D, a symbol since
    // Unicode 12. The flanking rules read the current Unicode here.
    let newer = differences.filter {
      InlineCharacters.isUnicodePunctuation($0.value) && ($0.properties.age?.major ?? 99) >= 8
    }
    #expect(differences.filter { !newer.contains($0) } == ["\u{166D}"])
    #expect(!newer.isEmpty)
  }
}
