import CHarfBuzz

/// The bytes of one OpenType table of a face, read big-endian, every read checked against the
/// table's end: a read outside it answers `nil`, and the direct shaping path then declines the
/// face rather than guess (HarfBuzz stays its reference; see ``DirectShapingPlan``).
///
/// Owns a reference to the table's blob (`hb_face_reference_table`), which keeps the face's
/// file data alive as long as the bytes are read.
final class FontTableBytes: @unchecked Sendable {
  private let blob: OpaquePointer
  private let base: UnsafeRawPointer?
  /// The table's length in bytes; 0 when the face has no such table.
  let count: Int

  /// The table `tag` of `face`.
  init(face: OpaquePointer, tag: String) {
    blob = hb_face_reference_table(face, Self.tag(tag))
    var length: UInt32 = 0
    base = hb_blob_get_data(blob, &length).map { UnsafeRawPointer($0) }
    count = base == nil ? 0 : Int(length)
  }

  deinit {
    hb_blob_destroy(blob)
  }

  /// Whether the face has the table at all.
  var exists: Bool { count > 0 }

  /// The unsigned 16-bit number at `offset`.
  @inline(__always)
  func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= count, let base else { return nil }
    return Int(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
  }

  /// The signed 16-bit number at `offset`.
  @inline(__always)
  func i16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= count, let base else { return nil }
    return Int(Int16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: Int16.self)))
  }

  /// The unsigned 32-bit number at `offset`.
  @inline(__always)
  func u32(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 4 <= count, let base else { return nil }
    return Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// The unsigned 16-bit number at `offset`, for a read whose range was checked before.
  @inline(__always)
  func checkedU16(_ offset: Int) -> Int {
    Int(UInt16(bigEndian: base!.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
  }

  /// The signed 16-bit number at `offset`, for a read whose range was checked before.
  @inline(__always)
  func checkedI16(_ offset: Int) -> Int {
    Int(Int16(bigEndian: base!.loadUnaligned(fromByteOffset: offset, as: Int16.self)))
  }

  /// An OpenType tag from its four ASCII letters.
  static func tag(_ name: String) -> hb_tag_t {
    name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
  }
}
