extension RGBABitmap {
  /// Replaces every pixel by a weighted average of it and the same pixel of another bitmap.
  ///
  /// This is a cross-fade of two layers: unlike compositing one faded layer over the other,
  /// pixels the two bitmaps share come out unchanged at every fraction.
  ///
  /// - Parameters:
  ///   - other: A bitmap of the same size.
  ///   - fraction: How much of `other` to take, 0 (none) to 1 (all of it).
  mutating func mix(with other: RGBABitmap, fraction: Double) {
    precondition(
      other.width == width && other.height == height,
      "Mixed bitmaps have the same size, got \(width) × \(height) and"
        + " \(other.width) × \(other.height)")
    let weight = Int((min(max(fraction, 0), 1) * 255).rounded())
    let kept = 255 - weight
    for index in bytes.indices where bytes[index] != other.bytes[index] {
      // Premultiplied components mix linearly; rounded to the nearest byte.
      bytes[index] = UInt8(
        (Int(bytes[index]) * kept + Int(other.bytes[index]) * weight + 127) / 255)
    }
  }
}
