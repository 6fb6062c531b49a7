import Synchronization
@_spi(Backend) import TextLayout

/// The text shaper of the real text stack: HarfBuzz shaping, FreeType metrics and Fontconfig
/// font matching and fallback.
///
/// A style's family resolves to a face in this order: a font file registered for the family with
/// ``register(fontAt:as:)``, then Fontconfig's best match (`FcFontMatch`) for the family, weight
/// and slant, then DejaVu Sans at ``defaultFontPath``. Characters the face lacks are shaped with
/// the first face that has them in Fontconfig's sorted list (`FcFontSort` on the requested family,
/// weight and slant, as Pango does; for a registered family, on the family its font declares).
/// Fonts are resolved per grapheme cluster, so a combining mark or a joiner sequence stays with
/// its base character's face.
///
/// Shaping is unhinted: HarfBuzz works in font units (the font's scale is its units per em) and
/// positions are converted to points as `units × size / unitsPerEm`, so advances are fractional.
/// HarfBuzz's default features are on (kerning, standard ligatures). Glyph clusters use
/// HarfBuzz's default monotone-graphemes level and are then merged so that no cluster boundary
/// falls inside a grapheme cluster (Swift `Character`).
///
/// Shaping results are cached by text, font attributes, size and direction (up to
/// ``shapeCacheLimit`` entries, then the cache starts over). The shaper is safe to use from
/// several threads; shaping itself runs outside the lock.
///
/// The cache is the shaper's own; what is read from font files is not. A face (its names,
/// metrics, HarfBuzz face and coverage) and the tables made from it for shaping are read once
/// for the process and shared by every shaper, for the life of the process, keyed by the
/// file's path, face index and identity on disk (device, inode, size, modification time), so a
/// file written again at the same path is read again. A shaper numbers the faces it meets
/// itself: a `FontID` means something only to the shaper that gave it.
///
/// ```swift
/// let shaper = HarfBuzzShaper()
/// let shaped = shaper.shape("Hello", style: TextStyle(size: 17), isRightToLeft: false)
/// print(shaped.advance)
/// ```
public final class HarfBuzzShaper: Sendable {
  /// The font used when Fontconfig finds no font at all: DejaVu Sans from fonts-dejavu-core.
  public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// The number of cached shaping results at which the cache is emptied.
  public static let shapeCacheLimit = 50_000

  let state = Mutex(State())
  /// The buffers shaping calls lend one another.
  let buffers = HarfBuzzBufferPool()
  /// The arenas shaping calls shape misses into.
  let arenas = GlyphArenaPool()
  /// The plans of runs shaped without HarfBuzz, whose shaping is provably trivial.
  let directPlans: DirectShapingPlans
  /// Whether a miss that is one item shaped directly takes the lean path
  /// (``PieceShaper/shapeDirectly(_:hangingStart:into:)``); the tests hold it to the general
  /// one.
  let shapesMissesLean: Bool

  /// Creates a shaper that finds every family through Fontconfig.
  public init() {
    directPlans = DirectShapingPlans(isEnabled: true)
    shapesMissesLean = true
  }

  /// Creates a shaper that shapes every run with HarfBuzz, or one that shapes runs whose
  /// shaping is provably trivial without it (as ``init()`` does): the tests hold the second
  /// to the first.
  @_spi(Testing) public init(shapesDirectly: Bool) {
    directPlans = DirectShapingPlans(isEnabled: shapesDirectly)
    shapesMissesLean = true
  }

  /// Creates a shaper that shapes directly, whose misses of one direct item take the lean
  /// path or the general one: the tests hold the first to the second.
  init(shapesMissesLean: Bool) {
    directPlans = DirectShapingPlans(isEnabled: true)
    self.shapesMissesLean = shapesMissesLean
  }

  /// Creates a shaper with font files for some families.
  ///
  /// ```swift
  /// let shaper = try HarfBuzzShaper(fonts: ["Body": "/path/to/Font.ttf"])
  /// ```
  ///
  /// - Parameter fonts: Font file paths by family name; see ``register(fontAt:as:)``.
  /// - Throws: ``TextShapingError`` naming the first file that cannot be loaded.
  public convenience init(fonts: [String: String]) throws(TextShapingError) {
    self.init()
    for (family, path) in fonts.sorted(by: { $0.key < $1.key }) {
      try register(fontAt: path, as: family)
    }
  }

  // MARK: - Fonts

