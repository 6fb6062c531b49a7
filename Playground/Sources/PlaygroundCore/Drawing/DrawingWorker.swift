/// What one drawing thread keeps between jobs: the typesetter of no language in particular,
/// which most sessions use, and that of the language it drew last.
///
/// A renderer's glyph cache is not thread-safe, so each thread has its own; a job gets its
/// thread's worker as `inout` and never shares it. A typesetter holds the fonts of its language
/// (the CJK faces are large) and a glyph cache, so a thread keeps at most
/// ``maximumTypesetters`` besides the default one, dropping the least recently used: five
/// threads with a typesetter for each of the page's ten languages held 480 MB, and with two
/// besides the default one the load check still reached 468 MB. The default one
/// is never dropped, so a session cycling through languages never makes the next session's
/// taps load their fonts again.
public struct DrawingWorker {
  /// The thread's number, from 0.
  public let index: Int
  private var typesetters: [(language: String, typesetter: Typesetter)] = []

  private var standard: Typesetter?

  /// The languages whose typesetters the thread keeps besides the default one, most recently
  /// used first.
  public var languages: [String] { typesetters.map(\.language) }

  /// The most typesetters a thread keeps besides the default one.
  public static let maximumTypesetters = 1

  init(index: Int) {
    self.index = index
  }

  /// The typesetter of a language, most recently used first.
  ///
  /// - Parameter language: A BCP 47 tag, or `""` for plain UAX #14.
  public mutating func typesetter(for language: String) throws(PlaygroundError) -> Typesetter {
    if language.isEmpty {
      if let standard { return standard }
      let typesetter = try Typesetter(language: "")
      standard = typesetter
      return typesetter
    }
    if let found = typesetters.firstIndex(where: { $0.language == language }) {
      let entry = typesetters.remove(at: found)
      typesetters.insert(entry, at: 0)
      return entry.typesetter
    }
    let typesetter = try Typesetter(language: language)
    typesetters.insert((language, typesetter), at: 0)
    if typesetters.count > Self.maximumTypesetters { typesetters.removeLast() }
    return typesetter
  }
}
