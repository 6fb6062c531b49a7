import CFontconfig

/// Fontconfig's sorted fonts for one primary face, with each font's character coverage.
///
/// Owns the `FcFontSet` from `FcFontSort` and destroys it in `deinit`. The sets and their
/// character sets are only read after creation, so lookups are safe from several threads.
final class FontFallbackList: @unchecked Sendable {
  private let set: UnsafeMutablePointer<FcFontSet>
  private let entries: [(file: FontFileReference, charset: OpaquePointer)]

  /// Takes ownership of a font set returned by `FcFontSort`.
  init(owning set: UnsafeMutablePointer<FcFontSet>) {
    self.set = set
    var entries: [(file: FontFileReference, charset: OpaquePointer)] = []
    let count = Int(set.pointee.nfont)
    entries.reserveCapacity(count)
    for position in 0..<count {
      guard let pattern = set.pointee.fonts[position],
        let file = Fontconfig.fileReference(of: pattern)
      else { continue }
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch,
        let charset
      else { continue }
      entries.append((file, charset))
    }
    self.entries = entries
  }

  deinit {
    FcFontSetDestroy(set)
  }

  /// The number of fonts in the list.
  var count: Int { entries.count }

  /// The first font, at or after position `start`, whose coverage contains every scalar.
  ///
  /// - Returns: The font's position in the list and its file, or `nil` when no font has them all.
  func firstFont(
    containing scalars: some Collection<Unicode.Scalar>, from start: Int = 0
  ) -> (position: Int, file: FontFileReference)? {
    guard start < entries.count else { return nil }
    for position in start..<entries.count {
      let charset = entries[position].charset
      if scalars.allSatisfy({ FcCharSetHasChar(charset, $0.value) != 0 }) {
        return (position, entries[position].file)
      }
    }
    return nil
  }
}
