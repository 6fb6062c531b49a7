import TextLayout

/// Spoilers marked by phrase (`--spoiler PHRASE`): every occurrence of every phrase, over
/// whole grapheme clusters, in one batched style update.
///
/// The phrases are found together in one pass over the text (an Aho–Corasick automaton over
/// UTF-8 bytes), so the cost is the text's length plus the phrases', however many phrases and
/// occurrences there are; occurrences may overlap, and all of them are hidden. A phrase that
/// starts or ends inside a grapheme cluster (`--spoiler 👩` in a family emoji, one regional
/// indicator of a flag) hides the whole cluster: a style boundary inside a cluster would break
/// its shaping, and half a cluster has nothing of its own to show.
enum SpoilerPhrases {
  /// The text with every occurrence of each phrase styled as a spoiler, and the phrases that
  /// do not occur in it.
  ///
  /// - Complexity: O(*n* + *m*) for a text of *n* bytes and phrases of *m* bytes in all.
  static func marking(
    _ phrases: [String], in text: StyledText
  ) -> (text: StyledText, missing: [String]) {
    let distinct = Array(Set(phrases.filter { !$0.isEmpty }))
    guard !distinct.isEmpty else { return (text, []) }
    var automaton = Automaton(distinct.map { Array($0.utf8) })
    var string = text.string
    let (matches, found) = string.withUTF8 { automaton.matches(in: $0) }
    let missing = phrases.filter { phrase in
      guard let index = distinct.firstIndex(of: phrase) else { return false }
      return !found[index]
    }
    var result = text
    result.updateStyle(in: Self.wholeClusters(matches, in: text.string)) { $0.isSpoiler = true }
    return (result, missing)
  }

  /// The ranges widened to the grapheme clusters they touch, found in one walk of the text's
  /// clusters.
  ///
  /// - Parameter ranges: Non-empty UTF-8 ranges, sorted and disjoint.
  static func wholeClusters(_ ranges: [Range<Int>], in string: String) -> [Range<Int>] {
    var starts = ranges.map(\.lowerBound)
    var ends = ranges.map(\.upperBound)
    var nextStart = 0
    var nextEnd = 0
    var clusterStart = 0
    for character in string {
      guard nextEnd < ranges.count else { break }
      let clusterEnd = clusterStart + character.utf8.count
      while nextStart < ranges.count && ranges[nextStart].lowerBound < clusterEnd {
        starts[nextStart] = clusterStart
        nextStart += 1
      }
      while nextEnd < ranges.count && ranges[nextEnd].upperBound <= clusterEnd {
        ends[nextEnd] = clusterEnd
        nextEnd += 1
      }
      clusterStart = clusterEnd
    }
    return zip(starts, ends).map { $0..<$1 }
  }

  /// An Aho–Corasick automaton over UTF-8 bytes: a trie of the phrases with, for each state,
  /// the state of its longest proper suffix in the trie, and the longest phrase ending there.
  struct Automaton {
    /// Each state's transitions, by byte, kept sorted.
    private var edges: [[(byte: UInt8, state: Int32)]] = [[]]
    private var failure: [Int32] = [0]
    /// The phrase a state completes, or -1.
    private var phrase: [Int32] = [-1]
    /// The length of the longest phrase that ends at a state (its own or a suffix's), or 0.
    private var longest: [Int32] = [0]
    private let phraseCount: Int

    init(_ phrases: [[UInt8]]) {
      phraseCount = phrases.count
      for (index, bytes) in phrases.enumerated() {
        var state = 0
        for byte in bytes {
          if let next = edge(from: state, byte) {
            state = next
          } else {
            edges.append([])
            failure.append(0)
            phrase.append(-1)
            longest.append(0)
            let new = Int32(edges.count - 1)
            insertEdge(from: state, byte, to: new)
            state = Int(new)
          }
        }
        phrase[state] = Int32(index)
        longest[state] = Int32(bytes.count)
      }
      // Breadth first: a state's suffix link and outputs come from its parent's.
      var queue: [Int] = edges[0].map { Int($0.state) }
      var head = 0
      while head < queue.count {
        let state = queue[head]
        head += 1
        let link = Int(failure[state])
        if longest[state] == 0 { longest[state] = longest[link] }
        for (byte, child) in edges[state] {
          // The child's suffix link: the longest suffix of it that is a state.
          var fallback = link
          while edge(from: fallback, byte) == nil && fallback != 0 {
            fallback = Int(failure[fallback])
          }
          failure[Int(child)] = Int32(edge(from: fallback, byte) ?? 0)
          queue.append(Int(child))
        }
      }
    }

    private func edge(from state: Int, _ byte: UInt8) -> Int? {
      let list = edges[state]
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if list[middle].byte < byte { low = middle + 1 } else { high = middle }
      }
      return low < list.count && list[low].byte == byte ? Int(list[low].state) : nil
    }

    private mutating func insertEdge(from state: Int, _ byte: UInt8, to target: Int32) {
      var list = edges[state]
      let position = list.firstIndex { $0.byte > byte } ?? list.count
      list.insert((byte, target), at: position)
      edges[state] = list
    }

    /// The union of every occurrence of every phrase in `bytes`, as sorted disjoint ranges,
    /// and for each phrase whether it occurs.
    mutating func matches(in bytes: UnsafeBufferPointer<UInt8>) -> ([Range<Int>], [Bool]) {
      var ranges: [Range<Int>] = []
      var reached = [Bool](repeating: false, count: edges.count)
      var state = 0
      for (offset, byte) in bytes.enumerated() {
        while true {
          if let next = edge(from: state, byte) {
            state = next
            break
          }
          if state == 0 { break }
          state = Int(failure[state])
        }
        reached[state] = true
        let length = Int(longest[state])
        guard length > 0 else { continue }
        // The longest phrase ending here covers the shorter ones; the ends only grow, so
        // ranges it reaches into merge from the top.
        var start = offset + 1 - length
        let end = offset + 1
        while let last = ranges.last, last.upperBound >= start {
          start = min(start, last.lowerBound)
          ranges.removeLast()
        }
        ranges.append(start..<end)
      }
      // A phrase occurs when a state it completes, or a state it is a suffix of, was reached.
      var found = [Bool](repeating: false, count: phraseCount)
      var seen = [Bool](repeating: false, count: edges.count)
      for state in reached.indices where reached[state] {
        var current = state
        while current > 0 && !seen[current] {
          seen[current] = true
          if phrase[current] >= 0 { found[Int(phrase[current])] = true }
          current = Int(failure[current])
        }
      }
      return (ranges, found)
    }
  }
}
