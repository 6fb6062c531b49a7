/// What one drawing thread keeps between jobs: the typesetters of the languages it drew last.
///
/// A renderer's glyph cache is not thread-safe, so each thread has its own; a job gets its
/// thread's worker as `inout` and never shares it. A typesetter holds the fonts of its language
/// (the CJK faces are large) and a glyph cache, so a thread keeps at most
/// ``maximumTypesetters``, dropping the least recently used: five threads with a typesetter for
/// each of the page's ten languages held 480 MB.
public struct DrawingWorker {
  /// The thread's number, from 0.
  public let index: Int
  private var typesetters: [(language: String, typesetter: Typesetter)] = []

  /// The languages whose typesetters the thread keeps, most recently used first.
  public var languages: [String] { typesetters.map(\.language) }

  /// The most typesetters a thread keeps.
  public static let maximumTypesetters = 2

  init(index: Int) {
    self.index = index
  }

  /// The typesetter of a language, most recently used first.
  ///
  /// - Parameter language: A BCP 47 tag, or `""` for plain UAX #14.
  public mutating func typesetter(for language: String) throws(PlaygroundError) -> Typesetter {
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
