/// A string with attribute runs: the input of the layout engine.
///
/// Runs are contiguous and cover the whole string; each gives a ``TextStyle`` to a UTF-8 range.
///
/// ```swift
/// var text = StyledText("Read the ", style: body)
/// text.append("full story", style: link)
/// ```
public struct StyledText: Sendable, Hashable {
  /// The characters.
  public private(set) var string: String
  /// The attribute runs in order, covering `string.utf8` without gaps.
  public internal(set) var runs: [Run]
  /// The language the script of the text's first 1 KB implies (kana: `"ja"`, else Hangul:
  /// `"ko"`), found once when the text is made, for runs that name none (see
  /// ``inferringLanguage()``).
  package private(set) var impliedLanguage: TextLanguage?

  /// Creates a text with one style.
  ///
  /// - Parameters:
  ///   - string: The characters.
  ///   - style: The style of the whole text.
  public init(_ string: String, style: TextStyle = TextStyle()) {
    var string = string
    string.makeContiguousUTF8()
    self.string = string
    self.runs = [Run(range: 0..<string.utf8.count, style: style)]
    self.impliedLanguage = Self.impliedLanguage(of: &self.string)
  }

  /// Creates a text from its characters and runs built elsewhere, in one step: a builder
  /// that appends many runs would otherwise copy the style of each to compare it.
  ///
  /// - Precondition: The runs are in order and cover `string.utf8` without gaps; an empty
  ///   string has one empty run.
  package init(string: String, runs: [Run]) {
    self.init(string: string, runs: runs, impliedLanguage: nil)
    self.impliedLanguage = Self.impliedLanguage(of: &self.string)
  }

  /// Creates a text from its characters and runs built elsewhere, with the language its
  /// source implies: a parser that reads only the start of its input gives every part of a
  /// text the whole text's answer, found in the input (``impliedLanguage(of:)-(UnsafeBufferPointer<UInt8>)``).
  ///
  /// - Precondition: The runs are in order and cover `string.utf8` without gaps; an empty
  ///   string has one empty run.
  package init(string: String, runs: [Run], impliedLanguage: TextLanguage?) {
    precondition(
      runs.first?.range.lowerBound == 0 && runs.last?.range.upperBound == string.utf8.count
        && Self.areContiguous(runs),
      "The runs cover the string without gaps")
    var string = string
    string.makeContiguousUTF8()
    self.string = string
    self.runs = runs
    self.impliedLanguage = impliedLanguage
  }

  /// Whether each run starts where the one before it ends. The ranges are read in place:
  /// zipping the runs copied each one's style twice (about 400 instructions a run, a fifth of
  /// a Markdown parse).
  private static func areContiguous(_ runs: [Run]) -> Bool {
    var index = 1
    while index < runs.count {
      if runs[index - 1].range.upperBound != runs[index].range.lowerBound { return false }
      index += 1
    }
    return true
  }

  /// Appends characters with a style, merging with the last run when the style is the same.
  ///
  /// - Parameters:
  ///   - string: The characters to append.
  ///   - style: Their style.
  public mutating func append(_ string: String, style: TextStyle) {
    let start = self.string.utf8.count
    self.string += string
    self.string.makeContiguousUTF8()
    // Only the first 1 KB decides the language, and only when it is not decided yet.
    if impliedLanguage == nil && start < Self.languageSampleBytes {
      impliedLanguage = Self.impliedLanguage(of: &self.string)
    }
    let end = self.string.utf8.count
    if let last = runs.last, last.style == style || last.range.isEmpty {
      runs[runs.count - 1] = Run(range: last.range.lowerBound..<end, style: style)
    } else {
      runs.append(Run(range: start..<end, style: style))
    }
  }

  /// Appends another styled text.
  public mutating func append(_ other: StyledText) {
    for run in other.runs {
      append(String(other.slice(run.range)), style: run.style)
    }
  }

  /// Changes the style of a UTF-8 range.
  ///
  /// A range reaching outside the text is clamped to it: what lies outside has no style to
  /// change.
  ///
  /// - Parameters:
  ///   - range: The UTF-8 range; it should lie on character boundaries.
  ///   - transform: Changes the style of each run inside the range.
  /// - Complexity: O(*r*) in the number of runs. To change many ranges, give them all at once
  ///   to the overload that takes a sequence of ranges: one call per range costs O(*r*) each.
  public mutating func updateStyle(in range: Range<Int>, _ transform: (inout TextStyle) -> Void) {
    updateStyle(in: CollectionOfOne(range), transform)
  }