  /// Makes a family name resolve to the first face of a font file, for every weight and slant.
  ///
  /// Use it to name a font explicitly (tests, the `--font` option) instead of relying on what
  /// Fontconfig finds installed. Registering a family again replaces its file.
  ///
  /// - Parameters:
  ///   - path: The font file (TrueType, OpenType or a collection, whose first face is used).
  ///   - family: The family name styles use; `nil` for the name the font declares.
  /// - Returns: The loaded face; its ``FontFace/familyName`` is the font's own family name.
  /// - Throws: ``TextShapingError/freeType(function:code:path:)`` when the file cannot be opened
  ///   or is not a font, or another ``TextShapingError`` naming the path.
  @discardableResult
  public func register(fontAt path: String, as family: String? = nil) throws(TextShapingError)
    -> FontFace
  {
    let font = try loadFont(FontFileReference(path: path, index: 0))
    let name = family ?? font.info.familyName
    state.withLock { state in
      state.registeredFamilies[name] = font.id
      // Results shaped for this family before may have used another face.
      state.shapes.removeAll()
      state.forgetResolvedStyles()
    }
    return font.info
  }

  /// The description of a face this shaper loaded, for example to find its file.
  ///
  /// - Parameter id: The identifier from a ``GlyphRun``.
  /// - Returns: The face, or `nil` when `id` did not come from this shaper.
  @_spi(Backend) public func fontFace(for id: FontID) -> FontFace? {
    loadedFont(for: id)?.info
  }

  /// The identifier of the primary face a style resolves to (before any fallback).
  ///
  /// - Parameter style: The style whose family, weight and slant are resolved.
  /// - Returns: The face's identifier; `fontFace(for:)` describes it.
  @_spi(Backend) public func fontID(for style: TextStyle) -> FontID {
    primaryFont(for: style).font.id
  }

  func loadedFont(for id: FontID) -> LoadedFont? {
    state.withLock { state in
      state.fonts.indices.contains(id.rawValue) ? state.fonts[id.rawValue] : nil
    }
  }

  /// The face a file holds, numbered once per shaper; read once for the process
  /// (``SharedFontFace``).
  func loadFont(_ file: FontFileReference) throws(TextShapingError) -> LoadedFont {
    let known = state.withLock { state in
      state.fontIDsByFile[file].map { state.fonts[$0.rawValue] }
    }
    if let font = known {
      return font
    }
    // Reading a file the process has not met is slow, so it happens outside the lock; when
    // two threads race, the first to number the face wins.
    let face = try SharedFontFace.face(in: file)
    return state.withLock { state in
      if let id = state.fontIDsByFile[file] {
        return state.fonts[id.rawValue]
      }
      let font = LoadedFont(id: FontID(rawValue: state.fonts.count), face: face)
      state.fonts.append(font)
      state.fontIDsByFile[file] = font.id
      return font
    }
  }

  /// The face a style's family, weight and slant resolve to; never fails for an installed
  /// system.
  ///
  /// Consecutive pieces almost always share a style: the last one is compared in place first.
  func primaryFont(for style: TextStyle) -> PrimaryFont {
    let last = state.withLock {
      $0.last(
        family: style.fontFamily, weight: style.weight.value, isItalic: style.isItalic,
        language: style.language)
    }
    return last ?? primaryFont(for: FontRequest(style))
  }

  /// The face a family, weight and slant resolve to; never fails for an installed system.
  func primaryFont(for request: FontRequest) -> PrimaryFont {
    let known = state.withLock { state -> PrimaryFont? in
      if let last = state.last(
        family: request.family, weight: request.weight, isItalic: request.isItalic,
        language: request.tag)
      {
        return last
      }
      let found: PrimaryFont?
      if let id = state.registeredFamilies[request.family] {
        let font = state.fonts[id.rawValue]
        var pattern = request
        pattern.family = font.info.familyName
        found = state.primaryFont(font, fallbackPattern: pattern)
      } else if let id = state.primaryFonts[request] {
        found = state.primaryFont(state.fonts[id.rawValue], fallbackPattern: request)
      } else {
        found = nil
      }
      if let found { state.remember(request, found) }
      return found
    }
    if let known {
      return known
    }
    let matched = Fontconfig.shared.match(
      family: request.family, weight: request.weight, isItalic: request.isItalic)
    let font: LoadedFont
    if let matched, let loaded = try? loadFont(matched) {
      font = loaded
    } else {
      do {
        font = try loadFont(FontFileReference(path: Self.defaultFontPath, index: 0))
      } catch {
        preconditionFailure(
          "No font for the family \"\(request.family)\": Fontconfig found none and the default"
            + " font cannot be loaded (\(error)); install fonts-dejavu-core")
      }
    }
    return state.withLock {
      $0.primaryFonts[request] = font.id
      return $0.primaryFont(font, fallbackPattern: request)
    }
  }

