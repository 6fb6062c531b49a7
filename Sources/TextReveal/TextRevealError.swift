@_spi(Backend) import TextLayout

/// An error of a TextReveal component: bad input it cannot lay out.
public enum TextRevealError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Two rows of a list have the same identity.
  case duplicateRowID(String)
  /// The layout engine refused the input.
  case layout(TextLayoutError)

  public var description: String {
    switch self {
    case .duplicateRowID(let id):
      "duplicate row id \(id): every row of a list needs its own identity"
    case .layout(let error):
      error.description
    }
  }
}
