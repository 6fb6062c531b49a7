/// The scans that find where a code span, raw HTML, a link destination or title, or an
/// autolink in angle brackets ends, as CommonMark's grammar (and cmark-gfm's scanners, which
/// take the longest match) reads them.
///
/// A scan that can run to the end of the paragraph without finding its end is answered from an
/// index or a memo built once per paragraph: the last backtick runs by length, the ends of
/// processing instructions and CDATA sections from every position, the next `>` and the next
/// `--`. So a paragraph of a million `<?` costs one pass, where a scan per `<?` costs a
/// million passes.
struct InlineScanner {
  private let count: Int
  /// Where the last run of backticks of each length up to 80 seen by a search starts, and
  /// whether a search has read to the end of the paragraph.
  private var lastBacktickRun: [Int] = []
  private var hasSearchedBackticks = false
  /// For each position, where a processing instruction whose body starts there ends.
  private var processingInstructionEnds: [Int32]? = nil
  /// For each position, where a CDATA section whose body starts there ends.
  private var cdataEnds: [Int32]? = nil
  /// The last answers for the next `>` and the next `--`.
  private var nextGreaterThan = NextOccurrence()
  private var nextDoubleHyphen = NextOccurrence()

  init(count: Int) {
    self.count = count
  }

  /// A memo of the next occurrence of a pattern at or after a position: queries at increasing
  /// positions cost one pass in all.
  struct NextOccurrence {
    var from = Int.max
    var found = -1

    mutating func find(
      from start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int,
      _ matches: (Int) -> Bool
    ) -> Int? {
      if start >= from && (found < 0 || found >= start) { return found < 0 ? nil : found }
      var index = start
      while index < bytes.count && !matches(index) {
        index += 1
        work += 1
      }
      from = start
      found = index < bytes.count ? index : -1
      return found < 0 ? nil : found
    }
  }

  // MARK: - Code spans

  /// Where the run of exactly `length` backticks that closes a code span opened before
  /// `start` begins, or `nil` (runs longer than 80 never close).
  ///
  /// This is cmark-gfm's search, memo included: the first search that reaches the end
  /// without a closer marks the paragraph searched, and from then on a length whose last run
  /// seen lies before `start` has no closer. Every search updates the last run seen of each
  /// length, so after a code span closes early, a later span of its length is not looked for
  /// (`` `` `a` `b` `` shows `b` with its backticks, as cmark-gfm 0.29 does). Each search
  /// either ends at once or ends at a closer, and the span consumes what it read, so the
  /// searches read the paragraph about once.
  mutating func closingBackticks(
    length: Int, from start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int
  ) -> Int? {
    guard length <= 80 else { return nil }
    if lastBacktickRun.isEmpty { lastBacktickRun = [Int](repeating: 0, count: 81) }
    if hasSearchedBackticks && lastBacktickRun[length] <= start { return nil }
    var index = start
    while true {
      // The next backtick through memchr: a search that finds no closer reads to the end of
      // the paragraph, byte by byte a third of a description's parse of code spans.
      let next = bytes.firstIndex(of: UInt8(ascii: "`"), in: index..<bytes.count) ?? bytes.count
      work += next - index
      index = next
      guard index < bytes.count else { break }
      let run = index
      while index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
      if index - run <= 80 { lastBacktickRun[index - run] = run }
      if index - run == length { return run }
    }
    hasSearchedBackticks = true
    return nil
  }

  // MARK: - Autolinks in angle brackets

