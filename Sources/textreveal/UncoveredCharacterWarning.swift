@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// The warning `render` and `render-list` print when a layout has characters no installed font
/// covers: how many, and for each script the characters and the Debian package to install.
enum UncoveredCharacterWarning {
  /// The warning for some layouts, or `nil` when every visible character has a glyph.
  ///
  /// ```text
  /// render: 4 characters no installed font covers are drawn as boxes: Hangul 안녕 (install
  /// Debian's fonts-noto-cjk); Kawi 𑼄𑼅 (no Debian package covers it)
  /// ```
  static func message(for layouts: [LaidOutText], command: String) -> String? {
    var characters: [Character] = []
    for layout in layouts {
      let string = layout.text.string
      for range in layout.uncoveredCharacters {
        characters.append(contentsOf: string[layout.stringRange(range)])
      }
    }
    return message(for: characters, command: command)
  }

  /// The warning for some characters no installed font covers, or `nil` when there are none.
  static func message(for characters: [Character], command: String) -> String? {
    guard !characters.isEmpty else { return nil }
    let groups = MissingFontAdvice.grouped(characters).map { advice, characters in
      var seen: Set<Character> = []
      let distinct = characters.filter { seen.insert($0).inserted }
      let shown = distinct.prefix(8).map { character in
        // A code point Unicode has not assigned shows as nothing: name it instead.
        advice.script == "Unknown"
          ? character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
          : String(character)
      }
      let list =
        shown.joined(separator: advice.script == "Unknown" ? ", " : "")
        + (distinct.count > shown.count ? "…" : "")
      let install =
        advice.script == "Unknown"
        ? "code points Unicode has not assigned"
        : advice.debianPackage.map { "install Debian's \($0)" }
          ?? "no Debian font package covers it"
      return "\(advice.script) \(list) (\(install))"
    }
    let count = characters.count
    return "\(command): \(count) character\(count == 1 ? "" : "s") no installed font covers"
      + " \(count == 1 ? "is" : "are") drawn as boxes: " + groups.joined(separator: "; ")
  }

  /// Prints the warning for some layouts on standard error, if there is one.
  static func warn(for layouts: [LaidOutText], command: String) {
    if let message = message(for: layouts, command: command) { Console.warn(message) }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
