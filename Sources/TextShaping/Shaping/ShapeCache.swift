import CHarfBuzz
import CPrefetch
import Foundation
@_spi(Backend) import TextLayout

/// The shaping results a ``HarfBuzzShaper`` keeps, looked up by a piece's bytes and the font
/// attributes it was shaped with.
///
/// The layout engine shapes every word of every visible line, so a hit must cost little more
/// than hashing the word: one hash over the bytes and the key, an open-addressing table of
/// entry indices, and a byte comparison against an arena that holds every cached text. The
/// glyphs of every piece are kept in one ``GlyphArena``: caching a piece allocates nothing of
/// its own, and a hit copies its glyphs straight into a layout's ``GlyphStorage``.
struct ShapeCache {
  /// A character next to a piece, as a key holds it: the face by identifier, and the script.
  struct Neighbor {
    var font: FontID
    /// Resolved (never Common) for the character before the piece, as for the one after.
    var script: hb_script_t
  }

  /// Everything a shaping result depends on besides the text's bytes.
  struct Key: Hashable {
    /// The face the style's family, weight and slant resolved to (low 32 bits) and the number
    /// of its fallback pattern, which holds the style's language (high bits).
    var primary: Int
    var size: Double
    var isRightToLeft: Bool
    /// The faces and scripts of the characters around the piece, when it starts or ends with
    /// a space or another character that takes its neighbours' face; -1 when there is none.
    var before: Int
    var beforeScript: UInt32
    var after: Int
    var afterScript: UInt32

    /// The key of a piece shaped with a primary face and with these neighbours.
    init(
      primary: HarfBuzzShaper.PrimaryFont, size: Double, isRightToLeft: Bool,
      before: Neighbor?, after: Neighbor?
    ) {
      // The face and its fallback pattern: styles in different languages share a face but
      // fall back to different ones.
      self.primary = primary.font.id.rawValue | primary.patternID << 32
      self.size = size
      self.isRightToLeft = isRightToLeft
      self.before = before?.font.rawValue ?? -1
      self.beforeScript = before?.script.rawValue ?? 0
      self.after = after?.font.rawValue ?? -1
      self.afterScript = after?.script.rawValue ?? 0
    }

    /// Whether the key was made with a neighbour before or after the piece.
    var hasNeighbors: Bool { before >= 0 || after >= 0 }

    /// The neighbours the key was made with.
    var neighbors: (before: Neighbor?, after: Neighbor?) {
      (
        before < 0
          ? nil : Neighbor(font: FontID(rawValue: before), script: hb_script_t(beforeScript)),
        after < 0 ? nil : Neighbor(font: FontID(rawValue: after), script: hb_script_t(afterScript))
      )
    }
  }

  /// A cached piece, in 56 bytes: its key and the parts of its measure that many pieces share
  /// are kept once (``keys``, ``tails``), and it holds their indices.
  private struct Entry {
    var hash: UInt64
    /// The measure's own values.
    var advance: Double
    var hangingAdvance: Double
    var textStart: UInt32
    /// The piece's glyphs in ``glyphs``.
    var piece: Glyphs.Piece
    var textCount: UInt16
    /// Indices into ``keys`` and ``tails``.
    var key: UInt16
    var tail: UInt16
    /// The glyphs and advances of the measure's ``ShapedMeasure/DirectEdges``, when it has
    /// them.
    var firstGlyph: UInt16
    var firstUnits: Int16
    var lastGlyph: UInt16
    var lastUnits: Int16
    var flags: Flags
  }

  /// The measure's flags, and its edges'.
  private struct Flags: OptionSet {
    var rawValue: UInt8

