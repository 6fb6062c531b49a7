/// CommonMark's inline parser for one paragraph, with GFM's strikethrough and extended
/// autolinks, written to be linear in the paragraph's length whatever it holds.
///
/// It follows the reference algorithm (the delimiter stack of emphasis, the bracket stack of
/// links) as cmark-gfm 0.29 runs it, the oracle its tests compare with, but keeps no scan that
/// could run again over text another scan has read:
///
/// - Emphasis: an opener is searched among delimiters of the closer's own character only,
///   below the bottom the reference keeps for the closer's class, and past any stretch that an
///   earlier search with the same rule found holds no opener (``InlineParser/Delimiters``).
/// - Links: the reference's walk that deactivates earlier `[` openers after a link, and the
///   one that tells autolinks they are inside an image, are kept as a serial number and a
///   stack of overrides (``InlineParser/Brackets``).
/// - Code spans, raw HTML, link titles and autolinks find their ends with indexes or memos
///   over the subject, built once (``InlineScanner``).
///
/// A ``work`` counter counts the steps of every loop whose length is not fixed by the bytes
/// it consumes, so tests can check that the work stays within a constant times the input.
struct InlineParser {
  /// The paragraph's inline content: its lines without indentation, each but the last with
  /// its trailing white space, joined by line feeds.
  let subject: [UInt8]
  var tokens: [InlineToken] = []
  var marks: [InlineMark] = []
  /// Decoded text of character references and autolinks.
  var decoded: [UInt8] = []
  /// Link destinations, cleaned as CommonMark cleans them.
  var urls: [[UInt8]] = []
  var position = 0
  /// Steps of the loops whose count is not the input's own (see the type's documentation).
  var work = 0

  var delimiters = Delimiters()
  var brackets = Brackets()
  var scanner: InlineScanner
  /// The last domain an extended autolink checked, and the next white space after one.
  var domainRun = DomainRun()
  var nextSpace = InlineScanner.NextOccurrence()

  init(subject: [UInt8]) {
    self.subject = subject
    scanner = InlineScanner(count: subject.count)
    // About one token for every 16 bytes of a description's paragraph: grown from empty by
    // doubling, the array was allocated and copied seven times a description.
    tokens.reserveCapacity(8 + subject.count / 16)
  }

  /// Parses the whole subject into ``tokens``, then lays them out as events with the e-mail
  /// autolinks of the text.
  mutating func parse() -> [InlineEvent] {
    subject.withUnsafeBufferPointer { bytes in
      while position < bytes.count {
        parseInline(bytes)
      }
      processEmphasis(above: -1, bytes)
    }
    let events = events()
    return mayHoldEmail ? linkingEmails(in: events) : events
  }

  // MARK: - One inline

