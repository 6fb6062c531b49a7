@_spi(Backend) import TextLayout

/// The property of ``TextLayoutEngine/measure(prefix:exactCount:configuration:)``: whenever it
/// answers from the start of a text, the answer is the whole text's, even when the start goes
/// on with other characters than the whole does (a parser's unfinished markup).
package enum PrefixAgreement {
  /// Checks generated texts cut at generated offsets, with the start's tail replaced.
  package static func check(engine: TextLayoutEngine, cases: Int, seed: UInt64) throws -> (
    failures: [String], answered: Int
  ) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var failures: [String] = []
    var answered = 0
    for _ in 0..<cases {
      let string = RandomText.make(maxWords: 160, using: &generator)
      let whole = StyledText(string, style: TextStyle(size: 17))
      // Cut at a character boundary, and go on with something else.
      let characters = Array(string)
      let cut = Int.random(in: 0...characters.count, using: &generator)
      let start = String(characters[..<cut])
      let exactCount = start.utf8.count
      let tail = start + " *** ]] `"
      // The start implies what the whole does, as a parser of the whole would make it.
      let text = StyledText(
        string: tail,
        runs: [StyledText.Run(range: 0..<tail.utf8.count, style: TextStyle(size: 17))],
        impliedLanguage: whole.impliedLanguage)
      for width in [40.0, 200, 480] {
        for limit in [1, 3] {
          let configuration = LayoutConfiguration(
            width: width, lineLimit: .lines(limit), truncationToken: TruncationToken())
          guard
            let measured = try engine.measure(
              prefix: text, exactCount: exactCount, configuration: configuration)
          else { continue }
          answered += 1
          let expected = try engine.measure(whole, configuration: configuration)
          if measured != expected {
            failures.append("\(string.debugDescription) cut at \(cut), \(width) pt, \(limit)")
          }
        }
      }
    }
    return (failures, answered)
  }

}
