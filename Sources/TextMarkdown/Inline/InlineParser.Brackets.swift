extension InlineParser {
  /// The bracket stack: each `[` and `![` that may still open a link or an image.
  ///
  /// Two walks of the reference are kept as numbers instead. After a link, every `[` below
  /// becomes inactive (links do not nest): a bracket is active when it was pushed after the
  /// last link. And the reference marks, after a link, the `![` brackets above the nearest
  /// inactive `[` as inside an image or not, which decides whether a bare URL may become an
  /// autolink there: that is an override, valid for brackets pushed before it, kept on a stack
  /// where a newer override hides the older ones it covers.
  struct Brackets {
    struct Item {
      var token: Int
      var isImage: Bool
      /// When it was pushed, counted in pushes and links.
      var serial: Int
      /// The last delimiter when it was pushed: emphasis inside the link stays above it.
      var delimiterBottom: Int
      /// Whether a `[` is at or below it.
      var isInLinkText: Bool
      /// Whether a `![` is at or below it, as pushed (see ``Brackets/isInImage(_:)``).
      var isInImageText: Bool
    }

    struct Override {
      /// The lowest stack index it covers, up to the top when it was made.
      var low: Int
      var value: Bool
      var serial: Int
    }

    var items: [Item] = []
    /// The stack indices of the `[` brackets (not `![`), in order.
    var linkOpeners: [Int] = []
    var overrides: [Override] = []
    var serial = 0
    /// The serial of the last link.
    var lastLink = -1

    /// Whether a bare URL at this point is inside link or image text, where GFM's extended
    /// autolinks do not start.
    var suppressesAutolinks: Bool {
      guard let top = items.indices.last else { return false }
      return items[top].isInLinkText || isInImage(top)
    }

    /// Whether the bracket at `index` counts as inside an image, overrides applied.
    func isInImage(_ index: Int) -> Bool {
      let item = items[index]
      guard item.isImage else { return item.isInImageText }
      // The newest override covering `index` is the topmost one as low as it.
      var position = overrides.count - 1
      while position >= 0 && overrides[position].low > index { position -= 1 }
      if position >= 0 && overrides[position].serial > item.serial {
        return overrides[position].value
      }
      return item.isInImageText
    }

    func isActive(_ index: Int) -> Bool {
      items[index].isImage || items[index].serial > lastLink
    }

    mutating func push(token: Int, isImage: Bool, delimiterBottom: Int) {
      serial += 1
      var item = Item(
        token: token, isImage: isImage, serial: serial, delimiterBottom: delimiterBottom,
        isInLinkText: !isImage, isInImageText: isImage)
      if let top = items.indices.last {
        item.isInLinkText = item.isInLinkText || items[top].isInLinkText
        item.isInImageText = item.isInImageText || isInImage(top)
      }
      items.append(item)
      if !isImage { linkOpeners.append(items.count - 1) }
    }

    mutating func pop() {
      items.removeLast()
      if linkOpeners.last == items.count { linkOpeners.removeLast() }
      while let last = overrides.last, last.low >= items.count { overrides.removeLast() }
    }

    /// After a link: the `[` brackets below become inactive, and the `![` brackets above the
    /// nearest `[` that already was take its image state.
    mutating func closeLink() {
      // The active `[` are the top of their stack: each is passed once, then inactive.
      var position = linkOpeners.count - 1
      while position >= 0 && items[linkOpeners[position]].serial > lastLink { position -= 1 }
      let index = position >= 0 ? linkOpeners[position] : -1
      let value = index >= 0 ? items[index].isInImageText : false
      serial += 1
      lastLink = serial
      let low = index + 1
      if low < items.count {
        while let last = overrides.last, last.low >= low { overrides.removeLast() }
        overrides.append(Override(low: low, value: value, serial: serial))
      }
    }
  }

  mutating func pushBracket(isImage: Bool) {
    brackets.push(token: tokens.count - 1, isImage: isImage, delimiterBottom: delimiters.last)
  }

  // MARK: - Links

  /// A `]`: the end of a link or image when an inline destination follows and its bracket
  /// is active, else text. (Reference links need definitions, which a paragraph of inline
  /// Markdown never has.)
  mutating func handleCloseBracket(_ bytes: UnsafeBufferPointer<UInt8>) {
    let close = position
    position += 1
    guard let top = brackets.items.indices.last else {
      tokens.append(InlineToken(.text, close, close + 1))
      return
    }
    guard brackets.isActive(top) else {
      brackets.pop()
      tokens.append(InlineToken(.text, close, close + 1))
      return
    }
    guard let (url, end) = inlineLink(at: position, bytes) else {
      brackets.pop()
      tokens.append(InlineToken(.text, close, close + 1))
      return
    }
    position = end
    let bracket = brackets.items[top]
    urls.append(url)
    let opener = bracket.token
    tokens[opener] = InlineToken(
      bracket.isImage ? .imageStart : .linkStart, 0, 0, count: urls.count - 1)
    tokens.append(InlineToken(bracket.isImage ? .imageEnd : .linkEnd, 0, 0))
    processEmphasis(above: bracket.delimiterBottom, bytes)
    brackets.pop()
    if !bracket.isImage {
      // Reads the stack as it stands after the pop, as the reference does.
      brackets.closeLink()
    }
  }

  /// An inline destination after `](`: spaces, the destination, spaces and a title, spaces
  /// and `)`. Returns the cleaned destination and where the link ends.
  private mutating func inlineLink(
    at start: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> (url: [UInt8], end: Int)? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "(") else { return nil }
    let destinationStart = start + 1 + InlineScanner.spaceCharacters(at: start + 1, bytes)
    guard
      let (length, destination) = InlineScanner.linkDestination(
        at: destinationStart, bytes, work: &work)
    else { return nil }
    let destinationEnd = destinationStart + length
    let titleStart = destinationEnd + InlineScanner.spaceCharacters(at: destinationEnd, bytes)
    let titleEnd =
      titleStart == destinationEnd
      ? titleStart : titleStart + scanner.linkTitle(at: titleStart, bytes, work: &work)
    let end = titleEnd + InlineScanner.spaceCharacters(at: titleEnd, bytes)
    guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return nil }
    return (Self.cleanURL(UnsafeBufferPointer(rebasing: bytes[destination])), end + 1)
  }

  /// A destination as CommonMark reads it: without surrounding white space, character
  /// references decoded, then backslash escapes.
  static func cleanURL(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var start = 0
    var end = bytes.count
    while start < end, InlineCharacters.isSpace(bytes[start]) { start += 1 }
    while end > start, InlineCharacters.isSpace(bytes[end - 1]) { end -= 1 }
    guard start < end else { return [] }
    var decoded: [UInt8] = []
    CharacterReferences.appendDecoding(
      UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &decoded)
    var result: [UInt8] = []
    result.reserveCapacity(decoded.count)
    var index = 0
    while index < decoded.count {
      if decoded[index] == UInt8(ascii: "\\"), index + 1 < decoded.count,
        InlineCharacters.isPunctuation(decoded[index + 1])
      {
        index += 1
      }
      result.append(decoded[index])
      index += 1
    }
    return result
  }
}
