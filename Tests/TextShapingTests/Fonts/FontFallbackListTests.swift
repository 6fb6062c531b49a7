import Testing

@_spi(Backend) @testable import TextShaping

@Suite struct FontFallbackListTests {
  @Test("The table of first faces answers as asking each character set in turn, for the whole BMP")
  func tableAgreesWithCharacterSets() throws {
    let list = try #require(
      Fontconfig.shared.fallbackList(family: "DejaVu Sans", weight: 400, isItalic: false))
    #expect(list.count > 1)
    var found = 0
    for value in 0..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let fast = list.firstFont(containing: CollectionOfOne(scalar))
      let asked = list.firstFontAsking(containing: CollectionOfOne(scalar), from: 0)
      #expect(fast?.position == asked?.position, "U+\(String(value, radix: 16))")
      if fast != nil { found += 1 }
    }
    // The faces installed for the tests cover Latin, Greek, Cyrillic, Hebrew, Arabic and CJK.
    #expect(found > 20_000)
  }

  @Test("The same query asks Fontconfig once for the whole process")
  func queriesAreKept() throws {
    let first = Fontconfig.shared.fallbackList(family: "DejaVu Sans", weight: 700, isItalic: true)
    let again = Fontconfig.shared.fallbackList(family: "DejaVu Sans", weight: 700, isItalic: true)
    #expect(first != nil && first === again)
    #expect(
      Fontconfig.shared.match(family: "DejaVu Sans", weight: 400, isItalic: false)
        == Fontconfig.shared.match(family: "DejaVu Sans", weight: 400, isItalic: false))
  }
}
