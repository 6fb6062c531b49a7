extension InlineParser {
  // MARK: - GFM's extended autolinks: www. and scheme://

  /// Whether a `www.` autolink may start at `index`: after the start, white space, or one of
  /// `*_~(`, and outside link and image text.
  func mayStartWWW(at index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if index > 0 {
      let before = bytes[index - 1]
      guard
        InlineCharacters.isSpace(before) || before == UInt8(ascii: "*")
          || before == UInt8(ascii: "_") || before == UInt8(ascii: "~")
          || before == UInt8(ascii: "(")
      else { return false }
    }
    return index + 4 <= bytes.count && bytes[index + 1] == UInt8(ascii: "w")
      && bytes[index + 2] == UInt8(ascii: "w") && bytes[index + 3] == UInt8(ascii: ".")
      && !brackets.suppressesAutolinks
  }

  /// `www.domain…` up to white space, less trailing punctuation: a link to `http://` and it.
  mutating func wwwAutolink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard mayStartWWW(at: position, bytes) else { return false }
    guard domainEnd(from: position, allowsShort: false, bytes) != nil else { return false }
    let end = linkEnd(from: position, bytes)
    guard end > position else { return false }
    var url = Array("http://".utf8)
    url += bytes[position..<end]
    appendLink(url: url, text: InlineToken(.text, position, end))
    position = end
    return true
  }

  /// `scheme://domain…` at a `:` after `http`, `https` or `ftp` (letters before the `:`, taken
  /// back from the text before), up to white space, less trailing punctuation.
  mutating func urlAutolink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let colon = position
    guard colon + 4 <= bytes.count, bytes[colon + 1] == UInt8(ascii: "/"),
      bytes[colon + 2] == UInt8(ascii: "/"), !brackets.suppressesAutolinks
    else { return false }
    var rewind = 0
    while rewind < colon, InlineCharacters.isLetter(bytes[colon - rewind - 1]) {
      rewind += 1
      work += 1
    }
    let start = colon - rewind
    guard Self.isSafeScheme(at: start, bytes) else { return false }
    guard domainEnd(from: colon + 3, allowsShort: true, bytes) != nil else { return false }
    let end = linkEnd(from: colon, bytes)
    guard end > colon else { return false }
    // The scheme's letters were text already: they move into the link.
    var remaining = rewind
    var index = tokens.count - 1
    while remaining > 0, index >= 0, tokens[index].kind == .text {
      let length = Int(tokens[index].end - tokens[index].start)
      let taken = min(length, remaining)
      tokens[index].end -= Int32(taken)
      remaining -= taken
      index -= 1
    }
    appendLink(url: Array(bytes[start..<end]), text: InlineToken(.text, start, end))
    position = end
    return true
  }

  /// Whether `http://`, `https://` or `ftp://` (in any case) starts at `start`, with a
  /// letter or digit of any script after it.
  private static func isSafeScheme(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for scheme in ["http://", "https://", "ftp://"] {
      let count = scheme.utf8.count
      guard start + count < bytes.count else { continue }
      let matches = zip(scheme.utf8, bytes[start..<(start + count)]).allSatisfy {
        $0 == $1 | (InlineCharacters.isLetter($1) ? 0x20 : 0)
      }
      if matches && isHostCharacter(at: start + count, bytes) { return true }
    }
    return false
  }

  /// Whether a character of a host name starts at `index`: a scalar that is neither white
  /// space nor punctuation (a byte inside a scalar is not one).
  static func isHostCharacter(at index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let scalar = InlineCharacters.scalar(at: index, in: bytes) else { return false }
    return !InlineCharacters.isUnicodeSpace(scalar)
      && !InlineCharacters.isUnicodePunctuation(scalar)
  }

  /// Checks the domain after `start` (its first byte is not looked at): host characters,
  /// dots, hyphens and underscores, with no underscore in the last two labels, and a dot
  /// unless `allowsShort`. Returns where it ends, or `nil`.
  ///
  /// Every start inside one stretch of such bytes ends at the same place, so the stretch is
  /// read once and remembered (``DomainRun``): a line of `www.a_` repeated starts a check at
  /// each of its `www.`, and each would read to the line's end.
  private mutating func domainEnd(
    from start: Int, allowsShort: Bool, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    let first = start + 1
    // The last byte of the subject is never looked at.
    let limit = max(bytes.count - 1, first)
    if !(domainRun.start <= first && first <= domainRun.end && domainRun.end <= limit) {
      domainRun = DomainRun(from: first, limit: limit, bytes, work: &work)
    }
    let run = domainRun
    let underscores: Bool
    let dots: Int
    if first <= run.secondLastDot {
      dots = 2
      underscores = run.underscoresAfterLastDot || run.underscoresBetweenLastDots
    } else if first <= run.lastDot {
      dots = 1
      underscores = run.underscoresAfterLastDot || run.lastUnderscoreBeforeLastDot >= first
    } else {
      dots = 0
      underscores = run.lastUnderscore >= first
    }
    if underscores { return nil }
    if !allowsShort && dots == 0 { return nil }
    return run.end
  }

  /// A stretch of domain bytes read once: where it ends, its last two dots, and its
  /// underscores.
  struct DomainRun {
    var start = Int.max
    var end = -1
    var lastDot = -1
    var secondLastDot = -1
    var underscoresAfterLastDot = false
    var underscoresBetweenLastDots = false
    var lastUnderscoreBeforeLastDot = -1
    var lastUnderscore = -1

    init() {}

    init(from first: Int, limit: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) {
      start = first
      var index = first
      var underscoresInLabel = 0
      var underscoresInPreviousLabel = 0
      while index < limit {
        work += 1
        let byte = bytes[index]
        if byte == UInt8(ascii: "_") {
          underscoresInLabel += 1
          lastUnderscore = index
        } else if byte == UInt8(ascii: ".") {
          underscoresInPreviousLabel = underscoresInLabel
          underscoresInLabel = 0
          secondLastDot = lastDot
          lastDot = index
          lastUnderscoreBeforeLastDot = lastUnderscore
        } else if byte != UInt8(ascii: "-") && !InlineParser.isHostCharacter(at: index, bytes) {
          break
        }
        index += 1
      }
      end = index
      underscoresAfterLastDot = underscoresInLabel > 0
      underscoresBetweenLastDots = lastDot >= 0 && underscoresInPreviousLabel > 0
    }
  }

  /// Where a GFM autolink starting at `start` ends: at white space, less what
  /// ``trimmedLinkEnd(_:_:_:work:)`` takes off.
  private mutating func linkEnd(from start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let end =
      nextSpace.find(from: start, bytes, work: &work, { InlineCharacters.isSpace(bytes[$0]) })
      ?? bytes.count
    return Self.trimmedLinkEnd(bytes, start, max(end, start), work: &work)
  }

  /// GFM's end of an autolink over `start..<end`: before the first `<`, then without trailing
  /// punctuation (`?!.,:*_~'"`), an entity-like `&name;`, or a `)` that has no `(` in the link.
  static func trimmedLinkEnd(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, work: inout Int
  ) -> Int {
    var end = end
    var index = start
    while index < end {
      work += 1
      if bytes[index] == UInt8(ascii: "<") {
        end = index
        break
      }
      index += 1
    }
    // Parentheses are counted once, when the first `)` is looked at, then kept up to date.
    var opening = -1
    var closing = 0
    while end > start {
      work += 1
      switch bytes[end - 1] {
      case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ","),
        UInt8(ascii: ":"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "'"), UInt8(ascii: "\""):
        end -= 1
      case UInt8(ascii: ";"):
        var entityStart = end - 2
        while entityStart > start, InlineCharacters.isLetter(bytes[entityStart]) {
          entityStart -= 1
          work += 1
        }
        if entityStart < end - 2, entityStart >= start, bytes[entityStart] == UInt8(ascii: "&") {
          end = entityStart
        } else {
          end -= 1
        }
      case UInt8(ascii: ")"):
        if opening < 0 {
          opening = 0
          for index in start..<end {
            work += 1
            if bytes[index] == UInt8(ascii: "(") {
              opening += 1
            } else if bytes[index] == UInt8(ascii: ")") {
              closing += 1
            }
          }
        }
        if closing <= opening { return end }
        end -= 1
        closing -= 1
      default:
        return end
      }
    }
    return end
  }
}
