/// How hard PNG files are compressed: smaller files, or faster encoding.
public enum PNGCompression: Sendable, Hashable {
  /// Each row with the filter whose output has the smallest sum of absolute values (the
  /// heuristic the PNG specification recommends), deflated at zlib's level 6: the smallest
  /// files, for files written once and kept (the gallery, the CLI).
  case small
  /// An indexed-colour image when the bitmap has at most 256 colours (text on one background
  /// usually does: one byte a pixel), otherwise every row with the Up filter; deflated at
  /// zlib's level 1. Several times faster, files somewhat larger, for images made on every
  /// interaction (a server answering taps).
  case fast

  /// The zlib level.
  var level: Int32 {
    switch self {
    case .small: 6
    case .fast: 1
    }
  }
}