    static let mayKernWithNext = Flags(rawValue: 1)
    static let hasEdges = Flags(rawValue: 2)
    static let firstHasOwnScript = Flags(rawValue: 4)
    static let lastHasOwnScript = Flags(rawValue: 8)
    static let isOneCharacter = Flags(rawValue: 16)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ measure: ShapedMeasure) {
      var flags: Flags = measure.mayKernWithNext ? .mayKernWithNext : []
      if let edges = measure.directEdges {
        flags.insert(.hasEdges)
        if edges.firstHasOwnScript { flags.insert(.firstHasOwnScript) }
        if edges.lastHasOwnScript { flags.insert(.lastHasOwnScript) }
        if edges.isOneCharacter { flags.insert(.isOneCharacter) }
      }
      self = flags
    }
  }

  /// A piece the narrow ``Glyphs`` cannot hold (more than 65,535 bytes, or a position beyond
  /// 16 bits, as a stack of thousands of combining marks has), kept whole in ``wide``.
  private struct WideEntry {
    var hash: UInt64
    var key: Key
    var bytes: [UInt8]
    var piece: GlyphArena.Piece
    var measure: ShapedMeasure
  }

  /// The entries' indices by hash.
  private var slots: SlotTable
  private var entries: [Entry] = []
  /// The keys of the entries, each once, and the index of each.
  private var keys: [Key] = []
  private var keyIndices = ValueIndex()
  private var lastKey: UInt16 = 0
  /// The indices of the keys ``keyIndex(of:)`` found last, the newest first.
  private var foundKeys: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
  /// The tails of the entries' measures, each once, and the index of each.
  private var tails: [MeasureTail] = []
  private var tailIndices = ValueIndex()
  private var lastTail: UInt16 = 0
  /// For each tail, a measure with its values (and edges with its scale and plan, when it has
  /// them), which ``measure(at:)`` completes.
  private var tailMeasures: [ShapedMeasure] = []
  /// The bytes of every cached text, one after the other.
  private var text: [UInt8] = []
  /// The glyphs of every cached piece, in font units.
  private(set) var glyphs = Glyphs()
  /// The pieces the narrow glyphs cannot hold, and their glyphs as shaped: only hostile or
  /// unusual text has them, so a few are kept, found by a linear search, and all are dropped
  /// when one more would pass ``wideLimit`` entries or ``wideGlyphLimit`` glyphs. Without
  /// them such a piece was shaped again at every layout (an 80 KB grapheme: 50 ms each time).
  private var wideEntries: [WideEntry] = []
  private var wide = GlyphArena()
  static let wideLimit = 8
  static let wideGlyphLimit = 1 << 20
  /// The number of entries at which the cache starts over.
  let limit: Int
  /// The number of glyphs at which the cache starts over: about 20 MB of glyphs and clusters.
  static let glyphLimit = 1 << 20

  init(limit: Int) {
    self.limit = limit
    slots = SlotTable(count: 1024)
  }

  /// The number of pieces cached, wide ones included.
  var count: Int { entries.count + wideEntries.count }

  /// The result cached for these bytes and key, as shaped text.
  func shapedText(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> ShapedText? {
    if let index = index(of: bytes, key: key, hash: hash) {
      return glyphs.shapedText(entries[index].piece, measure: measure(at: index))
    }
    guard let wide = wideIndex(of: bytes, key: key, hash: hash) else { return nil }
    return self.wide.shapedText(wideEntries[wide].piece, measure: wideEntries[wide].measure)
  }

  /// Copies the result cached for these bytes and key into a layout's glyph storage.
  func store(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64,
    into storage: inout GlyphStorage
  ) -> StoredPiece? {
    if let index = index(of: bytes, key: key, hash: hash) {
      return glyphs.store(entries[index].piece, measure: measure(at: index), into: &storage)
    }
    guard let wide = wideIndex(of: bytes, key: key, hash: hash) else { return nil }
    return self.wide.store(
      wideEntries[wide].piece, measure: wideEntries[wide].measure, into: &storage)
  }

  /// The measure of the result cached for these bytes and key.
  func measure(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> ShapedMeasure? {
    if let index = index(of: bytes, key: key, hash: hash) { return measure(at: index) }
    return wideIndex(of: bytes, key: key, hash: hash).map { wideEntries[$0].measure }
  }

  /// Where a key is among the entries' keys (each kept once): `nil` when no narrow entry has
  /// it. A batch of pieces that share a key finds it once, and its probes compare this index
  /// (``measure(_:in:keys:plainKey:missing:into:)``) instead of the key's fields.
  ///
  /// The four keys found last are compared first: a list's batches mostly share a few styles,
  /// and a cache with more than eight keys finds the others by their hash
  /// (``ShapeCache/ValueIndex``).
  private mutating func keyIndex(of key: Key) -> UInt16? {
    if isKey(key, at: foundKeys.0) { return foundKeys.0 }
    if isKey(key, at: foundKeys.1) { return foundKeys.1 }
    if isKey(key, at: foundKeys.2) { return foundKeys.2 }
    if isKey(key, at: foundKeys.3) { return foundKeys.3 }
    let found =
      keys.count > 8
      ? keyIndices.index(hash: Self.keyHash(key)) { keys[Int($0)] == key }
      : keys.firstIndex(of: key).map { UInt16(truncatingIfNeeded: $0) }
    if let found { foundKeys = (found, foundKeys.0, foundKeys.1, foundKeys.2) }
    return found
  }

  private func isKey(_ key: Key, at index: UInt16) -> Bool {
    Int(index) < keys.count && keys[Int(index)] == key
  }

  /// Appends the measures cached for a batch's pieces to `measures`, in order, and `missing`
  /// for each piece the cache lacks: the batch's probe loop, inside the cache so that it reads
  /// the cache in place (a probe called from the shaper's loop copied the cache's 224 bytes
  /// each time).
  ///
  /// The pieces without neighbours in their key share one (`plainKey`, the batch's face, size
  /// and direction), whose index in ``keys`` is found once; their probes compare that index
  /// instead of the key's fields.
  ///
  /// - Returns: The number of misses.
  mutating func measure(
    _ pieces: [Range<Int>], in text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeMutableBufferPointer<(key: Key, hash: UInt64)>, plainKey: Key,
    missing: ShapedMeasure, into measures: inout [ShapedMeasure]
  ) -> Int {
    prefetch(keys)
    let plainIndex = keyIndex(of: plainKey)
    var misses = 0
    for (index, piece) in pieces.enumerated() {
      let bytes = UnsafeBufferPointer(rebasing: text[piece])
      let hash = keys[index].hash
      if !keys[index].key.hasNeighbors, let plainIndex,
        let entry = self.index(of: bytes, keyIndex: plainIndex, hash: hash)
      {
        measures.append(
          Self.measure(of: entries[entry], tailMeasure: tailMeasures[Int(entries[entry].tail)]))
      } else if let found = measure(for: bytes, key: keys[index].key, hash: hash) {
        measures.append(found)
      } else {
        measures.append(missing)
        misses += 1
      }
    }
    return misses
  }

  /// Copies the results cached for a batch's pieces into a layout's glyph storage and appends
  /// them to `stored`, in order, and `missing` for each piece the cache lacks: as
  /// ``measure(_:in:keys:plainKey:missing:into:)`` measures them.
  ///
  /// - Returns: The number of misses.
  mutating func store(
    _ pieces: [Range<Int>], in text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeMutableBufferPointer<(key: Key, hash: UInt64)>, plainKey: Key,
    missing: StoredPiece, into storage: inout GlyphStorage, stored: inout [StoredPiece]
  ) -> Int {
    prefetch(keys)
    let plainIndex = keyIndex(of: plainKey)
    let blanks = Glyphs.Blanks()
    var misses = 0
    for (index, piece) in pieces.enumerated() {
      let bytes = UnsafeBufferPointer(rebasing: text[piece])
      let hash = keys[index].hash
      if !keys[index].key.hasNeighbors, let plainIndex,
        let entry = self.index(of: bytes, keyIndex: plainIndex, hash: hash)
      {
        // Only the values a stored piece keeps, read in place: the whole measure is not made.
        let tail = Int(entries[entry].tail)
        stored.append(
          glyphs.store(
            entries[entry].piece, advance: entries[entry].advance, ascent: tails[tail].ascent,
            descent: tails[tail].descent, lineGap: tails[tail].lineGap,
            uncoveredCharacterCount: tails[tail].uncoveredCharacterCount, blanks: blanks,
            into: &storage))
      } else if let found = store(for: bytes, key: keys[index].key, hash: hash, into: &storage) {
        stored.append(found)
      } else {
        stored.append(missing)
        misses += 1
      }
    }
    return misses
  }

  /// Brings what a batch's probes read into the processor's cache before they read it: the
  /// pieces' slots, then the entries their first slots name, then those entries' bytes. A
  /// probe reads the three one after the other, each a likely miss in a large cache; asked for
  /// in three passes over the batch, each pass's loads overlap.
  ///
  /// Mutating though it changes nothing, as ``index(of:keyIndex:hash:)`` is: called from the
  /// batches, which hold the cache `inout`, a non-mutating call copied the cache's 224 bytes.
  private mutating func prefetch(_ keys: UnsafeMutableBufferPointer<(key: Key, hash: UInt64)>) {
    let count = keys.count
    guard count > 1, slots.count > 0 else { return }
    // The entry each piece's own slot names, or -1: read once, between the two passes that
    // use it.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { candidates in
      slots.slots.withUnsafeBufferPointer { slotBuffer in
        let mask = slotBuffer.count - 1
        for index in 0..<count {
          trp_prefetch(slotBuffer.baseAddress! + (Int(truncatingIfNeeded: keys[index].hash) & mask))
        }
        entries.withUnsafeBufferPointer { entryBuffer in
          for index in 0..<count {
            let hash = keys[index].hash
            if let entry = SlotTable.index(
              in: slotBuffer[Int(truncatingIfNeeded: hash) & mask], taggedFor: hash),
              entry < entryBuffer.count
            {
              trp_prefetch(entryBuffer.baseAddress! + entry)
              candidates[index] = entry
            } else {
              candidates[index] = -1
            }
          }
          text.withUnsafeBufferPointer { textBuffer in
            for index in 0..<count where candidates[index] >= 0 {
              let start = Int(entryBuffer[candidates[index]].textStart)
              if start < textBuffer.count { trp_prefetch(textBuffer.baseAddress! + start) }
            }
          }
        }
      }
    }
  }

  /// The index of the wide entry for these bytes and key.
  private func wideIndex(
    of bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> Int? {
    Self.wideIndex(of: bytes, key: key, hash: hash, in: wideEntries)
  }

  /// ``wideIndex(of:key:hash:)`` in the given wide entries: static, so that a caller holding
  /// the cache `inout` does not copy it.
  private static func wideIndex(
    of bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64, in wideEntries: [WideEntry]
  ) -> Int? {
    guard !wideEntries.isEmpty else { return nil }
    return wideEntries.firstIndex {
      $0.hash == hash && $0.key == key && $0.bytes.elementsEqual(bytes)
    }
  }

  /// The measure of an entry, as it was inserted: its tail's measure with the entry's own
  /// values written in (a stored property each; the edges' initializer is not inlined across
  /// modules).
  private func measure(at index: Int) -> ShapedMeasure {
    Self.measure(of: entries[index], tailMeasure: tailMeasures[Int(entries[index].tail)])
  }

  /// The measure of an entry from its tail's measure (``measure(at:)``): static, so that a
  /// batch that holds the cache `inout` reads the two in place instead of copying the cache.
  private static func measure(of entry: Entry, tailMeasure: ShapedMeasure) -> ShapedMeasure {
    var measure = tailMeasure
    measure.advance = entry.advance
    measure.hangingAdvance = entry.hangingAdvance
    let flags = entry.flags
    measure.mayKernWithNext = flags.contains(.mayKernWithNext)
    if flags.contains(.hasEdges), var edges = measure.directEdges {
      edges.firstGlyph = UInt32(entry.firstGlyph)
      edges.firstUnits = Int32(entry.firstUnits)
      edges.firstHasOwnScript = flags.contains(.firstHasOwnScript)
      edges.lastGlyph = UInt32(entry.lastGlyph)
      edges.lastUnits = Int32(entry.lastUnits)
      edges.lastHasOwnScript = flags.contains(.lastHasOwnScript)
      edges.isOneCharacter = flags.contains(.isOneCharacter)
      measure.directEdges = edges
    }
    return measure
  }

  /// The index of the entry for these bytes and key.
  ///
  /// Always inlined: a caller that holds the cache `inout` (``insert(_:of:measure:for:key:hash:)``)
  /// would otherwise copy the cache to call it.
  @inline(__always)
  private func index(
    of bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> Int? {
    // Fields read in place: copying the entry would count a reference.
    slots.first(hash: hash) { index in
      entries[index].hash == hash && keys[Int(entries[index].key)] == key
        && hasText(at: index, bytes)
    }
  }

  /// The index of the entry for these bytes and the key at `keyIndex` in ``keys``.
  ///
  /// Mutating though it changes nothing: the batches call it on a cache they hold `inout`, and
  /// a non-mutating call copied the cache's 224 bytes for each probe.
  private mutating func index(
    of bytes: UnsafeBufferPointer<UInt8>, keyIndex: UInt16, hash: UInt64
  ) -> Int? {
    slots.first(hash: hash) { index in
      entries[index].hash == hash && entries[index].key == keyIndex && hasText(at: index, bytes)
    }
  }

  private func hasText(at index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(entries[index].textStart)
    guard Int(entries[index].textCount) == bytes.count else { return false }
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
    return text.withUnsafeBufferPointer { stored in
      memcmp(stored.baseAddress! + start, base, bytes.count) == 0
    }
  }

  /// Caches a piece shaped into `shaped`, unless one is cached for these bytes and key
  /// already; starts over when the cache holds ``limit`` entries or ``glyphLimit`` glyphs. A
  /// piece that does not fit the cache's narrow types (more than 65,535 bytes, a glyph or
  /// position beyond 16 bits, see ``Glyphs``) is kept whole with the few wide ones.
  mutating func insert(
    _ piece: GlyphArena.Piece, of shaped: GlyphArena, measure: ShapedMeasure,
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) {
    if holds(bytes, key: key, hash: hash) { return }
    let edges = measure.directEdges
    guard let textCount = UInt16(exactly: bytes.count),
      let firstGlyph = UInt16(exactly: edges?.firstGlyph ?? 0),
      let firstUnits = Int16(exactly: edges?.firstUnits ?? 0),
      let lastGlyph = UInt16(exactly: edges?.lastGlyph ?? 0),
      let lastUnits = Int16(exactly: edges?.lastUnits ?? 0)
    else {
      insertWide(piece, of: shaped, measure: measure, for: bytes, key: key, hash: hash)
      return
    }
    if entries.count >= limit || glyphs.glyphCount >= Self.glyphLimit || keys.count >= UInt16.max
      || tails.count >= UInt16.max
    {
      removeAll()
    }
    if (entries.count + 1) * 2 > slots.count { grow() }
    if entries.capacity == 0 {
      entries.reserveCapacity(256)
      text.reserveCapacity(2048)
      // A cache holds few keys and tails, but grown one by one from none they cost a copy
      // each time their count doubled, in every new shaper's first texts.
      keys.reserveCapacity(16)
      tails.reserveCapacity(16)
      tailMeasures.reserveCapacity(16)
      glyphs.reserveInitialCapacity()
    }
    guard let stored = glyphs.append(piece, of: shaped) else {
      insertWide(piece, of: shaped, measure: measure, for: bytes, key: key, hash: hash)
      return
    }
    entries.append(
      Entry(
        hash: hash, advance: measure.advance, hangingAdvance: measure.hangingAdvance,
        textStart: UInt32(text.count), piece: stored, textCount: textCount,
        key: Self.index(
          of: key, in: &keys, indices: &keyIndices, last: &lastKey, hash: Self.keyHash),
        tail: tailIndex(of: measure),
        firstGlyph: firstGlyph, firstUnits: firstUnits, lastGlyph: lastGlyph,
        lastUnits: lastUnits, flags: Flags(measure)))
    text.append(contentsOf: bytes)
    slots.place(entries.count - 1, hash: hash)
  }

  /// Whether an entry, narrow or wide, is cached for these bytes and key: what
  /// ``index(of:key:hash:)`` and ``wideIndex(of:key:hash:)`` find. `insert` holds the cache
  /// `inout`, and a call of either copied the whole cache (248 bytes) first, twice an insert:
  /// the first is inlined here, the second asked of the wide entries alone.
  private mutating func holds(_ bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64) -> Bool {
    index(of: bytes, key: key, hash: hash) != nil
      || Self.wideIndex(of: bytes, key: key, hash: hash, in: wideEntries) != nil
  }

  /// Keeps a piece the narrow glyphs cannot hold, dropping the wide ones kept before when it
  /// would pass ``wideLimit`` or ``wideGlyphLimit``.
  private mutating func insertWide(
    _ piece: GlyphArena.Piece, of shaped: GlyphArena, measure: ShapedMeasure,
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) {
    let glyphCount = piece.runs.reduce(0) { $0 + shaped.runs[$1].glyphs.count }
    guard glyphCount <= Self.wideGlyphLimit else { return }
    if wideEntries.count >= Self.wideLimit
      || wide.glyphs.count + glyphCount > Self.wideGlyphLimit
    {
      wideEntries.removeAll(keepingCapacity: true)
      wide.removeAll()
    }
    wideEntries.append(
      WideEntry(
        hash: hash, key: key, bytes: Array(bytes), piece: wide.append(piece, of: shaped),
        measure: measure))
  }

  /// The index of a measure's tail in ``tails``, added (with its measure) when new.
  private mutating func tailIndex(of measure: ShapedMeasure) -> UInt16 {
    let index = Self.index(
      of: MeasureTail(measure), in: &tails, indices: &tailIndices, last: &lastTail,
      hash: Self.tailHash)
    if Int(index) == tailMeasures.count {
      var template = measure
      template.advance = 0
      template.hangingAdvance = 0
      tailMeasures.append(template)
    }
    return index
  }

  /// Empties the cache, keeping its memory.
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    keyIndices.removeAll()
    tails.removeAll(keepingCapacity: true)
    tailMeasures.removeAll(keepingCapacity: true)
    tailIndices.removeAll()
    text.removeAll(keepingCapacity: true)
    glyphs.removeAll()
    wideEntries.removeAll(keepingCapacity: true)
    wide.removeAll()
    slots.clear()
  }

  private mutating func grow() {
    slots = SlotTable(count: slots.count * 2)
    for index in entries.indices { slots.place(index, hash: entries[index].hash) }
  }
}

extension ShapeCache {
  /// Stores the glyphs of the piece cached for these bytes and key but its last glyph and
  /// cluster, a trailing space's (``Glyphs/storeWithoutLastGlyph(_:measure:into:)``), with
  /// `measure` as the shorter piece's; `nil` when the piece is not cached or not such a one.
  func storeWithoutLastGlyph(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64, measure: ShapedMeasure,
    into storage: inout GlyphStorage
  ) -> StoredPiece? {
    guard let index = index(of: bytes, key: key, hash: hash) else { return nil }
    return glyphs.storeWithoutLastGlyph(entries[index].piece, measure: measure, into: &storage)
  }

  /// Calls `body` with the measure of the piece cached for these bytes and key and the
  /// advances of its glyphs in font units, in visual order, when it was shaped directly
  /// (``ShapedMeasure/directEdges``) as one run without offsets; `nil` otherwise.
  func withDirectRun<Result>(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64,
    _ body: (ShapedMeasure, UnsafeBufferPointer<Glyphs.Glyph>) -> Result?
  ) -> Result? {
    guard let index = index(of: bytes, key: key, hash: hash) else { return nil }
    let piece = entries[index].piece
    guard piece.runCount == 1 else { return nil }
    let measure = measure(at: index)
    let run = glyphs.runs[Int(piece.firstRun)]
    guard measure.directEdges != nil, run.firstOffset == UInt32.max else { return nil }
    let first = Int(run.firstGlyph)
    return glyphs.glyphs.withUnsafeBufferPointer { all in
      body(measure, UnsafeBufferPointer(rebasing: all[first..<first + Int(run.glyphCount)]))
    }
  }
}
