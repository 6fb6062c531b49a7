/// GFM's e-mail autolinks (`me@example.com`, `mailto:me@example.com`, `xmpp:me@example.com/r`)
/// in a run of text, found as cmark-gfm 0.29 finds them.
///
/// cmark-gfm looks at each `@` of a text node in turn, and splits the node at each address it
/// links, going on in the rest. It gives up on a node after 1,001 `@` (its recursion limit);
/// its walk of the tree then visits each rest it split off again from its start, with a new
/// limit. The visits are kept here as a stack of text still to visit. Each `@` is looked at a
/// bounded number of times, and each look reads only up to the next `@` on either side.
enum EmailAutolinks {
  struct Link {
    var range: Range<Int>
    var url: [UInt8]
  }

  /// The addresses in `text`, in order.
  static func find(in text: UnsafeBufferPointer<UInt8>, work: inout Int) -> [Link] {
    var links: [Link] = []
    // Text nodes still to visit, the next on top.
    var pending: [Range<Int>] = [0..<text.count]
    while let node = pending.popLast() {
      var rests: [Range<Int>] = []
      var current = node
      var offset = node.lowerBound
      var depth = 0
      while depth <= 1000, offset < current.upperBound {
        guard let at = text.firstIndex(of: UInt8(ascii: "@"), in: offset..<current.upperBound)
        else { break }
        work += 1
        if let link = address(around: at, from: offset, in: text, node: current, work: &work) {
          links.append(link)
          let rest = link.range.upperBound..<current.upperBound
          rests.append(rest)
          current = rest
          offset = rest.lowerBound
        } else {
          offset = at + 1
        }
        depth += 1
      }
      // Each rest is visited again, in order, from its start (as far as the next link cut it).
      for (index, rest) in rests.enumerated().reversed() {
        let end = index + 1 < rests.count ? linkStart(after: rest, in: links) : rest.upperBound
        if rest.lowerBound < end { pending.append(rest.lowerBound..<end) }
      }
    }
    links.sort { $0.range.lowerBound < $1.range.lowerBound }
    return links
  }

  /// Where the first link inside `rest` starts: a rest ends where the next address it held
  /// began.
  private static func linkStart(after rest: Range<Int>, in links: [Link]) -> Int {
    // Links are appended in order within one visit; the one after this rest's start is next.
    var low = 0
    var high = links.count
    while low < high {
      let middle = (low + high) / 2
      if links[middle].range.lowerBound < rest.lowerBound {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < links.count ? min(links[low].range.lowerBound, rest.upperBound) : rest.upperBound
  }

  /// The address around the `@` at `at`, if it is one: a local part back to `from` at most
  /// (letters, digits, `.+-_`, and a `mailto:` or `xmpp:` before it), and a domain with a dot
  /// and one `@` in all, ending in a letter or a dot, less trailing punctuation.
  private static func address(
    around at: Int, from offset: Int, in text: UnsafeBufferPointer<UInt8>, node: Range<Int>,
    work: inout Int
  ) -> Link? {
    var isMailto = true
    var isXMPP = false
    var rewind = 0
    while rewind < at - offset {
      work += 1
      let byte = text[at - rewind - 1]
      if InlineCharacters.isAlphanumeric(byte) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      {
        rewind += 1
        continue
      }
      if byte == UInt8(ascii: ":") {
        if isProtocol("mailto:", endingAt: at - rewind, in: text, node: node) {
          isMailto = false
          rewind += 1
          continue
        }
        if isProtocol("xmpp:", endingAt: at - rewind, in: text, node: node) {
          isMailto = false
          isXMPP = true
          rewind += 1
          continue
        }
      }
      break
    }
    guard rewind > 0 else { return nil }
    var end = at
    var ats = 0
    var dots = 0
    while end < node.upperBound {
      work += 1
      let byte = text[end]
      if InlineCharacters.isAlphanumeric(byte) {
      } else if byte == UInt8(ascii: "@") {
        ats += 1
        // A second `@` fails the address whatever follows.
        if ats > 1 { return nil }
      } else if byte == UInt8(ascii: "."), end + 1 < node.upperBound,
        InlineCharacters.isAlphanumeric(text[end + 1])
      {
        dots += 1
      } else if byte == UInt8(ascii: "/") && isXMPP {
      } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
        break
      }
      end += 1
    }
    let length = end - at
    guard length >= 2, ats == 1, dots > 0,
      InlineCharacters.isLetter(text[end - 1]) || text[end - 1] == UInt8(ascii: ".")
    else { return nil }
    let trimmed = InlineParser.trimmedLinkEnd(text, at, end, work: &work)
    guard trimmed > at else { return nil }
    let range = (at - rewind)..<trimmed
    var url: [UInt8] = isMailto ? Array("mailto:".utf8) : []
    url += text[range]
    return Link(range: range, url: url)
  }

  /// Whether `protocol` (ending in `:`) ends at `end`, inside the node, after a byte that is
  /// not a letter or digit (or at the node's start).
  private static func isProtocol(
    _ protocolName: String, endingAt end: Int, in text: UnsafeBufferPointer<UInt8>,
    node: Range<Int>
  ) -> Bool {
    let length = protocolName.utf8.count
    let start = end - length
    guard start >= node.lowerBound,
      text[start..<end].elementsEqual(protocolName.utf8)
    else { return false }
    return start == node.lowerBound || !InlineCharacters.isAlphanumeric(text[start - 1])
  }
}
