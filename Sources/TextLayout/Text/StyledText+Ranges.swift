extension StyledText {
  /// Changes the style of several ranges of the text in one pass over its runs.
  ///
  /// The ranges may come in any order, overlap or touch; each character they cover is changed
  /// once. Marking every match of a search, or scaling every run, costs one pass, where a call
  /// of ``updateStyle(in:_:)-(Range<Int>,_)`` per range would rebuild the runs each time.
  ///
  /// - Parameters:
  ///   - ranges: UTF-8 ranges of the text; parts past its end are ignored.
  ///   - transform: Changes a style.
  /// - Complexity: O(*r* log *r* + *n*) for *r* ranges and *n* runs.
  public mutating func updateStyle(
    in ranges: [Range<Int>], _ transform: (inout TextStyle) -> Void
  ) {
    let count = string.utf8.count
    let sorted = ranges.map { $0.clamped(to: 0..<count) }.filter { !$0.isEmpty }
      .sorted { $0.lowerBound < $1.lowerBound }
    guard !sorted.isEmpty else { return }
    var merged: [Range<Int>] = []
    for range in sorted {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    var result: [Run] = []
    result.reserveCapacity(runs.count + 2 * merged.count)
    func add(_ range: Range<Int>, _ style: TextStyle) {
      guard !range.isEmpty else { return }
      if let last = result.last, last.style == style, last.range.upperBound == range.lowerBound {
        result[result.count - 1].range = last.range.lowerBound..<range.upperBound
      } else {
        result.append(Run(range: range, style: style))
      }
    }
    var next = 0  // the first merged range that may still meet a run
    for run in runs {
      var position = run.range.lowerBound
      var changed = run.style
      transform(&changed)
      while next < merged.count && merged[next].lowerBound < run.range.upperBound {
        let range = merged[next]
        let start = max(range.lowerBound, position)
        add(position..<start, run.style)
        let end = min(range.upperBound, run.range.upperBound)
        add(start..<end, changed)
        position = max(position, end)
        if range.upperBound > run.range.upperBound { break }
        next += 1
      }
      add(position..<run.range.upperBound, run.style)
    }
    runs = result
  }
}
