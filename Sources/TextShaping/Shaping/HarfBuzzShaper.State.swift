import Foundation
@_spi(Backend) import TextLayout

extension HarfBuzzShaper {
  /// Everything the shaper loads and caches, guarded by its mutex.
  struct State {
    /// The loaded faces; a `FontID`'s raw value is an index into this array.
    var fonts: [LoadedFont] = []
    /// The loaded faces by file, so each face is opened once.
    var fontIDsByFile: [FontFileReference: FontID] = [:]
    /// Families named explicitly with a font file; they win over Fontconfig.
    var registeredFamilies: [String: FontID] = [:]
    /// The primary face each requested family, weight and slant resolved to through Fontconfig.
    var primaryFonts: [FontRequest: FontID] = [:]
    /// Fontconfig's sorted fallback fonts per pattern; `nil` when Fontconfig had none.
    var fallbackLists: [FontRequest: FontFallbackList?] = [:]
    /// The face each character the primary face lacks resolved to.
    var fallbackFonts: [FallbackKey: FontID] = [:]
    /// The same for characters of one scalar, keyed by ``scalarFallbackKey(_:primary:)``:
    /// hashing a `Character` normalizes it, which costs more than the rest of a shaping miss.
    var scalarFallbacks: [UInt64: FontID] = [:]
    /// The face every scalar of a block the primary face lacks falls back to, keyed by the
    /// ``scalarFallbackKey(_:primary:)`` of the block's first scalar; `nil` when they may not
    /// all fall back to one face (``HarfBuzzShaper/blockFallbackFont(for:primary:)``).
    var blockFallbacks: [UInt64: FontID?] = [:]
    /// A number for each fallback pattern, so that a key can hold one.
    var patternIDs: [FontRequest: Int] = [:]
    /// The face Fontconfig gives the `emoji` family, loaded on the first emoji; `.some(nil)`
    /// when it has none that loads.
    var emojiFont: LoadedFont??
    /// Shaping results.
    var shapes = ShapeCache(limit: HarfBuzzShaper.shapeCacheLimit)
    /// The last style attributes resolved, and their face: consecutive pieces share a style.
    /// Kept apart, so that a style can be compared with them in place, without a request.
    var lastFamily = ""
    var lastWeight = 0
    var lastIsItalic = false
    /// The last style's language.
    var lastLanguage: TextLanguage?
    var lastFont: PrimaryFont?
    /// The styles resolved before the last one, newest last, at most ``recentLimit``: a list
    /// of rows in several languages changes style at every row (each row's language is
    /// inferred), and resolving a request again cost about 1,800 instructions and a new
    /// ``PrimaryFont``.
    var recentFonts: [RecentFont] = []

    /// A style's attributes, as ``lastFamily`` and the others keep the last one's.
    struct RecentFont {
      var family: String
      var weight: Int
      var isItalic: Bool
      var language: TextLanguage?
      var font: PrimaryFont
    }

    /// How many styles ``recentFonts`` keeps (computed, not stored: a stored static is checked
    /// for initialization on every access).
    static var recentLimit: Int { 8 }

    /// The primary face of a request: its face and fallback pattern, numbered.
    mutating func primaryFont(_ font: LoadedFont, fallbackPattern: FontRequest) -> PrimaryFont {
      let patternID =
        patternIDs[fallbackPattern]
        ?? {
          let id = patternIDs.count
          patternIDs[fallbackPattern] = id
          return id
        }()
      return PrimaryFont(font: font, fallbackPattern: fallbackPattern, patternID: patternID)
    }

    /// Makes a request and its face the last resolved.
    mutating func remember(_ request: FontRequest, _ font: PrimaryFont) {
      remember(
        family: request.family, weight: request.weight, isItalic: request.isItalic,
        language: request.tag, font: font)
    }

