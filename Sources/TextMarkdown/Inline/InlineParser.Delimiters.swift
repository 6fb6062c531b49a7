extension InlineParser {
  /// The delimiter stack: every run of `*`, `_` and `~` that may open or close, in one list
  /// in document order, and each in a list of its own character, where openers are searched.
  struct Delimiters {
    struct Item {
      var token: Int
      var character: UInt8
      var canOpen: Bool
      var canClose: Bool
      /// The run's length as written; the rule of three reads it even after the run has
      /// given characters to emphasis.
      var length: Int
      var previous = -1
      var next = -1
      /// The neighbours in the list of the same character. Once out of that list, `previous`
      /// still leads down to it (see ``Delimiters/candidate(atOrBelow:)``).
      var previousSame = -1
      var nextSame = -1
      var isAlive = true
      /// Whether the item is in the list of its character, where openers are searched.
      var isSearchable = true
    }

    /// A stretch of the list of one character that a search with one rule found without an
    /// opener: items `low...high`, and the candidate below them when it was made.
    struct Skip {
      var low: Int
      var high: Int
      var below: Int
      /// The stretch under it in its rule's stack, or -1.
      var down = -1
    }

    var items: [Item] = []
    var first = -1
    var last = -1
    /// The last searchable item of each character (`*`, `_`, `~`).
    var lastSame = [-1, -1, -1]
    /// Per rule (character, whether the closer can open, its length modulo 3), the stretches
    /// its searches found empty, lowest first: a stack per rule, linked through `down` from
    /// its top in `skipTops`, all in one array (one array a rule grew from empty for each
    /// rule a paragraph used, a tenth of its emphasis).
    /// Made at the first search: most paragraphs have no delimiter.
    var skips: [Skip] = []
    var skipTops: [Int] = []

    static func characterIndex(_ character: UInt8) -> Int {
      character == UInt8(ascii: "*") ? 0 : character == UInt8(ascii: "_") ? 1 : 2
    }

    mutating func push(token: Int, character: UInt8, canOpen: Bool, canClose: Bool, length: Int) {
      // Room for a paragraph's few marked words at once, instead of growing from one.
      if items.capacity == 0 { items.reserveCapacity(16) }
      let index = items.count
      let same = Self.characterIndex(character)
      var item = Item(
        token: token, character: character, canOpen: canOpen, canClose: canClose, length: length)
      item.previous = last
      item.previousSame = lastSame[same]
      items.append(item)
      if last >= 0 { items[last].next = index } else { first = index }
      last = index
      if lastSame[same] >= 0 { items[lastSame[same]].nextSame = index }
      lastSame[same] = index
    }

    /// Takes an item out of the stack.
    mutating func remove(_ index: Int) {
      guard items[index].isAlive else { return }
      retire(index)
      items[index].isAlive = false
      let previous = items[index].previous
      let next = items[index].next
      if previous >= 0 { items[previous].next = next } else { first = next }
      if next >= 0 { items[next].previous = previous } else { last = previous }
    }

    /// Takes an item out of the searches for openers only.
    mutating func retire(_ index: Int) {
      guard items[index].isSearchable else { return }
      items[index].isSearchable = false
      let same = Self.characterIndex(items[index].character)
      let previous = items[index].previousSame
      let next = items[index].nextSame
      if previous >= 0 { items[previous].nextSame = next }
      if next >= 0 { items[next].previousSame = previous } else { lastSame[same] = previous }
    }

    /// Removes the items strictly between two.
    mutating func removeBetween(_ low: Int, _ high: Int) {
      var index = items[high].previous
      while index >= 0 && index != low {
        let previous = items[index].previous
        remove(index)
        index = previous
      }
    }

    /// Removes the items above `bottom` (-1: all).
    mutating func removeAll(above bottom: Int) {
      while last >= 0 && last != bottom { remove(last) }
    }

    mutating func clearSkips() {
      if skipTops.isEmpty {
        skipTops = [Int](repeating: -1, count: 18)
        skips.reserveCapacity(16)
        return
      }
      skips.removeAll(keepingCapacity: true)
      for rule in skipTops.indices { skipTops[rule] = -1 }
    }

    /// The top of a rule's stack of stretches, if any.
    private func topSkip(_ rule: Int) -> Skip? {
      let top = skipTops[rule]
      return top >= 0 ? skips[top] : nil
    }

    /// The searchable item at or below `index`: `index` itself, or, when it has left the
    /// searches, the nearest one below it, found by following `previousSame` (which led down
    /// when it left) and shortening the way for the next time.
    mutating func candidate(atOrBelow index: Int) -> Int {
      var current = index
      while current >= 0 && !items[current].isSearchable { current = items[current].previousSame }
      var walk = index
      while walk >= 0 && walk != current && !items[walk].isSearchable {
        let next = items[walk].previousSame
        items[walk].previousSame = current
        walk = next
      }
      return current
    }

    /// The nearest opener below `closer` that it may match, above item `stop` (-1: none):
    /// same character, able to open, and within the rule of three.
    mutating func findOpener(for closer: Int, above stop: Int, work: inout Int) -> Int? {
      let closerItem = items[closer]
      let rule =
        (Self.characterIndex(closerItem.character) * 3 + closerItem.length % 3) * 2
        + (closerItem.canOpen ? 1 : 0)
      var index = closerItem.previousSame
      var found: Int? = nil
      while true {
        work += 1
        // Stretches above the walk were passed over; one holding it is jumped.
        while let top = topSkip(rule), top.low > max(index, -1) { skipTops[rule] = top.down }
        if index >= 0, let top = topSkip(rule), top.high >= index {
          skipTops[rule] = top.down
          index = top.below >= 0 ? candidate(atOrBelow: top.below) : -1
          continue
        }
        if index < 0 || index <= stop { break }
        let opener = items[index]
        if opener.canOpen && Self.mayMatch(opener: opener, closer: closerItem) {
          found = index
          break
        }
        index = opener.previousSame
      }
      skips.append(
        Skip(low: max(index, -1) + 1, high: closer - 1, below: index, down: skipTops[rule]))
      skipTops[rule] = skips.count - 1
      return found
    }

    /// The rule of three: when the closer can open or the opener can close, their lengths
    /// (as written) may not add up to a multiple of 3, unless the closer's is one, as
    /// cmark-gfm 0.29 checks it.
    static func mayMatch(opener: Item, closer: Item) -> Bool {
      !(closer.canOpen || opener.canClose) || closer.length % 3 == 0
        || (opener.length + closer.length) % 3 != 0
    }
  }
}
