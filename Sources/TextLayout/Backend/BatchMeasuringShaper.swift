/// A shaper that measures pieces of one string in one call: the engine's measuring hot path.
///
/// The engine measures the segments of a line or so at once, so that a shaper resolves the
/// style and takes its locks once per batch rather than per piece. A performance hook of this
/// package's own shaper, not part of the backend protocol: a ``TextShaper`` that does not
/// conform is asked piece by piece (``TextShaper/measure(_:style:isRightToLeft:)``), with the
/// same results.
package protocol BatchMeasuringShaper: TextShaper {
  /// Measures pieces of one string that share a style and a direction.
  ///
  /// - Parameters:
  ///   - pieces: UTF-8 ranges of `string`, none containing a paragraph separator.
  ///   - string: The text the pieces come from; the characters around a piece are its context.
  ///   - style: The style of every piece.
  ///   - isRightToLeft: Whether the pieces are shaped right to left.
  ///   - measures: Where the pieces' measures are appended, in order: for each, exactly what
  ///     ``TextShaper/measure(_:style:isRightToLeft:)`` gives for the piece as a substring of
  ///     `string`.
  func measure(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into measures: inout [ShapedMeasure])
}

/// A shaper that measures a batch piece by piece: what the engine measures with when its
/// shaper does not measure batches itself.
struct PieceByPieceShaper: BatchMeasuringShaper {
  let base: any TextShaper

  /// The shaper itself when it measures batches, otherwise the adapter around it.
  static func wrapping(_ shaper: any TextShaper) -> any BatchMeasuringShaper {
    (shaper as? any BatchMeasuringShaper) ?? PieceByPieceShaper(base: shaper)
  }

  func metrics(for style: TextStyle) -> FontMetrics { base.metrics(for: style) }

  func shape(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedText {
    base.shape(text, style: style, isRightToLeft: isRightToLeft)
  }

  func measure(_ text: Substring, style: TextStyle, isRightToLeft: Bool) -> ShapedMeasure {
    base.measure(text, style: style, isRightToLeft: isRightToLeft)
  }

  func measure(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into measures: inout [ShapedMeasure]
  ) {
    let utf8 = string.utf8
    for piece in pieces {
      let start = utf8.index(utf8.startIndex, offsetBy: piece.lowerBound)
      let end = utf8.index(start, offsetBy: piece.count)
      measures.append(
        base.measure(string[start..<end], style: style, isRightToLeft: isRightToLeft))
    }
  }
}

extension TextShaper {
  /// Measures pieces of one string: in one call when the shaper measures batches, otherwise
  /// piece by piece.
  package func measureBatch(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into measures: inout [ShapedMeasure]
  ) {
    PieceByPieceShaper.wrapping(self).measure(
      pieces, in: string, style: style, isRightToLeft: isRightToLeft, into: &measures)
  }
}
