import Foundation

extension TextLanguage {
  /// The canonical BCP 47 tag of a tag or POSIX locale identifier, or `nil` when the text is
  /// neither.
  ///
  /// A POSIX identifier (`language[_territory][.codeset][@modifier]`) becomes a tag first: its
  /// codeset is dropped and its modifier mapped (see ``TextLanguage``). Underscores separate
  /// subtags as hyphens do, so ICU's identifiers (`zh_Hant_TW`) are read too. The tag must be
  /// well formed by RFC 5646's grammar, and is then spelled as Foundation's
  /// `Locale.identifier(.bcp47, from:)` spells it, unless ICU could only express it in private
  /// use (`x-lvariant-…`, for a subtag it does not know where to put), in which case its
  /// subtags just take their canonical case.
  static func canonicalIdentifier(_ text: String) -> String? {
    guard let tag = wellFormedTag(text) else { return nil }
    if tag == "und" { return tag }
    let foundation = Locale.identifier(.bcp47, from: tag)
    if foundation.contains("x-lvariant") || !foundation.allSatisfy(\.isASCII)
      || wellFormedTag(foundation) == nil
    {
      return casedTag(tag)
    }
    return foundation
  }

  /// A well-formed BCP 47 tag from a tag or POSIX identifier, in its own spelling but with
  /// hyphens, or `nil`.
  static func wellFormedTag(_ text: String) -> String? {
    guard !text.isEmpty, text.utf8.count <= 128, text.allSatisfy(\.isASCII) else { return nil }
    // A POSIX codeset (after ".") and modifier (after "@"); a BCP 47 tag has neither.
    var name = Substring(text)
    var modifier: Substring?
    if let at = name.firstIndex(of: "@") {
      modifier = name[name.index(after: at)...]
      name = name[..<at]
      guard let modifier, !modifier.isEmpty, modifier.allSatisfy(\.isAlphanumeric) else {
        return nil
      }
    }
    if let dot = name.firstIndex(of: ".") {
      let codeset = name[name.index(after: dot)...]
      guard !codeset.isEmpty,
        codeset.allSatisfy({ $0.isAlphanumeric || $0 == "-" || $0 == "_" })
      else { return nil }
      name = name[..<dot]
    }
    if name == "C" || name == "POSIX" { return "und" }
    var subtags = name.split(separator: "-", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
      .map(String.init)
    if let modifier { subtags = applying(modifier: modifier.lowercased(), to: subtags) }
    let tag = subtags.joined(separator: "-")
    return isWellFormed(subtags) || isGrandfathered(tag) ? tag : nil
  }

  /// The subtags with a POSIX modifier applied: a script name as the script subtag (unless
  /// there is one), a BCP 47 variant as a variant, anything else dropped.
  private static func applying(modifier: String, to subtags: [String]) -> [String] {
    var subtags = subtags
    if let script = modifierScripts[modifier] {
      let hasScript = subtags.dropFirst().contains { $0.count == 4 && $0.first!.isLetter }
      if !hasScript && !subtags.isEmpty { subtags.insert(script, at: 1) }
    } else if isVariant(Substring(modifier)) {
      subtags.append(modifier)
    }
    return subtags
  }

  /// The scripts glibc's locale modifiers name (`sr_RS@latin`, `uz_UZ@cyrillic`,
  /// `ks_IN@devanagari`), as ISO 15924 codes.
  private static let modifierScripts = [
    "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab",
    "hebrew": "Hebr", "greek": "Grek",
  ]

  /// Whether subtags follow RFC 5646's `langtag` or `privateuse` production:
  /// `language[-extlang]{0,3}[-script][-region](-variant)*(-extension)*[-privateuse]`.
  static func isWellFormed(_ subtags: [String]) -> Bool {
    guard let first = subtags.first else { return false }
    if first.lowercased() == "x" { return isPrivateUse(subtags[1...]) }
    guard (2...8).contains(first.count), first.allSatisfy(\.isLetter) else { return false }
    var index = 1
    // Extended language subtags follow a 2- or 3-letter language only.
    if first.count <= 3 {
      var extlangs = 0
      while index < subtags.count, extlangs < 3, subtags[index].count == 3,
        subtags[index].allSatisfy(\.isLetter)
      {
        index += 1
        extlangs += 1
      }
    }
    if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(\.isLetter) {
      index += 1
    }
    if index < subtags.count, isRegion(subtags[index]) { index += 1 }
    while index < subtags.count, isVariant(Substring(subtags[index])) { index += 1 }
    // Extensions: a singleton other than x, then subtags of 2 to 8 characters.
    while index < subtags.count, subtags[index].count == 1,
      subtags[index].lowercased() != "x", subtags[index].first!.isAlphanumeric
    {
      index += 1
      let start = index
      while index < subtags.count, (2...8).contains(subtags[index].count),
        subtags[index].allSatisfy(\.isAlphanumeric)
      {
        index += 1
      }
      guard index > start else { return false }
    }
    if index < subtags.count, subtags[index].lowercased() == "x" {
      return isPrivateUse(subtags[(index + 1)...])
    }
    return index == subtags.count
  }

  /// Whether the subtags after an `x` are private use: at least one, of 1 to 8 characters.
  private static func isPrivateUse(_ subtags: ArraySlice<String>) -> Bool {
    !subtags.isEmpty
      && subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(\.isAlphanumeric) }
  }

  private static func isRegion(_ subtag: String) -> Bool {
    (subtag.count == 2 && subtag.allSatisfy(\.isLetter))
      || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
  }

  /// Whether a subtag is a variant: 5 to 8 letters or digits, or a digit and 3 more.
  private static func isVariant(_ subtag: Substring) -> Bool {
    guard subtag.allSatisfy(\.isAlphanumeric) else { return false }
    return (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first!.isNumber)
  }

  /// RFC 5646's grandfathered tags, which do not follow the grammar (`i-klingon`).
  private static func isGrandfathered(_ tag: String) -> Bool {
    grandfathered.contains(tag.lowercased())
  }

  private static let grandfathered: Set<String> = [
    "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
    "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl",
    "sgn-ch-de", "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka",
    "zh-min", "zh-min-nan", "zh-xiang",
  ]

  /// A well-formed tag in canonical case: a script in title case, a two-letter region
  /// uppercase, everything else lowercase.
  static func casedTag(_ tag: String) -> String {
    // After a singleton (an extension's or private use's), every subtag is lowercase.
    var isAfterSingleton = false
    return tag.split(separator: "-").enumerated().map { index, subtag in
      if subtag.count == 1 { isAfterSingleton = true }
      guard index > 0, !isAfterSingleton else { return subtag.lowercased() }
      if subtag.count == 4 && subtag.allSatisfy(\.isLetter) {
        return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
      }
      if subtag.count == 2 && subtag.allSatisfy(\.isLetter) { return subtag.uppercased() }
      return subtag.lowercased()
    }.joined(separator: "-")
  }
}

extension Character {
  /// An ASCII letter or digit.
  fileprivate var isAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
