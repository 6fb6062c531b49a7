#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
  /// The index of the first `byte` in `range`, or `nil`: `memchr`, which reads many bytes a
  /// step where a loop over the buffer reads one.
  func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
    guard !range.isEmpty, let base = baseAddress,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }
}
