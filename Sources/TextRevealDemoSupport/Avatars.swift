import Foundation
@_spi(FrontEnd) import TextReveal

/// The avatars of the demos' chat rows: initials from a name, and a color from a fixed palette.
public enum Avatars {
  /// The avatar of a row: its author's initials in a color picked from the author's name (or
  /// the row's id when it has no author), a plain circle when there are no initials.
  public static func avatar<ID>(name: String?, key: String) -> ListRow<ID>.Avatar {
    ListRow<ID>.Avatar(initials: name.map(initials) ?? "", color: color(for: name ?? key))
  }

  /// The initials of a name: the first letter of its first word and of its last, capitalized
  /// ("Ana Lima" → "AL"); one ideograph for a name that starts with one ("佐藤 健" → "佐"); a
  /// whole emoji sequence for a name that starts with an emoji.
  public static func initials(of name: String) -> String {
    let words = name.split(whereSeparator: \.isWhitespace)
    guard let first = words.first?.first else { return "" }
    // An emoji (a whole sequence: a skin tone, a family, a flag, ❤️) is the whole avatar.
    if EmojiPresentation(first) == .emoji { return String(first) }
    var result = capital(first)
    if first.unicodeScalars.first?.properties.isIdeographic == true { return result }
    if words.count > 1, let last = words.last?.first, EmojiPresentation(last) != .emoji {
      result += capital(last)
    }
    return result
  }

  /// A letter in title case when that is one character ("ǆ" → "ǅ"), else upper case when
  /// that is one character, else as it is ("ß" stays).
  static func capital(_ character: Character) -> String {
    let title = character.unicodeScalars.map { $0.properties.titlecaseMapping }.joined()
    if title.count == 1 { return title }
    let upper = String(character).uppercased()
    return upper.count == 1 ? upper : String(character)
  }

  /// Eight colors that white initials read well on.
  public static let palette = [
    TextColor(red: 0.85, green: 0.23, blue: 0.18),
    TextColor(red: 0.78, green: 0.42, blue: 0.0),
    TextColor(red: 0.18, green: 0.55, blue: 0.34),
    TextColor(red: 0.04, green: 0.49, blue: 0.55),
    TextColor(red: 0.12, green: 0.44, blue: 0.85),
    TextColor(red: 0.35, green: 0.34, blue: 0.84),
    TextColor(red: 0.61, green: 0.30, blue: 0.79),
    TextColor(red: 0.76, green: 0.09, blue: 0.36),
  ]

  /// The palette color of a key, the same on every run (an FNV-1a hash, not Swift's seeded
  /// one), spread over the whole palette.
  public static func color(for key: String) -> TextColor {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    // FNV-1a's last multiply leaves a short key's high bits alike: finish with MurmurHash3's
    // mixer, so that every bit of the key reaches the bits that pick the color.
    hash ^= hash >> 33
    hash &*= 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    return palette[Int(hash % UInt64(palette.count))]
  }
}
