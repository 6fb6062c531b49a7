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

  /// The kerning between the last character of a piece and the first character of the piece
  /// right after it (same style and direction), from the two pieces' measures alone: exactly
  /// the two characters' advance as ``measure(_:in:style:isRightToLeft:into:)`` measures them
  /// together, less the sum of their advances measured each alone; `nil` when the shaper
  /// cannot tell without shaping them.
  ///
  /// - Parameters:
  ///   - first: The measure of the first piece, in logical order.
  ///   - second: The measure of the piece right after it.
  func pairAdjustment(_ first: ShapedMeasure, _ second: ShapedMeasure) -> Double?

  /// Measures a piece of a truncation token's leader or label: the advance and metrics
  /// ``measure(_:in:style:isRightToLeft:into:)`` gives it, which a shaper may keep beyond one
  /// text (the token is the same in every text).
  ///
  /// - Parameters:
  ///   - piece: A UTF-8 range of `string`, with no paragraph separator.
  ///   - string: The leader or the label.
  ///   - style: The piece's style.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  func measureToken(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure

  /// The measure of a piece that ends with one space, without the space, when the shaper can
  /// tell it from the piece's cached shaping: exactly what
  /// ``measure(_:in:style:isRightToLeft:into:)`` gives the shorter piece; `nil` when it
  /// cannot, and the shorter piece is measured.
  ///
  /// - Parameters:
  ///   - piece: A UTF-8 range of `string`, measured before with its space.
  ///   - string: The text the piece comes from.
  ///   - style: The piece's style.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  func measureWithoutTrailingSpace(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure?
}

extension BatchMeasuringShaper {
  /// No pair is measured without shaping it.
  package func pairAdjustment(_ first: ShapedMeasure, _ second: ShapedMeasure) -> Double? {
    nil
  }

  /// The piece measured as any other.
  package func measureToken(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure {
    var measures: [ShapedMeasure] = []
    measure([piece], in: string, style: style, isRightToLeft: isRightToLeft, into: &measures)
    return measures[0]
  }

  /// Never told without measuring.
  package func measureWithoutTrailingSpace(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool
  ) -> ShapedMeasure? {
    nil
  }
}

/// A shaper that stores the glyphs of pieces of one string in a ``GlyphStorage``: how the
/// engine places its lines' pieces without making arrays for each.
///
/// A performance hook of this package's own shaper, like ``BatchMeasuringShaper``: the engine
/// stores what ``TextShaper/shape(_:style:isRightToLeft:)`` gives for a shaper that does not
/// conform, with the same results.
package protocol GlyphStoringShaper: BatchMeasuringShaper {
  /// Stores the glyphs of pieces of one string that share a style and a direction.
  ///
  /// - Parameters:
  ///   - pieces: UTF-8 ranges of `string`, none containing a paragraph separator.
  ///   - string: The text the pieces come from; the characters around a piece are its context.
  ///   - style: The style of every piece.
  ///   - isRightToLeft: Whether the pieces are shaped right to left.
  ///   - storage: Where the pieces' glyphs and clusters are appended.
  ///   - stored: Where the pieces are appended, in order: for each, exactly what
  ///     `storage.append(shape(piece, style: style, isRightToLeft: isRightToLeft))` gives for
  ///     the piece as a substring of `string`.
  func store(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage, stored: inout [StoredPiece])

  /// Stores the glyphs of a piece of a truncation token's leader or label: what
  /// ``store(_:in:style:isRightToLeft:into:stored:)`` stores for it, which a shaper may keep
  /// beyond one text (the token is the same in every text).
  ///
  /// - Parameters:
  ///   - piece: A UTF-8 range of `string`, with no paragraph separator.
  ///   - string: The leader or the label.
  ///   - style: The piece's style.
  ///   - isRightToLeft: Whether the piece is shaped right to left.
  ///   - storage: Where the piece's glyphs and clusters are appended.
  func storeToken(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage
  ) -> StoredPiece
}

extension GlyphStoringShaper {
  /// The piece stored as any other.
  package func storeToken(
    _ piece: Range<Int>, in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage
  ) -> StoredPiece {
    var stored: [StoredPiece] = []
    store(
      [piece], in: string, style: style, isRightToLeft: isRightToLeft, into: &storage,
      stored: &stored)
    return stored[0]
  }
}

/// The engine's view of a shaper: the shaper itself when it measures batches and stores
/// glyphs, otherwise an adapter that does both piece by piece through the public protocol.
struct PieceByPieceShaper: GlyphStoringShaper {
  let base: any TextShaper
  /// The base as a batch measurer, when it is one.
  let batch: (any BatchMeasuringShaper)?

  /// The shaper itself when it does both, otherwise the adapter around it.
  static func wrapping(_ shaper: any TextShaper) -> any GlyphStoringShaper {
    (shaper as? any GlyphStoringShaper)
      ?? PieceByPieceShaper(base: shaper, batch: shaper as? any BatchMeasuringShaper)
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
    if let batch {
      batch.measure(
        pieces, in: string, style: style, isRightToLeft: isRightToLeft, into: &measures)
      return
    }
    for piece in pieces {
      measures.append(
        base.measure(
          Self.substring(piece, of: string), style: style, isRightToLeft: isRightToLeft))
    }
  }

  func pairAdjustment(_ first: ShapedMeasure, _ second: ShapedMeasure) -> Double? {
    batch?.pairAdjustment(first, second)
  }

  func store(
    _ pieces: [Range<Int>], in string: String, style: TextStyle, isRightToLeft: Bool,
    into storage: inout GlyphStorage, stored: inout [StoredPiece]
  ) {
    for piece in pieces {
      stored.append(
        storage.append(
          base.shape(
            Self.substring(piece, of: string), style: style, isRightToLeft: isRightToLeft)))
    }
  }

  /// A UTF-8 range of a string as a substring of it.
  static func substring(_ range: Range<Int>, of string: String) -> Substring {
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    return string[start..<utf8.index(start, offsetBy: range.count)]
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