  /// Checks that a family resolves to a face that loads, as the first layout will ask: through
  /// Fontconfig, or the default font file.
  ///
  /// - Throws: ``TextShapingError/fontconfig(function:family:)`` naming the family when neither
  ///   gives a usable face (a machine without DejaVu Sans, say).
  package func checkFamily(_ family: String) throws(TextShapingError) {
    let request = FontRequest(TextStyle(fontFamily: family))
    if let matched = Fontconfig.shared.match(
      family: request.family, weight: request.weight, isItalic: request.isItalic),
      (try? loadFont(matched)) != nil
    {
      return
    }
    guard (try? loadFont(FontFileReference(path: Self.defaultFontPath, index: 0))) != nil else {
      throw .fontconfig(function: "FcFontMatch", family: family)
    }
  }

  // MARK: - Fallback

  /// The face that shapes a character: the primary face when it has every glyph, otherwise the
  /// first face in Fontconfig's sorted list that has them (or, failing that, the base character).
  ///
  /// A cluster with emoji presentation (``EmojiPresentation``) takes the emoji face first when
  /// it has every glyph; every other cluster takes a colour face only when no other face has
  /// its glyphs, so text presentation stays in the text faces.
  func font(for character: Character, primary: PrimaryFont) -> LoadedFont {
    if EmojiPresentation(character) == .emoji, let emoji = emojiFont(),
      emoji.covers(character.unicodeScalars)
    {
      return emoji
    }
    if primary.font.covers(character.unicodeScalars) {
      return primary.font
    }
    var scalars = character.unicodeScalars.makeIterator()
    if let only = scalars.next(), scalars.next() == nil {
      if let known = knownFallbackFont(for: only, primary: primary) { return known }
      let chosen = fallbackFont(for: only, primary: primary)
      state.withLock { $0.scalarFallbacks[primary.scalarFallbackKey(only)] = chosen.id }
      return chosen
    }
    return fallbackFont(for: character, primary: primary)
  }

  /// The fallback face found before for a character of one scalar the primary face lacks.
  func knownFallback(for scalar: Unicode.Scalar, primary: PrimaryFont) -> FontID? {
    let key = primary.scalarFallbackKey(scalar)
    return state.withLock { $0.scalarFallbacks[key] }
  }

  /// The face ``knownFallback(for:primary:)`` names, found under the same lock.
  func knownFallbackFont(for scalar: Unicode.Scalar, primary: PrimaryFont) -> LoadedFont? {
    let key = primary.scalarFallbackKey(scalar)
    return state.withLock { state in state.scalarFallbacks[key].map { state.fonts[$0.rawValue] } }
  }

  /// The face each scalar of a block falls back to when the primary face lacks it, when it is
  /// the same face for every scalar of the block: found by asking the fallback for the block's
  /// first scalar, and proven for the others by the list
  /// (``FontFallbackList/blockFallback(for:choice:covers:)``). `nil` when not proven, or when
  /// the primary face has the first scalar. `PrimaryItemTests` holds it to
  /// ``font(for:primary:)-(Unicode.Scalar,_)`` for every scalar of the blocks.
  ///
  /// - Parameter block: The code points of one script whose fallback language is one
  ///   (``FallbackLanguage/implied(by:)``), none of them emoji or default-ignorable.
  func blockFallbackFont(for block: ClosedRange<UInt32>, primary: PrimaryFont) -> LoadedFont? {
    guard let first = Unicode.Scalar(block.lowerBound) else { return nil }
    let key = primary.scalarFallbackKey(first)
    let known = state.withLock { state in
      state.blockFallbacks[key].map { $0.map { state.fonts[$0.rawValue] } }
    }
    if let known { return known }
    var proven: LoadedFont?
    let chosen = font(for: first, primary: primary)
    if chosen !== primary.font,
      let list = fallbackList(for: fallbackPattern(of: primary, for: first)),
      list.blockFallback(
        for: block, choice: (chosen.file, chosen.isColor), covers: { chosen.hasGlyph(for: $0) })
        == chosen.file
    {
      proven = chosen
    }
    state.withLock { $0.blockFallbacks[key] = .some(proven?.id) }
    return proven
  }

