import CICUShim

/// What to install for characters no installed font covers: each character's script, and a
/// Debian package whose fonts cover that script.
///
/// The packages are Debian 12's: fonts-noto-core covers most scripts Unicode 13 has (its
/// fonts cover at least half of each script's characters, counted with Fontconfig's character
/// sets), fonts-noto-cjk the Chinese, Japanese and Korean ones, fonts-noto-color-emoji the
/// emoji. Scripts newer than Debian's fonts (Kawi, Nag Mundari…) have no package.
package struct MissingFontAdvice: Sendable, Hashable {
  /// The script's name, as Unicode's property value aliases write it with spaces
  /// (`"Canadian Aboriginal"`), `"Emoji"` for an emoji, or `"Unknown"` for a code point
  /// Unicode has not assigned.
  package var script: String
  /// The Debian package whose fonts cover the script, when one is known.
  package var debianPackage: String?

  /// The advice for one character: the script of its first scalar that has one (a base
  /// letter, not its marks), or of its first scalar.
  package init(for character: Character) {
    let scalars = character.unicodeScalars
    // An emoji: one shown as emoji by default, or asked for with VS16.
    if scalars.first?.properties.isEmojiPresentation == true
      || scalars.contains(where: { $0.value == 0xFE0F })
    {
      self.init(script: "Emoji", debianPackage: "fonts-noto-color-emoji")
      return
    }
    let scripts = scalars.map(Self.script(of:))
    let (code, name) =
      scripts.first { !["Zyyy", "Zinh", "Zzzz"].contains($0.code) } ?? scripts[0]
    self.init(
      script: name.replacingOccurrences(of: "_", with: " "),
      debianPackage: Self.packages[code])
  }

  private init(script: String, debianPackage: String?) {
    self.script = script
    self.debianPackage = debianPackage
  }

  /// A scalar's script (ICU's Script property): its ISO 15924 code and long name.
  static func script(of scalar: Unicode.Scalar) -> (code: String, name: String) {
    var code: UnsafePointer<CChar>?
    var name: UnsafePointer<CChar>?
    trs_script(Int32(bitPattern: scalar.value), &code, &name)
    return (
      code.map { String(cString: $0) } ?? "Zzzz", name.map { String(cString: $0) } ?? "Unknown"
    )
  }

  /// The characters grouped by advice, in the order each group's first character comes.
  package static func grouped(
    _ characters: [Character]
  ) -> [(advice: MissingFontAdvice, characters: [Character])] {
    var groups: [(advice: MissingFontAdvice, characters: [Character])] = []
    for character in characters {
      let advice = MissingFontAdvice(for: character)
      if let index = groups.firstIndex(where: { $0.advice == advice }) {
        groups[index].characters.append(character)
      } else {
        groups.append((advice, [character]))
      }
    }
    return groups
  }

  /// The Debian package for each script, by ISO 15924 code: Common (`Zyyy`) and Inherited
  /// (`Zinh`) characters (symbols, marks) are fonts-noto-core's too.
  static let packages: [String: String] = {
    var packages: [String: String] = [:]
    for code in ["Hani", "Hira", "Kana", "Hang", "Bopo"] { packages[code] = "fonts-noto-cjk" }
    for code in notoCoreScripts { packages[code] = "fonts-noto-core" }
    return packages
  }()

  /// The scripts of which fonts-noto-core (Debian 12, Noto 2020-12-25) covers at least half
  /// the characters.
  static let notoCoreScripts = [
    "Zyyy", "Zinh", "Arab", "Armn", "Beng", "Cher", "Copt", "Cyrl", "Dsrt", "Deva", "Ethi",
    "Geor", "Goth", "Grek", "Gujr", "Guru", "Hebr", "Knda", "Khmr", "Laoo", "Latn", "Mlym",
    "Mong", "Mymr", "Ogam", "Ital", "Orya", "Runr", "Sinh", "Syrc", "Taml", "Telu", "Thaa",
    "Thai", "Tibt", "Cans", "Yiii", "Tglg", "Hano", "Buhd", "Tagb", "Brai", "Cprt", "Limb",
    "Linb", "Osma", "Shaw", "Tale", "Ugar", "Bugi", "Glag", "Khar", "Sylo", "Talu", "Tfng",
    "Xpeo", "Bali", "Batk", "Brah", "Cham", "Egyp", "Hmng", "Hung", "Java", "Kali", "Lepc",
    "Lina", "Mand", "Mero", "Nkoo", "Orkh", "Perm", "Phag", "Phnx", "Plrd", "Vaii", "Xsux",
    "Cari", "Lana", "Lyci", "Lydi", "Olck", "Rjng", "Saur", "Sgnw", "Sund", "Mtei", "Armi",
    "Avst", "Cakm", "Kthi", "Mani", "Phli", "Phlp", "Prti", "Samr", "Tavt", "Bamu", "Lisu",
    "Sarb", "Bass", "Dupl", "Elba", "Gran", "Mend", "Merc", "Narb", "Nbat", "Palm", "Sind",
    "Wara", "Mroo", "Nshu", "Shrd", "Sora", "Takr", "Tang", "Hluw", "Khoj", "Tirh", "Aghb",
    "Mahj", "Ahom", "Hatr", "Modi", "Mult", "Pauc", "Sidd", "Adlm", "Bhks", "Marc", "Newa",
    "Osge", "Gonm", "Soyo", "Zanb", "Dogr", "Gong", "Medf", "Rohg", "Sogd", "Sogo", "Elym",
    "Hmnp", "Wcho", "Yezi",
  ]
}
