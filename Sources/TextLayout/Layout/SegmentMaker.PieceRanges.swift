extension SegmentMaker {
  /// The ranges of a stretch of a batch's pieces, as the batch's ranges copy them in
  /// (``SegmentMaker/measurePieces(_:context:)``) in one append, instead of one append a range,
  /// each checking the array's uniqueness and capacity in a runtime call.
  ///
  /// It reads the pieces through a pointer that lives only as long as the append.
  struct PieceRanges: Sequence, IteratorProtocol {
    let pieces: UnsafeBufferPointer<PieceToMeasure>
    /// The piece read next.
    var index = 0

    var underestimatedCount: Int { pieces.count - index }

    @inline(__always)
    mutating func next() -> Range<Int>? {
      guard index < pieces.count else { return nil }
      defer { index += 1 }
      return pieces[index].cut.range
    }
  }
}
