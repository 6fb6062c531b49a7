import CFontconfig
import Foundation

/// The few Fontconfig queries the shaper needs: the best face for a family, weight and slant, and
/// the sorted list of faces to take fallbacks from.
///
/// Fontconfig is initialized on first use with the default configuration, which the process
/// never reloads, so each query's answer is kept for the process: a new shaper (a new
/// ``TextStack``) asks again for nothing. Recent Fontconfig is thread-safe, but every call here
/// still goes through one lock: the queries are rare and the lock rules out surprises with
/// older library versions.
///
/// The lock is an `NSLock` (a pthread mutex) rather than a `Mutex`: Fontconfig calls hold it for
/// milliseconds, so it is often contended, and ThreadSanitizer does not see the ordering that
/// `Mutex`'s uninstrumented slow path on Linux provides, which shows up as false data races.
final class Fontconfig: @unchecked Sendable {
  /// The process's Fontconfig.
  static let shared = Fontconfig()

  private let lock = NSLock()
  /// Whether `FcInit` succeeded; `nil` before the first query. Guarded by `lock`.
  private var isInitialized: Bool?
  /// What a family, weight and slant asked for.
  private struct Query: Hashable {
    var family: String
    var weight: Int
    var isItalic: Bool
    var language: String?
  }
  /// The answers so far. Guarded by `lock`.
  private var matches: [Query: FontFileReference?] = [:]
  private var fallbackLists: [Query: FontFallbackList?] = [:]

  private init() {}

  /// The face Fontconfig picks for a family, weight and slant (`FcFontMatch`).
  ///
  /// Fontconfig substitutes an installed family for unknown names, so this is `nil` only when
  /// Fontconfig has no fonts at all or cannot start.
  func match(family: String, weight: Int, isItalic: Bool) -> FontFileReference? {
    answer(\.matches, family: family, weight: weight, isItalic: isItalic) { pattern in
      var result = FcResultNoMatch
      guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
      defer { FcPatternDestroy(font) }
      return Self.fileReference(of: font)
    }
  }

  /// The faces Fontconfig sorts by closeness to a family, weight and slant (`FcFontSort`),
  /// each with the characters it covers.
  ///
  /// This is the list Pango takes fallback fonts from, so the same character picks the same face.
  /// With a language (Fontconfig's name, `ja` or `zh-cn`), fonts made for it come first, as
  /// with Pango's context language.
  func fallbackList(
    family: String, weight: Int, isItalic: Bool, language: String? = nil
  ) -> FontFallbackList? {
    answer(
      \.fallbackLists, family: family, weight: weight, isItalic: isItalic, language: language
    ) { pattern in
      var result = FcResultNoMatch
      // Trimming drops faces that add no coverage to those before them; the first face that has a
      // character is the same either way, and the list gets much shorter.
      guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return nil }
      return FontFallbackList(owning: set)
    }
  }

  /// The answer kept in `answers` for a family, weight and slant, or the one `ask` gives for
  /// their pattern, kept there; `nil` when Fontconfig cannot start or has no answer.
  private func answer<Answer: Sendable>(
    _ answers: ReferenceWritableKeyPath<Fontconfig, [Query: Answer?]>, family: String,
    weight: Int, isItalic: Bool, language: String? = nil, ask: (OpaquePointer) -> Answer?
  ) -> Answer? {
    withInitializedLibrary { () -> Answer? in
      let query = Query(family: family, weight: weight, isItalic: isItalic, language: language)
      if let known = self[keyPath: answers][query] { return known }
      let found = Self.makePattern(
        family: family, weight: weight, isItalic: isItalic, language: language
      ).flatMap {
        pattern -> Answer? in
        defer { FcPatternDestroy(pattern) }
        return ask(pattern)
      }
      self[keyPath: answers][query] = .some(found)
      return found
    } ?? nil
  }

  /// Runs `body` under the lock once Fontconfig is initialized, or returns `nil` if it cannot be.
  private func withInitializedLibrary<Result: Sendable>(
    _ body: () -> Result
  ) -> Result? {
    lock.withLock { () -> Result? in
      if isInitialized == nil {
        isInitialized = FcInit() != 0
      }
      guard isInitialized == true else { return nil }
      return body()
    }
  }

  /// A pattern for a family, weight, slant and language, with the configuration's substitutions
  /// applied.
  private static func makePattern(
    family: String, weight: Int, isItalic: Bool, language: String?
  ) -> OpaquePointer? {
    guard let pattern = FcPatternCreate() else { return nil }
    guard addString(family, as: FC_FAMILY, to: pattern),
      language.map({ addString($0, as: FC_LANG, to: pattern) }) ?? true,
      FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight))) != 0,
      FcPatternAddInteger(pattern, FC_SLANT, isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN) != 0,
      FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0
    else {
      FcPatternDestroy(pattern)
      return nil
    }
    FcDefaultSubstitute(pattern)
    return pattern
  }

  /// Adds a string value to a pattern; `false` when Fontconfig could not.
  private static func addString(
    _ value: String, as object: UnsafePointer<CChar>, to pattern: OpaquePointer
  ) -> Bool {
    value.withCString { string in
      string.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
        FcPatternAddString(pattern, object, $0) != 0
      }
    }
  }

  /// The file and face index a font pattern names.
  static func fileReference(of pattern: OpaquePointer) -> FontFileReference? {
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else {
      return nil
    }
    var index: Int32 = 0
    if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch {
      index = 0
    }
    let path = file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    return FontFileReference(path: path, index: Int(index))
  }
}
