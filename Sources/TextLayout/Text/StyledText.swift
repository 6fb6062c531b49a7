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
        && zip(runs, runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound },
      "The runs cover the string without gaps")
    var string = string
    string.makeContiguousUTF8()
    self.string = string
    self.runs = runs
    self.impliedLanguage = impliedLanguage
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
  public mutating func updateStyle(in range: Range<Int>, _ transform: (inout TextStyle) -> Void) {
    let range = range.clamped(to: 0..<string.utf8.count)
    var result: [Run] = []
    for run in runs {
      let pieces = [
        run.range
          .lowerBound..<max(run.range.lowerBound, min(run.range.upperBound, range.lowerBound)),
        // Empty, not inverted, for a run the range does not meet.
        min(
          max(run.range.lowerBound, range.lowerBound), run.range.upperBound)..<max(
            min(run.range.upperBound, range.upperBound),
            min(max(run.range.lowerBound, range.lowerBound), run.range.upperBound)),
        min(
          run.range.upperBound, max(run.range.lowerBound, range.upperBound))..<run.range.upperBound,
      ]
      for (index, piece) in pieces.enumerated() where !piece.isEmpty {
        var style = run.style
        if index == 1 { transform(&style) }
        if let last = result.last, last.style == style {
          result[result.count - 1].range = last.range.lowerBound..<piece.upperBound
        } else {
          result.append(Run(range: piece, style: style))
        }
      }
    }
    runs = result.isEmpty ? [Run(range: 0..<0, style: runs.first?.style ?? TextStyle())] : result
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
