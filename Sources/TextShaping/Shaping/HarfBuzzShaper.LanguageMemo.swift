import CHarfBuzz
@_spi(Backend) import TextLayout

extension HarfBuzzShaper {
  /// The last style language a batch of misses was shaped in, with its HarfBuzz language,
  /// kept with an arena for the next batch: most batches share their style's language, and
  /// finding the HarfBuzz language again cost about 90 instructions a batch (whether the tag
  /// names a language, a C string of the tag, and HarfBuzz's look-up).
  ///
  /// HarfBuzz gives one language for one tag for the life of the process, so the memo's
  /// answer is the one ``HarfBuzzShaper/harfBuzzLanguage(of:)`` finds.
  struct LanguageMemo {
    /// The last style's language; a style without one needs none, as the memo starts.
    private var language: TextLanguage?
    /// The last style's HarfBuzz language as its address, 0 for none: an address keeps the
    /// memo, and the arena that holds it, `Sendable` (HarfBuzz never frees a language).
    private var harfBuzz = 0

    /// The style's language for HarfBuzz, or `nil` to guess it.
    mutating func harfBuzzLanguage(of style: TextStyle) -> hb_language_t? {
      if language == style.language { return hb_language_t(bitPattern: harfBuzz) }
      let found = HarfBuzzShaper.harfBuzzLanguage(of: style)
      harfBuzz = Int(bitPattern: found)
      language = style.language
      return found
    }
  }

  /// A style's language for HarfBuzz, or `nil` to guess it: when the style names none (no
  /// language, or an undetermined one).
  static func harfBuzzLanguage(of style: TextStyle) -> hb_language_t? {
    style.namesLanguage ? style.language.map { hb_language_from_string($0.identifier, -1) } : nil
  }
}
