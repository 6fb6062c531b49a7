extension SpoilerPhrases {
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
