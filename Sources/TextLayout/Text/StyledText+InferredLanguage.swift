extension StyledText {
  /// How much of a text is read to guess its language: a paragraph of Japanese shows kana
  /// long before that (1 KB is 341 CJK characters), and a layout stays proportional to what
  /// it shows. A 3-line check at 320 points reads 200 to 600 bytes of lines; with 4 KB the
  /// sample cost a 1 MB text 3 to 14% more than a 2 KB one.
  package static let languageSampleBytes = 1024

  /// The text with a language on every run that names none, when the text's script says
  /// which: kana anywhere in its first 1 KB makes it Japanese, else Hangul makes it Korean.
  /// Otherwise, and when every run has a language, the text itself. A run whose language is
  /// undetermined (`und`, from the POSIX locale `C`) names none.
  ///
  /// A Han character alone cannot tell Chinese from Japanese, but a Japanese text is rarely
  /// without kana: taken as Japanese, its Han characters come from the Japanese face, not
  /// the Chinese one a per-character guess gives them. The runs keep their number and
  /// ranges, so an index into them means the same run in both texts.
  package func inferringLanguage() -> StyledText {
    guard let impliedLanguage, runs.contains(where: { !$0.style.namesLanguage }) else {
      return self
    }
    var inferred = runs
    for index in inferred.indices where !inferred[index].style.namesLanguage {
      inferred[index].style.language = impliedLanguage
    }
    // The language is known: making the text with `init(string:runs:)` read its first 1 KB
    // again to find it.
    return StyledText(string: string, runs: inferred, impliedLanguage: impliedLanguage)
  }

  /// The language the first 1 KB of a string imply (``impliedLanguage(of:)-(UnsafeBufferPointer<UInt8>)``).
  static func impliedLanguage(of string: inout String) -> TextLanguage? {
    string.withUTF8 {
      impliedLanguage(of: UnsafeBufferPointer(rebasing: $0.prefix(languageSampleBytes)))
    }
  }

  /// The language a sample of UTF-8 implies: `"ja"` when it holds hiragana or katakana
  /// (U+3040–U+30FF, U+31F0–U+31FF, half-width U+FF66–U+FF9F), else `"ko"` when it holds
  /// Hangul (syllables U+AC00–U+D7A3, jamo U+1100–U+11FF and U+3130–U+318F), else `nil`.
  ///
  /// One pass over the bytes, looking only at three-byte sequences led by E1, E3, EA–ED or
  /// EF: text without them (most of it) is passed over eight bytes at a time.
  package static func impliedLanguage(of bytes: UnsafeBufferPointer<UInt8>) -> TextLanguage? {
    var hasHangul = false
    var index = 0
    while index + 2 < bytes.count {
      // Eight bytes at a time while none of them is 0xE0 or above (bits 7, 6 and 5 set):
      // they hold no lead byte the switch below looks at.
      if index + 8 <= bytes.count {
        let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
        if word & (word << 1) & (word << 2) & 0x8080_8080_8080_8080 == 0 {
          index += 8
          continue
        }
      }
      let lead = bytes[index]
      guard lead >= 0xE1 else {
        index += 1
        continue
      }
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      switch lead {
      case 0xE3:
        if (0x81...0x83).contains(second) || second == 0x87 { return .japanese }
        if (second == 0x84 && third >= 0xB0) || second == 0x85 || (second == 0x86 && third <= 0x8F)
        {
          hasHangul = true
        }
      case 0xEF:
        if (second == 0xBD && third >= 0xA6) || (second == 0xBE && third <= 0x9F) {
          return .japanese
        }
      case 0xEA: if second >= 0xB0 { hasHangul = true }
      case 0xEB, 0xEC: hasHangul = true
      case 0xED: if second <= 0x9E { hasHangul = true }
      case 0xE1: if (0x84...0x87).contains(second) { hasHangul = true }
      default: break
      }
      index += lead >= 0xF0 ? 4 : 3
    }
    return hasHangul ? .korean : nil
  }
}
