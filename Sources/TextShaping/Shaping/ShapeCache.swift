import CHarfBuzz
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

    /// The neighbours the key was made with.
    var neighbors: (before: Neighbor?, after: Neighbor?) {
      (
        before < 0
          ? nil : Neighbor(font: FontID(rawValue: before), script: hb_script_t(beforeScript)),
        after < 0 ? nil : Neighbor(font: FontID(rawValue: after), script: hb_script_t(afterScript))
      )
    }
  }

  private struct Entry {
    var hash: UInt64
    var key: Key
    var textStart: Int
    var textCount: Int
    /// The piece's glyphs in ``glyphs``.
    var piece: GlyphArena.Piece
    /// The widths and metrics of the piece, stored in place so that a measurement reads no
    /// glyphs.
    var measure: ShapedMeasure
  }

  /// A result found in the cache: where its glyphs lie, and its measure.
  struct Found {
    var piece: GlyphArena.Piece
    var measure: ShapedMeasure
  }

  /// Slots of the open-addressing table: 0 when free, otherwise the high 32 bits of the entry's
  /// hash above its index plus one, so that a probe rarely reads an entry that does not match.
  private var slots: [UInt64]
  private var entries: [Entry] = []
  /// The bytes of every cached text, one after the other.
  private var text: [UInt8] = []
  /// The glyphs of every cached piece, in font units.
  private(set) var glyphs = GlyphArena()
  /// The number of entries at which the cache starts over.
  let limit: Int
  /// The number of glyphs at which the cache starts over: about 24 MB of glyphs and clusters.
  static let glyphLimit = 1 << 20

  init(limit: Int) {
    self.limit = limit
    slots = Array(repeating: 0, count: 1024)
  }

  var count: Int { entries.count }

  /// A hash of a piece's bytes and key, the same for equal inputs within one process.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, key: Key) -> UInt64 {
    var hash = seed ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    var offset = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= bytes.count {
        hash = mix(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      var last: UInt64 = 0
      var shift: UInt64 = 0
      while offset < bytes.count {
        last |= UInt64(base[offset]) << shift
        shift += 8
        offset += 1
      }
      hash = mix(hash, last)
    }
    hash = mix(hash, UInt64(truncatingIfNeeded: key.primary) << 1 | (key.isRightToLeft ? 1 : 0))
    hash = mix(hash, key.size.bitPattern)
    hash = mix(hash, UInt64(truncatingIfNeeded: key.before) << 32 | UInt64(key.beforeScript))
    hash = mix(hash, UInt64(truncatingIfNeeded: key.after) << 32 | UInt64(key.afterScript))
    // The finalizer of MurmurHash3: every input bit reaches the low bits the table uses.
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return hash
  }

  /// Varies from process to process, so texts cannot be chosen to collide.
  private static let seed = UInt64.random(in: .min ... .max)

  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    let product = (hash ^ value).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    return product.high ^ product.low
  }

  /// The result cached for these bytes and key.
  func value(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> Found? {
    index(of: bytes, key: key, hash: hash).map {
      Found(piece: entries[$0].piece, measure: entries[$0].measure)
    }
  }

  /// The measure of the result cached for these bytes and key.
  func measure(
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> ShapedMeasure? {
    index(of: bytes, key: key, hash: hash).map { entries[$0].measure }
  }

  /// The index of the entry for these bytes and key.
  private func index(
    of bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) -> Int? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    let tag = hash & 0xFFFF_FFFF_0000_0000
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      if stored & 0xFFFF_FFFF_0000_0000 == tag {
        // Fields read in place: copying the entry would count a reference.
        let index = Int(stored & 0xFFFF_FFFF) - 1
        if entries[index].hash == hash && entries[index].key == key && hasText(at: index, bytes) {
          return index
        }
      }
      slot = (slot + 1) & mask
    }
  }

  private func hasText(at index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = entries[index].textStart
    guard entries[index].textCount == bytes.count else { return false }
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
    return text.withUnsafeBufferPointer { stored in
      memcmp(stored.baseAddress! + start, base, bytes.count) == 0
    }
  }

  /// Caches a piece shaped into `shaped`, unless one is cached for these bytes and key already;
  /// starts over when the cache holds ``limit`` entries or ``glyphLimit`` glyphs.
  mutating func insert(
    _ piece: GlyphArena.Piece, of shaped: GlyphArena, measure: ShapedMeasure,
    for bytes: UnsafeBufferPointer<UInt8>, key: Key, hash: UInt64
  ) {
    if index(of: bytes, key: key, hash: hash) != nil { return }
    if entries.count >= limit || glyphs.glyphCount >= Self.glyphLimit { removeAll() }
    if (entries.count + 1) * 2 > slots.count { grow() }
    if entries.capacity == 0 {
      entries.reserveCapacity(256)
      text.reserveCapacity(2048)
      glyphs.reserveInitialCapacity()
    }
    entries.append(
      Entry(
        hash: hash, key: key, textStart: text.count, textCount: bytes.count,
        piece: glyphs.append(piece, of: shaped), measure: measure))
    text.append(contentsOf: bytes)
    place(entries.count - 1)
  }

  /// Empties the cache, keeping its memory.
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    text.removeAll(keepingCapacity: true)
    glyphs.removeAll()
    for index in slots.indices { slots[index] = 0 }
  }

  private mutating func place(_ index: Int) {
    let mask = slots.count - 1
    let hash = entries[index].hash
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    for index in entries.indices { place(index) }
  }
}
