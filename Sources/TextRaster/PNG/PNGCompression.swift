/// How hard PNG files are compressed: smaller files, or faster encoding.
public enum PNGCompression: Sendable, Hashable {
  /// Each row with the filter whose output has the smallest sum of absolute values (the
  /// heuristic the PNG specification recommends), deflated at zlib's level 6: the smallest
  /// files, for files written once and kept (the gallery, the CLI).
  case small
  /// An indexed-colour image when the bitmap has at most 256 colours (text on one background
  /// usually does: one byte a pixel), otherwise RGB (when opaque) or RGBA with the Up filter
  /// on every row; deflated in one pass, runs of a byte as matches and the rest as literals,
  /// with the fixed codes. Several times faster, files larger (about 1.5 times zlib's level 1
  /// for text on a background), for images made on every interaction (a server answering
  /// taps). An animation's frames are deflated at zlib's level 1.
  case fast

  /// The zlib level.
  var level: Int32 {
    switch self {
    case .small: 6
    case .fast: 1
    }
  }
}
