extension SegmentMaker {
  /// The segments of a measured batch, made one by one as a window's segments array copies
  /// them in (``SegmentMaker/finishBatch(_:first:end:context:)``) in one append, instead of one
  /// append a segment, each checking the array's uniqueness and capacity in a runtime call.
  ///
  /// It reads the batch's buffers and the window's boundaries through pointers that live only
  /// as long as the append, and writes the segments' vertical metrics into `table`.
  struct BatchSegments: Sequence, IteratorProtocol {
    let pieces: UnsafeBufferPointer<PieceToMeasure>
    let measures: UnsafeBufferPointer<ShapedMeasure>
    let pieceEnds: UnsafeBufferPointer<Int>
    let contentEnds: UnsafeBufferPointer<Int>
    let adjustments: UnsafeBufferPointer<Double>
    let boundaries: UnsafeBufferPointer<WindowAnalysis.Boundary>
    let table: UnsafeMutablePointer<VerticalMetrics.Table>
    /// The window's segment made next, its end, and where it starts.
    var index: Int
    let end: Int
    let first: Int
    var start: Int
    /// The batch's piece read next.
    var piece = 0

    var underestimatedCount: Int { end - index }

    @inline(__always)
    mutating func next() -> Segment? {
      guard index < end else { return nil }
      var sums = Segment.Sums()
      let pieceEnd = pieceEnds[index - first]
      while piece < pieceEnd {
        sums.add(measures[piece], hanging: pieces[piece].cut.hanging)
        piece += 1
      }
      let boundary = boundaries[index]
      let segment = Segment(
        range: start..<boundary.offset, contentEnd: contentEnds[index - first],
        isMandatory: boundary.isMandatory, hasTabs: false, sums: sums,
        pairAdjustment: adjustments[index - first], table: &table.pointee)
      start = boundary.offset
      index += 1
      return segment
    }
  }
}