  /// `scheme:…>` after a `<`: the length up to and with the `>`.
  static func autolinkURI(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int)
    -> Int?
  {
    var index = start
    guard index < bytes.count, InlineCharacters.isLetter(bytes[index]) else { return nil }
    index += 1
    while index < bytes.count, index - start < 32, isSchemeCharacter(bytes[index]) { index += 1 }
    guard index - start >= 2, index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      return nil
    }
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      work += 1
      if byte == UInt8(ascii: ">") { return index + 1 - start }
      if byte <= 0x20 || byte == UInt8(ascii: "<") { return nil }
      index += 1
    }
    return nil
  }

  private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
    InlineCharacters.isAlphanumeric(byte) || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
  }

  /// `local@domain>` after a `<`: the length up to and with the `>`.
  static func autolinkEmail(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int)
    -> Int?
  {
    var index = start
    while index < bytes.count, isEmailLocalCharacter(bytes[index]) {
      index += 1
      work += 1
    }
    guard index > start, index < bytes.count, bytes[index] == UInt8(ascii: "@") else {
      return nil
    }
    index += 1
    // Labels of 1 to 63 letters, digits and inner hyphens, joined by dots, then `>`.
    while true {
      let labelStart = index
      while index < bytes.count,
        InlineCharacters.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
        work += 1
      }
      let label = labelStart..<index
      guard !label.isEmpty, label.count <= 63,
        InlineCharacters.isAlphanumeric(bytes[label.lowerBound]),
        InlineCharacters.isAlphanumeric(bytes[label.upperBound - 1]), index < bytes.count
      else { return nil }
      if bytes[index] == UInt8(ascii: ">") { return index + 1 - start }
      guard bytes[index] == UInt8(ascii: ".") else { return nil }
      index += 1
    }
  }

  private static func isEmailLocalCharacter(_ byte: UInt8) -> Bool {
    if InlineCharacters.isAlphanumeric(byte) { return true }
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
      UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"),
      UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "?"),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "{"),
      UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"), UInt8(ascii: "-"):
      return true
    default: return false
    }
  }

  // MARK: - Raw HTML

  /// An HTML tag, comment, processing instruction, declaration or CDATA section after a `<`:
  /// its length from `start`, the closing `>` included.
  mutating func htmlTag(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int)
    -> Int?
  {
    guard start < bytes.count else { return nil }
    switch bytes[start] {
    case UInt8(ascii: "/"): return Self.closingTag(at: start, bytes, work: &work)
    case UInt8(ascii: "?"):
      if processingInstructionEnds == nil {
        processingInstructionEnds = Self.processingInstructionEnds(bytes)
        work += bytes.count
      }
      let end = Int(processingInstructionEnds![start + 1])
      return end < 0 ? nil : end - start
    case UInt8(ascii: "!"): return declarationOrComment(at: start, bytes, work: &work)
    default:
      return InlineCharacters.isLetter(bytes[start])
        ? Self.openingTag(at: start, bytes, work: &work) : nil
    }
  }

  /// `tag attributes… />`: a tag name, attributes each after white space (a name, and `=`
  /// and a value, unquoted or in quotes), white space, an optional `/`, and `>`.
  static func openingTag(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int)
    -> Int?
  {
    var index = start + 1
    while index < bytes.count,
      InlineCharacters.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-")
    {
      index += 1
    }
    while true {
      work += 1
      var next = index
      while next < bytes.count, isSpaceCharacter(bytes[next]) { next += 1 }
      guard next < bytes.count else { return nil }
      if bytes[next] == UInt8(ascii: ">") { return next + 1 - start }
      if bytes[next] == UInt8(ascii: "/") {
        return next + 1 < bytes.count && bytes[next + 1] == UInt8(ascii: ">")
          ? next + 2 - start : nil
      }
      guard next > index, isAttributeNameStart(bytes[next]) else { return nil }
      next += 1
      while next < bytes.count, isAttributeNameCharacter(bytes[next]) { next += 1 }
      index = next
      // A value: spaces, `=`, spaces and the value. Without `=`, the spaces are the next
      // attribute's.
      var value = next
      while value < bytes.count, isSpaceCharacter(bytes[value]) { value += 1 }
      guard value < bytes.count, bytes[value] == UInt8(ascii: "=") else { continue }
      value += 1
      while value < bytes.count, isSpaceCharacter(bytes[value]) { value += 1 }
      guard value < bytes.count else { return nil }
      let quote = bytes[value]
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        var end = value + 1
        while end < bytes.count, bytes[end] != quote {
          end += 1
          work += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
      } else {
        var end = value
        while end < bytes.count, isUnquotedValueCharacter(bytes[end]) {
          end += 1
          work += 1
        }
        guard end > value else { return nil }
        index = end
      }
    }
  }

  /// `/tag >`.
  private static func closingTag(
    at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int
  ) -> Int? {
    var index = start + 1
    guard index < bytes.count, InlineCharacters.isLetter(bytes[index]) else { return nil }
    while index < bytes.count,
      InlineCharacters.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-")
    {
      index += 1
    }
    while index < bytes.count, isSpaceCharacter(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return nil }
    return index + 1 - start
  }

  /// After `<!`: a comment (`<!-- … -->`), a CDATA section (`<![CDATA[ … ]]>`) or a
  /// declaration (`<!NAME …>`).
  private mutating func declarationOrComment(
    at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int
  ) -> Int? {
    let rest = UnsafeBufferPointer(rebasing: bytes[(start + 1)...])
    if rest.starts(with: "--".utf8) {
      // `<!---->`, or a body that does not start with `>` or `->`, holds no `--`, and ends
      // with `-->`.
      if rest.starts(with: "---->".utf8) { return 6 }
      var body = start + 3
      guard body < bytes.count else { return nil }
      if bytes[body] == UInt8(ascii: "-") { body += 1 }
      guard body < bytes.count, bytes[body] != UInt8(ascii: ">"),
        bytes[body] != UInt8(ascii: "-")
      else { return nil }
      body += 1
      guard
        let hyphens = nextDoubleHyphen.find(
          from: body, bytes, work: &work,
          { $0 + 1 < bytes.count && bytes[$0] == 0x2D && bytes[$0 + 1] == 0x2D })
      else { return nil }
      guard hyphens + 2 < bytes.count, bytes[hyphens + 2] == UInt8(ascii: ">") else {
        return nil
      }
      return hyphens + 3 - start
    }
    if rest.starts(with: "[CDATA[".utf8) {
      if cdataEnds == nil {
        cdataEnds = Self.cdataEnds(bytes)
        work += bytes.count
      }
      let end = Int(cdataEnds![start + 8])
      return end < 0 ? nil : end - start
    }
    // A declaration: capital letters, white space, anything up to the first `>`.
    var index = start + 1
    while index < bytes.count, (0x41...0x5A).contains(bytes[index]) { index += 1 }
    guard index > start + 1 else { return nil }
    let letters = index
    while index < bytes.count, Self.isSpaceCharacter(bytes[index]) { index += 1 }
    guard index > letters else { return nil }
    guard
      let end = nextGreaterThan.find(
        from: index, bytes, work: &work, { bytes[$0] == UInt8(ascii: ">") })
    else { return nil }
    return end + 1 - start
  }

  /// For each position `p`, where a processing instruction whose body starts at `p` ends (the
  /// offset after its `?>`), or -1: a `?` takes the byte after it along unless that is the
  /// `>` that ends the instruction.
  private static func processingInstructionEnds(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int32] {
    var ends = [Int32](repeating: -1, count: bytes.count + 2)
    var position = bytes.count - 1
    while position >= 0 {
      if bytes[position] == UInt8(ascii: "?") {
        if position + 1 < bytes.count {
          ends[position] =
            bytes[position + 1] == UInt8(ascii: ">") ? Int32(position + 2) : ends[position + 2]
        }
      } else {
        ends[position] = ends[position + 1]
      }
      position -= 1
    }
    return ends
  }

  /// For each position `p`, where a CDATA section whose body starts at `p` ends (after its
  /// `]]>`), or -1: a `]` takes the byte after it along, `]]` the one after them, unless that
  /// is the `>` that ends the section.
  private static func cdataEnds(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int32] {
    var ends = [Int32](repeating: -1, count: bytes.count + 4)
    var position = bytes.count - 1
    while position >= 0 {
      if bytes[position] == UInt8(ascii: "]") {
        if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "]") {
          if position + 2 < bytes.count {
            ends[position] =
              bytes[position + 2] == UInt8(ascii: ">") ? Int32(position + 3) : ends[position + 3]
          }
        } else if position + 1 < bytes.count {
          ends[position] = ends[position + 2]
        }
      } else {
        ends[position] = ends[position + 1]
      }
      position -= 1
    }
    return ends
  }

  private static func isSpaceCharacter(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func isAttributeNameStart(_ byte: UInt8) -> Bool {
    InlineCharacters.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }

  private static func isAttributeNameCharacter(_ byte: UInt8) -> Bool {
    InlineCharacters.isAlphanumeric(byte) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
  }

  private static func isUnquotedValueCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x00, 0x09...0x0D, 0x20, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"):
      return false
    default: return true
    }
  }

  // MARK: - Link destinations and titles

  /// The length of the white space (line feeds included) at `start`.
  static func spaceCharacters(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = start
    while index < bytes.count, isSpaceCharacter(bytes[index]) { index += 1 }
    return index - start
  }

  /// A link destination: `<…>` (no line feed or `<` inside), or bytes up to white space with
  /// balanced parentheses (32 levels at most). Returns its length and the destination's own
  /// bytes.
  static func linkDestination(
    at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int
  ) -> (length: Int, destination: Range<Int>)? {
    if start < bytes.count, bytes[start] == UInt8(ascii: "<") {
      var index = start + 1
      while index < bytes.count {
        work += 1
        let byte = bytes[index]
        if byte == UInt8(ascii: ">") {
          index += 1
          break
        } else if byte == UInt8(ascii: "\\") {
          index += 2
        } else if byte == 0x0A || byte == UInt8(ascii: "<") {
          return nil
        } else {
          index += 1
        }
      }
      guard index < bytes.count else { return nil }
      return (index - start, (start + 1)..<(index - 1))
    }
    var index = start
    var depth = 0
    while index < bytes.count {
      work += 1
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
        InlineCharacters.isPunctuation(bytes[index + 1])
      {
        index += 2
      } else if byte == UInt8(ascii: "(") {
        depth += 1
        index += 1
        if depth > 32 { return nil }
      } else if byte == UInt8(ascii: ")") {
        if depth == 0 { break }
        depth -= 1
        index += 1
      } else if InlineCharacters.isSpace(byte) {
        if index == start { return nil }
        break
      } else {
        index += 1
      }
    }
    guard index < bytes.count else { return nil }
    return (index - start, start..<index)
  }

  /// A link title in `"…"`, `'…'` or `(…)`: its length, or 0.
  ///
  /// The grammar lets a backslash escape the closing character, and a backslash be a
  /// character of its own, so a closing character after a backslash may end the title or
  /// not: the longest reading wins, which ends at the first closing character with no
  /// backslash before it, or else at the last one with a backslash.
  mutating func linkTitle(at start: Int, _ bytes: UnsafeBufferPointer<UInt8>, work: inout Int)
    -> Int
  {
    guard start < bytes.count else { return 0 }
    let open = bytes[start]
    let close: UInt8
    switch open {
    case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
    case UInt8(ascii: "("): close = UInt8(ascii: ")")
    default: return 0
    }
    var lastEscaped = -1
    var index = start + 1
    while index < bytes.count {
      work += 1
      let byte = bytes[index]
      let isEscaped = index - 1 > start && bytes[index - 1] == UInt8(ascii: "\\")
      if byte == close {
        if !isEscaped { return index + 1 - start }
        lastEscaped = index
      } else if open == UInt8(ascii: "("), byte == UInt8(ascii: "("), !isEscaped {
        break
      }
      index += 1
    }
    return lastEscaped < 0 ? 0 : lastEscaped + 1 - start
  }
}
