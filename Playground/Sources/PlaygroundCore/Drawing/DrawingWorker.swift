/// What one drawing thread keeps between jobs: a typesetter per language, made on first use.
///
/// A renderer's glyph cache is not thread-safe, so each thread has its own; a job gets its
/// thread's worker as `inout` and never shares it.
public struct DrawingWorker {
  /// The thread's number, from 0.
  public let index: Int
  private var typesetters: [String: Typesetter] = [:]

  init(index: Int) {
    self.index = index
  }

  /// The typesetter of a language.
  ///
  /// - Parameter language: A BCP 47 tag, or `""` for plain UAX #14.
  public mutating func typesetter(for language: String) throws(PlaygroundError) -> Typesetter {
    if let typesetter = typesetters[language] { return typesetter }
    let typesetter = try Typesetter(language: language)
    typesetters[language] = typesetter
    return typesetter
  }
}