    /// Makes style attributes and their face the last resolved; the last one before joins the
    /// recent ones.
    private mutating func remember(
      family: String, weight: Int, isItalic: Bool, language: TextLanguage?, font: PrimaryFont
    ) {
      if let lastFont {
        if recentFonts.count >= Self.recentLimit { recentFonts.removeFirst() }
        recentFonts.append(
          RecentFont(
            family: lastFamily, weight: lastWeight, isItalic: lastIsItalic,
            language: lastLanguage, font: lastFont))
      }
      lastFamily = family
      lastWeight = weight
      lastIsItalic = isItalic
      lastLanguage = language
      lastFont = font
    }

    /// Forgets the faces styles resolved to (a family was registered again).
    mutating func forgetResolvedStyles() {
      lastFont = nil
      recentFonts.removeAll()
    }

    /// The face of the last request, or of a recent one, if it had these attributes; a recent
    /// one found becomes the last.
    mutating func last(
      family: String, weight: Int, isItalic: Bool, language: TextLanguage?
    ) -> PrimaryFont? {
      if lastWeight == weight, lastIsItalic == isItalic, lastLanguage == language,
        lastFamily == family
      {
        return lastFont
      }
      guard
        let index = recentFonts.lastIndex(where: {
          $0.weight == weight && $0.isItalic == isItalic && $0.language == language
            && $0.family == family
        })
      else { return nil }
      let found = recentFonts.remove(at: index)
      remember(
        family: found.family, weight: found.weight, isItalic: found.isItalic,
        language: found.language, font: found.font)
      return found.font
    }
  }

  /// The font attributes of a style, without its size; also the pattern fallbacks are sorted by.
  struct FontRequest: Hashable {
    var family: String
    var weight: Int
    var isItalic: Bool
    /// The language fallback faces are sorted for, as Fontconfig names it (`zh-cn`), or `nil`.
    var language: String?
    /// The style's language, to compare styles with in place; `nil` for a request sorted for
    /// a language the text's script implies.
    var tag: TextLanguage?

    init(family: String, weight: Int, isItalic: Bool) {
      self.family = family
      self.weight = weight
      self.isItalic = isItalic
    }

    init(_ style: TextStyle) {
      family = style.fontFamily
      weight = style.weight.value
      isItalic = style.isItalic
      tag = style.language
      language = style.language.flatMap(FallbackLanguage.fontconfigName(for:))
    }

    /// The same request, sorting fallbacks for another language (Fontconfig's name).
    func sorted(for language: String) -> FontRequest {
      var request = self
      request.language = language
      request.tag = nil
      return request
    }
  }

  /// The face a style resolves to, and the pattern its fallback faces are sorted by.
  ///
  /// A class, so that handing the last one out on every shaping call counts one reference.
  final class PrimaryFont: Sendable {
    let font: LoadedFont
    /// The requested family, weight and slant; for a registered family, the family the font
    /// declares instead, since Fontconfig does not know the registered name.
    let fallbackPattern: FontRequest
    /// The shaper's number for `fallbackPattern`.
    let patternID: Int

    init(font: LoadedFont, fallbackPattern: FontRequest, patternID: Int) {
      self.font = font
      self.fallbackPattern = fallbackPattern
      self.patternID = patternID
    }

    /// Whether the face has the scalar's glyph (``LoadedFont/hasGlyph(for:)``).
    func covers(_ scalar: Unicode.Scalar) -> Bool {
      font.hasGlyph(for: scalar)
    }

    /// The key of a one-scalar character in ``State/scalarFallbacks``.
    func scalarFallbackKey(_ scalar: Unicode.Scalar) -> UInt64 {
      UInt64(truncatingIfNeeded: font.id.rawValue) << 48
        | UInt64(truncatingIfNeeded: patternID) << 24 | UInt64(scalar.value)
    }
  }

  /// A character a primary face lacks.
  struct FallbackKey: Hashable {
    var primary: FontID
    var fallbackPattern: FontRequest
    var character: Character
  }
}