  private mutating func parseInline(_ bytes: UnsafeBufferPointer<UInt8>) {
    let byte = bytes[position]
    switch byte {
    case 0x0A: handleNewline(bytes)
    case UInt8(ascii: "`"): handleBackticks(bytes)
    case UInt8(ascii: "\\"): handleBackslash(bytes)
    case UInt8(ascii: "&"): handleEntity(bytes)
    case UInt8(ascii: "<"): handlePointyBrace(bytes)
    case UInt8(ascii: "*"), UInt8(ascii: "_"): handleEmphasisDelimiter(byte, bytes)
    case UInt8(ascii: "~"): handleTilde(bytes)
    case UInt8(ascii: "["):
      tokens.append(InlineToken(.text, position, position + 1))
      pushBracket(isImage: false)
      position += 1
    case UInt8(ascii: "]"): handleCloseBracket(bytes)
    case UInt8(ascii: "!"):
      if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "["),
        position + 2 >= bytes.count || bytes[position + 2] != UInt8(ascii: "^")
      {
        tokens.append(InlineToken(.text, position, position + 2))
        pushBracket(isImage: true)
        position += 2
      } else {
        tokens.append(InlineToken(.text, position, position + 1))
        position += 1
      }
    default:
      if byte == UInt8(ascii: "w"), wwwAutolink(bytes) { return }
      if byte == UInt8(ascii: ":"), urlAutolink(bytes) { return }
      text(bytes)
    }
  }

  /// Plain text up to the next byte that may start something else.
  private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    let start = position
    var end = position + 1
    // Read through a pointer: the static array's subscript checked its bounds at every byte.
    Self.isSpecial.withUnsafeBufferPointer { isSpecial in
      while end < bytes.count {
        // Four bytes a step while none of them is special (most of a paragraph's text): one
        // test and branch for four table reads, then byte by byte from the four that hold one.
        while end + 4 <= bytes.count,
          isSpecial[Int(bytes[end])] | isSpecial[Int(bytes[end + 1])]
            | isSpecial[Int(bytes[end + 2])] | isSpecial[Int(bytes[end + 3])] == 0
        {
          end += 4
        }
        guard end < bytes.count else { break }
        let byte = bytes[end]
        if isSpecial[Int(byte)] != 0 {
          // An autolink can start only at "www." after a space or `*_~(`, or at "://".
          if byte == UInt8(ascii: "w") {
            if mayStartWWW(at: end, bytes) { break }
          } else if byte == UInt8(ascii: ":") {
            if end + 2 < bytes.count, bytes[end + 1] == UInt8(ascii: "/"),
              bytes[end + 2] == UInt8(ascii: "/")
            {
              break
            }
          } else {
            break
          }
        }
        end += 1
      }
    }
    tokens.append(InlineToken(.text, start, end))
    position = end
  }

  /// The bytes at which ``text(_:)`` stops: line feed, `` ` ``, `\`, `&`, `<`, `*`, `_`,
  /// `~`, `[`, `]`, `!`, and `w` and `:` for autolinks: 1 for those, 0 for the others, so
  /// that the reads of four bytes combine with `|`.
  static let isSpecial: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in "\n`\\&<*_~[]!w:".utf8 { table[Int(byte)] = 1 }
    return table
  }()

  // MARK: - Line breaks, code, escapes, references

  /// A line feed: a hard break after two spaces, else a soft one. The spaces of a hard
  /// break are dropped from the text before it.
  private mutating func handleNewline(_ bytes: UnsafeBufferPointer<UInt8>) {
    let newline = position
    position += 1
    let isHard =
      newline > 1 && bytes[newline - 1] == 0x20 && bytes[newline - 2] == 0x20
    if isHard, let last = tokens.indices.last, tokens[last].kind == .text,
      Int(tokens[last].end) == newline
    {
      var end = newline
      while end > Int(tokens[last].start), bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 {
        end -= 1
      }
      tokens[last].end = Int32(end)
    }
    tokens.append(InlineToken(isHard ? .hardBreak : .softBreak, newline, newline + 1))
  }

  /// A code span, or the backticks as text when no run of the same length closes them.
  private mutating func handleBackticks(_ bytes: UnsafeBufferPointer<UInt8>) {
    var end = position
    while end < bytes.count, bytes[end] == UInt8(ascii: "`") { end += 1 }
    let length = end - position
    if let closer = scanner.closingBackticks(length: length, from: end, bytes, work: &work) {
      tokens.append(InlineToken(.code, end, closer))
      position = closer + length
    } else {
      tokens.append(InlineToken(.text, position, end))
      position = end
    }
  }

  /// An escaped ASCII punctuation character, a hard break before a line feed, or a
  /// backslash.
  private mutating func handleBackslash(_ bytes: UnsafeBufferPointer<UInt8>) {
    let next = position + 1
    if next < bytes.count, InlineCharacters.isPunctuation(bytes[next]) {
      tokens.append(InlineToken(.text, next, next + 1))
      position = next + 1
    } else if next < bytes.count, bytes[next] == 0x0A {
      tokens.append(InlineToken(.hardBreak, next, next + 1))
      position = next + 1
    } else {
      tokens.append(InlineToken(.text, position, next))
      position = next
    }
  }

  /// A character reference, or the `&` as text.
  private mutating func handleEntity(_ bytes: UnsafeBufferPointer<UInt8>) {
    let start = decoded.count
    if let taken = CharacterReferences.decode(at: position + 1, in: bytes, into: &decoded) {
      tokens.append(InlineToken(.decoded, start, decoded.count))
      position += 1 + taken
    } else {
      tokens.append(InlineToken(.text, position, position + 1))
      position += 1
    }
  }

  /// An autolink in angle brackets, raw HTML, or the `<` as text.
  private mutating func handlePointyBrace(_ bytes: UnsafeBufferPointer<UInt8>) {
    let after = position + 1
    if let length = InlineScanner.autolinkURI(at: after, bytes, work: &work) {
      autolink(contents: after..<(after + length - 1), isEmail: false, bytes)
      position = after + length
    } else if let length = InlineScanner.autolinkEmail(at: after, bytes, work: &work) {
      autolink(contents: after..<(after + length - 1), isEmail: true, bytes)
      position = after + length
    } else if let length = scanner.htmlTag(at: after, bytes, work: &work) {
      tokens.append(InlineToken(.html, position, after + length))
      position = after + length
    } else {
      tokens.append(InlineToken(.text, position, after))
      position = after
    }
  }

  /// A link whose text is its own destination with character references decoded, and whose
  /// destination has them decoded too (and `mailto:` before an e-mail address).
  private mutating func autolink(
    contents: Range<Int>, isEmail: Bool, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    var trimmed = contents
    while !trimmed.isEmpty, InlineCharacters.isSpace(bytes[trimmed.lowerBound]) {
      trimmed = (trimmed.lowerBound + 1)..<trimmed.upperBound
    }
    while !trimmed.isEmpty, InlineCharacters.isSpace(bytes[trimmed.upperBound - 1]) {
      trimmed = trimmed.lowerBound..<(trimmed.upperBound - 1)
    }
    var url: [UInt8] = []
    if !trimmed.isEmpty {
      if isEmail { url = Array("mailto:".utf8) }
      CharacterReferences.appendDecoding(UnsafeBufferPointer(rebasing: bytes[trimmed]), to: &url)
    }
    let text = decoded.count
    CharacterReferences.appendDecoding(UnsafeBufferPointer(rebasing: bytes[contents]), to: &decoded)
    appendLink(url: url, text: InlineToken(.decoded, text, decoded.count))
  }

  /// A link token around one piece of text.
  mutating func appendLink(url: [UInt8], text: InlineToken) {
    urls.append(url)
    tokens.append(InlineToken(.linkStart, 0, 0, count: urls.count - 1))
    tokens.append(text)
    tokens.append(InlineToken(.linkEnd, 0, 0))
  }
}