  /// Changes the style of many UTF-8 ranges in one pass over the runs.
  ///
  /// Ranges may come in any order and overlap: each byte inside any of them is transformed
  /// once. A range reaching outside the text is clamped to it.
  ///
  /// ```swift
  /// text.updateStyle(in: matches) { $0.isSpoiler = true }
  /// ```
  ///
  /// - Parameters:
  ///   - ranges: UTF-8 ranges; they should lie on character boundaries.
  ///   - transform: Changes the style of each run, or part of a run, inside the ranges.
  /// - Complexity: O(*r* + *k* log *k*) for *r* runs and *k* ranges.
  public mutating func updateStyle(
    in ranges: some Sequence<Range<Int>>, _ transform: (inout TextStyle) -> Void
  ) {
    let count = string.utf8.count
    var sorted = ranges.compactMap { range -> Range<Int>? in
      let clamped = range.clamped(to: 0..<count)
      return clamped.isEmpty ? nil : clamped
    }
    guard !sorted.isEmpty else { return }
    sorted.sort { $0.lowerBound < $1.lowerBound }
    // Overlapping and touching ranges become one, so no byte is transformed twice.
    var merged: [Range<Int>] = [sorted[0]]
    for range in sorted.dropFirst() {
      let last = merged[merged.count - 1]
      if range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    var result: [Run] = []
    result.reserveCapacity(runs.count + 2 * merged.count)
    func add(_ piece: Range<Int>, _ style: TextStyle) {
      if let last = result.last, last.style == style {
        result[result.count - 1].range = last.range.lowerBound..<piece.upperBound
      } else {
        result.append(Run(range: piece, style: style))
      }
    }
    var next = 0
    for run in runs {
      var position = run.range.lowerBound
      // The ranges that end before this run are done with.
      while next < merged.count && merged[next].upperBound <= position { next += 1 }
      var index = next
      while position < run.range.upperBound {
        guard index < merged.count, merged[index].lowerBound < run.range.upperBound else {
          add(position..<run.range.upperBound, run.style)
          break
        }
        let range = merged[index]
        if position < range.lowerBound {
          add(position..<range.lowerBound, run.style)
          position = range.lowerBound
        }
        let end = min(range.upperBound, run.range.upperBound)
        var style = run.style
        transform(&style)
        add(position..<end, style)
        position = end
        if end == range.upperBound { index += 1 }
      }
    }
    runs = result.isEmpty ? [Run(range: 0..<0, style: runs.first?.style ?? TextStyle())] : result
  }

  /// Changes the style of every run, in one pass, merging runs that become equal.
  ///
  /// - Parameter transform: Changes a run's style.
  /// - Complexity: O(*r*) in the number of runs.
  package mutating func updateEveryStyle(_ transform: (inout TextStyle) -> Void) {
    var result: [Run] = []
    result.reserveCapacity(runs.count)
    for var run in runs {
      transform(&run.style)
      if let last = result.last, last.style == run.style, !last.range.isEmpty {
        result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
      } else {
        result.append(run)
      }
    }
    runs = result
  }

  /// Gives every run that has no language of its own this one: the language of the whole
  /// text, where runs set theirs only when they differ (a Japanese word in a Chinese text).
  ///
  /// - Parameter language: A language such as `"ja"` or `"zh-Hant"`; `nil` clears nothing.
  public mutating func setDefaultLanguage(_ language: TextLanguage?) {
    guard let language, runs.contains(where: { $0.style.language == nil }) else { return }
    for index in runs.indices where runs[index].style.language == nil {
      runs[index].style.language = language
    }
    var merged: [Run] = []
    for run in runs {
      if let last = merged.last, last.style == run.style {
        merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
      } else {
        merged.append(run)
      }
    }
    runs = merged
  }

  /// The style at a UTF-8 offset (the last run's style at the end of the text).
  public func style(at offset: Int) -> TextStyle {
    runIndex(at: offset).map { runs[$0].style } ?? runs[runs.count - 1].style
  }

  /// The font size of the style at a UTF-8 offset, read in place: copying the whole style
  /// would count a reference for each of its strings.
  package func size(at offset: Int) -> Double {
    runs[runIndex(at: offset) ?? runs.count - 1].style.size
  }

  /// The index of the run containing a UTF-8 offset.
  package func runIndex(at offset: Int) -> Int? {
    var low = 0
    var high = runs.count
    while low < high {
      let mid = (low + high) / 2
      if runs[mid].range.upperBound <= offset {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < runs.count ? low : nil
  }

  /// The characters of a UTF-8 range as a substring.
  package func slice(_ range: Range<Int>) -> Substring {
    let utf8 = string.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    let end = utf8.index(start, offsetBy: range.count)
    return string[start..<end]
  }

  /// Two texts are equal when their characters and runs are: the implied language is derived
  /// from the characters, so it is left out.
  public static func == (lhs: StyledText, rhs: StyledText) -> Bool {
    lhs.string == rhs.string && lhs.runs == rhs.runs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(string)
    hasher.combine(runs)
  }

  /// A run of text with one style.
  public struct Run: Sendable, Hashable {
    /// The run's UTF-8 range in the string.
    public var range: Range<Int>
    /// The run's style.
    public var style: TextStyle

    /// Creates a run.
    package init(range: Range<Int>, style: TextStyle) {
      self.range = range
      self.style = style
    }
  }
}
