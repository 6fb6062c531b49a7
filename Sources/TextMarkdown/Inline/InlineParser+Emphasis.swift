extension InlineParser {
  // MARK: - Delimiter runs

  /// A run of `*` or `_`: text, and a delimiter on the stack when it can open or close.
  ///
  /// The characters around the run decide it, by the flanking rules; a `~` next to the run
  /// is looked through, as cmark-gfm does while strikethrough is on.
  mutating func handleEmphasisDelimiter(_ character: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) {
    let start = position
    var end = position
    while end < bytes.count, bytes[end] == character { end += 1 }
    var before: UInt32 = 0x0A
    if start > 0 {
      var index = start - 1
      while (bytes[index] & 0xC0 == 0x80 || bytes[index] == UInt8(ascii: "~")) && index > 0 {
        index -= 1
      }
      if let scalar = InlineCharacters.scalar(at: index, in: bytes), scalar != 0x7E {
        before = scalar
      }
    }
    var after: UInt32 = 0x0A
    var afterIndex = end
    while afterIndex < bytes.count, bytes[afterIndex] == UInt8(ascii: "~") { afterIndex += 1 }
    if let scalar = InlineCharacters.scalar(at: afterIndex, in: bytes) { after = scalar }
    let flanking = Self.flanking(before: before, after: after)
    let (left, right) = (flanking.left, flanking.right)
    let canOpen: Bool
    let canClose: Bool
    if character == UInt8(ascii: "_") {
      canOpen = left && (!right || flanking.punctuationBefore)
      canClose = right && (!left || flanking.punctuationAfter)
    } else {
      canOpen = left
      canClose = right
    }
    tokens.append(InlineToken(.delimiter, start, end, count: end - start))
    if canOpen || canClose {
      delimiters.push(
        token: tokens.count - 1, character: character, canOpen: canOpen, canClose: canClose,
        length: end - start)
    }
    position = end
  }

  /// A run of `~`, at most 100 long (the rest starts a run of its own): text, and a delimiter
  /// when it is one or two long and flanking, as GFM's strikethrough reads it.
  mutating func handleTilde(_ bytes: UnsafeBufferPointer<UInt8>) {
    let start = position
    var end = position
    while end < bytes.count, end - start < 100, bytes[end] == UInt8(ascii: "~") { end += 1 }
    var before: UInt32 = 0x0A
    if start > 0 {
      var index = start - 1
      while bytes[index] & 0xC0 == 0x80 && index > 0 { index -= 1 }
      before = InlineCharacters.scalar(at: index, in: bytes) ?? 0x0A
    }
    let after = InlineCharacters.scalar(at: end, in: bytes) ?? 0x0A
    let flanking = Self.flanking(before: before, after: after)
    let (left, right) = (flanking.left, flanking.right)
    let length = end - start
    tokens.append(InlineToken(.delimiter, start, end, count: length))
    if (left || right) && (length == 1 || length == 2) {
      delimiters.push(
        token: tokens.count - 1, character: UInt8(ascii: "~"), canOpen: left, canClose: right,
        length: length)
    }
    position = end
  }

  /// CommonMark's left- and right-flanking rules for a delimiter run between two
  /// characters, and whether each is punctuation (which `_` asks again).
  static func flanking(before: UInt32, after: UInt32) -> (
    left: Bool, right: Bool, punctuationBefore: Bool, punctuationAfter: Bool
  ) {
    let spaceBefore = InlineCharacters.isUnicodeSpace(before)
    let spaceAfter = InlineCharacters.isUnicodeSpace(after)
    let punctuationBefore = InlineCharacters.isUnicodePunctuation(before)
    let punctuationAfter = InlineCharacters.isUnicodePunctuation(after)
    let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
    let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
    return (left, right, punctuationBefore, punctuationAfter)
  }

  // MARK: - Emphasis

  /// Matches the closers above delimiter `bottom` (-1: all of them) with openers above it,
  /// making emphasis, strong emphasis and strikethrough, then removes those delimiters: the
  /// reference's `process_emphasis`.
  ///
  /// Each closer looks down for the nearest opener of its character it may match (the rule
  /// of three included), no lower than where the last failed search of its class stopped, as
  /// the reference keeps `openers_bottom` per character and length modulo 3: a stop that a
  /// later match removed stops nothing, as the reference's pointer then matches nothing.
  /// Stretches a search found empty for its exact rule are remembered and jumped over.
  mutating func processEmphasis(above bottom: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
    var closer = bottom >= 0 ? delimiters.items[bottom].next : delimiters.first
    guard closer >= 0 else { return }
    var openersBottom = [Int](repeating: bottom, count: 9)
    delimiters.clearSkips()
    while closer >= 0 {
      let current = delimiters.items[closer]
      guard current.canClose else {
        closer = current.next
        continue
      }
      let classIndex = Delimiters.characterIndex(current.character) * 3 + current.length % 3
      let classBottom = openersBottom[classIndex]
      let stop =
        classBottom >= 0 && delimiters.items[classBottom].isAlive ? classBottom : bottom
      let opener = delimiters.findOpener(for: closer, above: stop, work: &work)
      if let opener {
        if current.character == UInt8(ascii: "~") {
          closer = insertStrikethrough(opener: opener, closer: closer)
        } else {
          closer = insertEmphasis(opener: opener, closer: closer)
        }
      } else {
        let next = current.next
        openersBottom[classIndex] = current.previous
        if !current.canOpen { delimiters.remove(closer) }
        closer = next
      }
    }
    delimiters.removeAll(above: bottom)
  }

  /// Uses one or two characters of each run for emphasis or strong emphasis between them;
  /// returns the closer to look at next (the same one while it has characters left).
  private mutating func insertEmphasis(opener: Int, closer: Int) -> Int {
    // Room for a paragraph's few marked words at once, instead of growing from one.
    if marks.capacity == 0 { marks.reserveCapacity(16) }
    let openerToken = delimiters.items[opener].token
    let closerToken = delimiters.items[closer].token
    let used: Int32 = tokens[openerToken].count >= 2 && tokens[closerToken].count >= 2 ? 2 : 1
    tokens[openerToken].count -= used
    tokens[closerToken].count -= used
    delimiters.removeBetween(opener, closer)
    let kind: InlineMark.Kind = used == 2 ? .strong : .emphasis
    // The newest emphasis wraps the ones made before it on both sides.
    marks.append(InlineMark(kind: kind, next: tokens[openerToken].opens))
    tokens[openerToken].opens = Int32(marks.count - 1)
    marks.append(InlineMark(kind: kind))
    let mark = Int32(marks.count - 1)
    if tokens[closerToken].lastClose >= 0 {
      marks[Int(tokens[closerToken].lastClose)].next = mark
    } else {
      tokens[closerToken].closes = mark
    }
    tokens[closerToken].lastClose = mark
    if tokens[openerToken].count == 0 { delimiters.remove(opener) }
    if tokens[closerToken].count == 0 {
      let next = delimiters.items[closer].next
      delimiters.remove(closer)
      return next
    }
    return closer
  }

  /// Strikethrough between two runs of `~` of one length; runs of different lengths stay
  /// text (the closer stays where it is, as in the reference). Returns the closer to look at
  /// next.
  private mutating func insertStrikethrough(opener: Int, closer: Int) -> Int {
    let next = delimiters.items[closer].next
    let openerToken = delimiters.items[opener].token
    let closerToken = delimiters.items[closer].token
    guard tokens[openerToken].count == tokens[closerToken].count else {
      // A closer that cannot open is never an opener: out of the searches, kept in the
      // stack, where it still counts as a stop and as a delimiter between others.
      if !delimiters.items[closer].canOpen { delimiters.retire(closer) }
      return next
    }
    tokens[openerToken].count = 0
    tokens[closerToken].count = 0
    marks.append(InlineMark(kind: .strikethrough))
    tokens[openerToken].opens = Int32(marks.count - 1)
    marks.append(InlineMark(kind: .strikethrough))
    tokens[closerToken].closes = Int32(marks.count - 1)
    tokens[closerToken].lastClose = Int32(marks.count - 1)
    delimiters.removeBetween(opener, closer)
    delimiters.remove(closer)
    delimiters.remove(opener)
    return next
  }
}
