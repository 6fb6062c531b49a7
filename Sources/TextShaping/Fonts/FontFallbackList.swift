import CFontconfig
import Synchronization

/// Fontconfig's sorted fonts for one primary face, with each font's character coverage.
///
/// Owns the `FcFontSet` from `FcFontSort` and destroys it in `deinit`. The sets and their
/// character sets are only read after creation, so lookups are safe from several threads.
final class FontFallbackList: @unchecked Sendable {
  private let set: UnsafeMutablePointer<FcFontSet>
  private let entries: [(file: FontFileReference, charset: OpaquePointer)]
  /// For each code point of the Basic Multilingual Plane, the first of the first 255 positions
  /// whose coverage has it, or `UInt8.max`: a fallback for a CJK character is found at once,
  /// not by asking tens of character sets in turn.
  private let firstInBMP: [UInt8]
  /// The face each character of one scalar fell back to, for every shaper of the process: the
  /// choice depends only on this list and on the font files (`nil` when no face has it).
  private let scalarChoices = Mutex<[UInt32: FontFileReference?]>([:])
  /// The file every scalar of a block falls back to, by the block's first scalar, for every
  /// shaper of the process (``blockFallback(for:choice:covers:)``).
  private let blockChoices = Mutex<[UInt32: FontFileReference?]>([:])

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
    firstInBMP = Self.firstPositions(of: entries.prefix(Int(UInt8.max)).map(\.charset))
  }

  /// The table of ``firstInBMP``, from the character sets' pages of 256 code points.
  private static func firstPositions(of charsets: [OpaquePointer]) -> [UInt8] {
    var table = [UInt8](repeating: .max, count: 0x1_0000)
    let pageWords = 256 / 32
    withUnsafeTemporaryAllocation(of: FcChar32.self, capacity: pageWords) { map in
      for (position, charset) in charsets.enumerated() {
        var next: FcChar32 = 0
        var base = FcCharSetFirstPage(charset, map.baseAddress, &next)
        // FC_CHARSET_DONE, all ones, ends the pages.
        while base != FcChar32.max && base < 0x1_0000 {
          for word in 0..<pageWords {
            var bits = map[word]
            while bits != 0 {
              let code = Int(base) + word * 32 + bits.trailingZeroBitCount
              if table[code] == .max { table[code] = UInt8(position) }
              bits &= bits - 1
            }
          }
          base = FcCharSetNextPage(charset, map.baseAddress, &next)
        }
      }
    }
    return table
  }

  deinit {
    FcFontSetDestroy(set)
  }

  /// The file a character of one scalar falls back to, chosen by `choose` the first time any
  /// shaper asks and remembered for the process.
  ///
  /// - Parameters:
  ///   - scalar: The character's only scalar.
  ///   - choose: Finds the file; `nil` when no face of the list has the scalar.
  func fallback(
    for scalar: Unicode.Scalar, choose: () -> FontFileReference?
  ) -> FontFileReference? {
    if let known = scalarChoices.withLock({ $0[scalar.value] }) { return known }
    let chosen = choose()
    scalarChoices.withLock { $0[scalar.value] = chosen }
    return chosen
  }

  /// The file every scalar of a block falls back to, when it is one file: `choice`, the file
  /// one scalar of the block fell back to, when the block's first position in the list is the
  /// same for each of its scalars and is `choice`'s, and `choice`'s face has each scalar's
  /// glyph (`covers`) and no colour. Then ``HarfBuzzShaper`` would choose it for each, as it
  /// chose it for the one. Remembered for the process, as the choice depends only on this list
  /// and on the font file.
  ///
  /// - Parameters:
  ///   - block: Code points of the Basic Multilingual Plane.
  ///   - choice: The file one scalar of the block fell back to, with its face's colour.
  ///   - covers: Whether `choice`'s face has a scalar's glyph.
  /// - Returns: `choice`'s file, or `nil` when some scalar of the block may fall back elsewhere.
  func blockFallback(
    for block: ClosedRange<UInt32>, choice: (file: FontFileReference, isColor: Bool),
    covers: (Unicode.Scalar) -> Bool
  ) -> FontFileReference? {
    if let known = blockChoices.withLock({ $0[block.lowerBound] }) {
      return known == choice.file ? known : nil
    }
    var proven: FontFileReference?
    let position = Int(firstInBMP[Int(block.lowerBound)])
    if !choice.isColor, block.upperBound < 0x1_0000, position != Int(UInt8.max),
      entries[position].file == choice.file,
      block.allSatisfy({ value in
        Int(firstInBMP[Int(value)]) == position && Unicode.Scalar(value).map(covers) == true
      })
    {
      proven = choice.file
    }
    blockChoices.withLock { $0[block.lowerBound] = proven }
    return proven
  }

  /// The number of fonts in the list.
  var count: Int { entries.count }

  /// The first font, at or after position `start`, whose coverage contains every scalar.
  ///
  /// - Returns: The font's position in the list and its file, or `nil` when no font has them all.
  func firstFont(
    containing scalars: some Collection<Unicode.Scalar>, from start: Int = 0
  ) -> (position: Int, file: FontFileReference)? {
    var start = start
    if start == 0, scalars.count == 1, let only = scalars.first, only.value < 0x1_0000 {
      let position = Int(firstInBMP[Int(only.value)])
      if position != Int(UInt8.max) { return (position, entries[position].file) }
      start = position  // none of the first 255 has it: ask the rest
    }
    return firstFontAsking(containing: scalars, from: start)
  }

  /// ``firstFont(containing:from:)`` found by asking each character set in turn.
  func firstFontAsking(
    containing scalars: some Collection<Unicode.Scalar>, from start: Int
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
