/// How a grapheme cluster that is an emoji, or may be one, wants to be shown: as a colour
/// emoji or as text, following UTS #51's emoji presentation and sequence rules.
///
/// The itemizer decides per grapheme cluster (Swift `Character`), and extended grapheme
/// clusters already hold every sequence UTS #51 defines (modifier sequences, ZWJ sequences,
/// flag pairs, keycaps, tag sequences), so a cluster's presentation is an emoji run of its own
/// exactly as UTS #51's and Pango's emoji iterators would cut it:
///
/// - a presentation sequence with VS16 (U+FE0F) is `.emoji`, one with VS15 (U+FE0E) is `.text`;
/// - a keycap (`0`–`9`, `#`, `*`, optionally VS16, then U+20E3) is `.emoji`;
/// - a regional-indicator pair (a flag), a modifier sequence, a tag sequence and a ZWJ sequence
///   are `.emoji`;
/// - a lone emoji character is `.emoji` when it has the `Emoji_Presentation` property and
///   `.text` otherwise (❤ U+2764, © U+00A9, digits);
/// - anything else is not an emoji (`nil`).
///
/// ```swift
/// EmojiPresentation("❤")  // .text
/// EmojiPresentation("❤️")  // .emoji
/// EmojiPresentation("A")  // nil
/// ```
public enum EmojiPresentation: Sendable, Hashable {
  /// Shown as text: in the text face when it has the glyph.
  case text
  /// Shown as a colour emoji: in the emoji face when it has the glyph.
  case emoji

  /// The presentation of a grapheme cluster, or `nil` when it is no emoji at all.
  ///
  /// - Parameter character: The grapheme cluster.
  public init?(_ character: Character) {
    var scalars = character.unicodeScalars.makeIterator()
    // Most text: letters and marks that are no emoji, decided from the first scalar's value.
    guard let first = scalars.next(), Self.mayStartEmoji(first) else { return nil }
    let second = scalars.next()
    if Self.isKeycapBase(first) {
      // A digit, # or * is an emoji only as a keycap, or with VS16.
      switch second?.value {
      case 0x20E3: self = .emoji
      case 0xFE0F: self = .emoji
      case 0xFE0E: self = .text
      default: return nil
      }
      return
    }
    let properties = first.properties
    guard properties.isEmoji else { return nil }
    if let second {
      switch second.value {
      case 0xFE0E: self = .text
      case 0xFE0F, 0x200D, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: self = .emoji
      case 0x1F1E6...0x1F1FF where Self.isRegionalIndicator(first): self = .emoji
      default:
        // A ZWJ sequence may join after a modifier or selector: any joiner makes it one.
        if character.unicodeScalars.contains(where: { $0.value == 0x200D }) {
          self = .emoji
        } else {
          self = properties.isEmojiPresentation ? .emoji : .text
        }
      }
      return
    }
    self = properties.isEmojiPresentation ? .emoji : .text
  }

  /// Whether a scalar may start a cluster that is an emoji: the keycap bases, © and ®, and the
  /// ranges that hold every other emoji character (U+203C ‼ to U+3299 ㊙, and from U+1F000), so
  /// letters, marks and CJK ideographs need no property lookup. A quick answer by value; the
  /// Unicode properties decide the rest, and a test holds it to them for every scalar.
  @inline(__always)
  static func mayStartEmoji(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return isKeycapBase(scalar) }
    return value == 0xA9 || value == 0xAE || (0x203C...0x3299).contains(value)
      || value >= 0x1F000
  }

  /// Whether a scalar is shown as a colour emoji on its own (`Emoji_Presentation`), answered
  /// by value outside the ranges that hold such scalars, so that the hot paths for CJK text
  /// pay no property lookup.
  @inline(__always)
  static func isDefaultEmoji(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard (0x231A...0x2B55).contains(value) || value >= 0x1F000 else { return false }
    return scalar.properties.isEmojiPresentation
  }

  /// The characters a keycap sequence starts with: `0`–`9`, `#` and `*`.
  static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x23, 0x2A, 0x30...0x39: true
    default: false
    }
  }

  /// Whether a scalar is one of the 26 regional indicators, two of which make a flag.
  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }
}