  /// The face for a character the primary face lacks, through Fontconfig's sorted list.
  func fallbackFont(for character: Character, primary: PrimaryFont) -> LoadedFont {
    let key = FallbackKey(
      primary: primary.font.id, fallbackPattern: primary.fallbackPattern, character: character)
    let cached = state.withLock { state in
      state.fallbackFonts[key].map { state.fonts[$0.rawValue] }
    }
    if let cached {
      return cached
    }
    let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
    var chosen = primary.font
    if let base = scalars.first,
      let list = fallbackList(for: fallbackPattern(of: primary, for: base))
    {
      chosen =
        firstFont(in: list, covering: scalars)
        ?? firstFont(in: list, covering: CollectionOfOne(base)) ?? primary.font
    }
    state.withLock { $0.fallbackFonts[key] = chosen.id }
    return chosen
  }

  /// The face for a character of one scalar the primary face lacks: as
  /// ``fallbackFont(for:primary:)-(Character,_)`` finds it, through a choice the fallback list
  /// keeps for every shaper of the process, so a new shaper only loads the face.
  private func fallbackFont(for scalar: Unicode.Scalar, primary: PrimaryFont) -> LoadedFont {
    // A default-ignorable scalar needs no glyph of its own; the primary face takes it.
    guard !scalar.properties.isDefaultIgnorableCodePoint,
      let list = fallbackList(for: fallbackPattern(of: primary, for: scalar))
    else { return primary.font }
    let file = list.fallback(for: scalar) {
      firstFont(in: list, covering: CollectionOfOne(scalar))?.file
    }
    // A file that no longer loads: look further down the list, as the first choice did.
    return file.flatMap { try? loadFont($0) }
      ?? firstFont(in: list, covering: CollectionOfOne(scalar)) ?? primary.font
  }

  /// The first loadable face in the list whose coverage (by Fontconfig and by its cmap) has
  /// every scalar, passing over colour bitmap faces while a text face has them: clusters with
  /// emoji presentation find the emoji face before any fallback.
  private func firstFont(
    in list: FontFallbackList, covering scalars: some Collection<Unicode.Scalar>
  ) -> LoadedFont? {
    var start = 0
    var firstColor: LoadedFont?
    while let (position, file) = list.firstFont(containing: scalars, from: start) {
      if let font = try? loadFont(file), font.covers(scalars) {
        guard font.isColor else { return font }
        if firstColor == nil { firstColor = font }
      }
      start = position + 1
    }
    return firstColor
  }

  /// The face for emoji presentation: Fontconfig's match for the `emoji` family (Noto Color
  /// Emoji, from fonts-noto-color-emoji), loaded once; `nil` when it does not load.
  func emojiFont() -> LoadedFont? {
    if let known = state.withLock({ $0.emojiFont }) { return known }
    let found = Fontconfig.shared.match(family: "emoji", weight: 400, isItalic: false)
      .flatMap { try? loadFont($0) }
    state.withLock { $0.emojiFont = .some(found) }
    return found
  }

  /// The pattern the fallback faces for a character are sorted by: the style's, with the
  /// language the character's script implies when the style names none (kana → Japanese,
  /// Hangul → Korean, Han → ``FallbackLanguage/hanDefault``). A function of the character, so
  /// the choices cached by character stay right.
  private func fallbackPattern(of primary: PrimaryFont, for scalar: Unicode.Scalar) -> FontRequest {
    guard primary.fallbackPattern.language == nil,
      let implied = FallbackLanguage.implied(by: scalar)
    else { return primary.fallbackPattern }
    return primary.fallbackPattern.sorted(for: implied)
  }

  /// Fontconfig's sorted list for a pattern, built once.
  private func fallbackList(for pattern: FontRequest) -> FontFallbackList? {
    if let known = state.withLock({ $0.fallbackLists[pattern] }) {
      return known
    }
    let list = Fontconfig.shared.fallbackList(
      family: pattern.family, weight: pattern.weight, isItalic: pattern.isItalic,
      language: pattern.language)
    return state.withLock { state in
      if let known = state.fallbackLists[pattern] {
        return known
      }
      state.fallbackLists[pattern] = .some(list)
      return list
    }
  }
}
