/// A piece of a paragraph's inline content, in document order, as the parser leaves it.
///
/// Offsets are `Int32` (a token is made for about every three bytes of hostile input, so
/// their size counts); they are offsets in the paragraph's subject, or in the parser's buffer
/// of decoded text for ``Kind-swift.enum/decoded``.
struct InlineToken {
  enum Kind: UInt8 {
    /// Subject bytes, shown as written; `||` in them is a spoiler marker.
    case text
    /// Decoded bytes (a character reference): never a spoiler marker.
    case decoded
    /// A run of `*`, `_` or `~`: its first ``InlineToken/count`` characters stay text, with
    /// the emphasis it closes before them and the emphasis it opens after them.
    case delimiter
    /// A code span: its content between the backticks, normalized when shown.
    case code
    /// Raw HTML, shown as written.
    case html
    /// A soft line break at the subject's line feed ``InlineToken/start``.
    case softBreak
    /// A hard line break at the subject's line feed ``InlineToken/start``.
    case hardBreak
    /// The start of a link, whose destination is ``InlineToken/count`` in the parser's URLs.
    case linkStart
    case linkEnd
    case imageStart
    case imageEnd
  }

  var kind: Kind
  var start: Int32
  var end: Int32
  /// A delimiter's characters left as text; a link's destination index.
  var count: Int32 = 0
  /// The first emphasis a delimiter opens (newest, outermost first), an index into the
  /// parser's marks, or -1.
  var opens: Int32 = -1
  /// The first emphasis a delimiter closes (innermost first), or -1.
  var closes: Int32 = -1
  /// The last emphasis a delimiter closes, where the next one is appended.
  var lastClose: Int32 = -1

  init(_ kind: Kind, _ start: Int, _ end: Int, count: Int = 0) {
    self.kind = kind
    self.start = Int32(truncatingIfNeeded: start)
    self.end = Int32(truncatingIfNeeded: end)
    self.count = Int32(truncatingIfNeeded: count)
  }
}

/// Emphasis made by matching two delimiter runs: a strong, an emphasis or a strikethrough.
struct InlineMark {
  enum Kind: UInt8 {
    case emphasis, strong, strikethrough
  }

  var kind: Kind
  /// The next mark in the same list, or -1.
  var next: Int32 = -1
}

/// What the renderer walks: the tokens with each delimiter's emphasis laid out in order, and
/// the e-mail autolinks found in text.
struct InlineEvent {
  enum Kind: UInt8 {
    /// Subject bytes, where `||` marks a spoiler.
    case text
    /// Decoded bytes.
    case decoded
    case code
    case html
    case softBreak
    case hardBreak
    case open
    case close
  }

  var kind: Kind
  var start: Int32
  var end: Int32
  /// For ``Kind-swift.enum/open`` and ``Kind-swift.enum/close``: what opens or closes.
  var mark: Mark = .emphasis
  /// For a link's ``Kind-swift.enum/open``: the index of its destination.
  var link: Int32 = -1

  enum Mark: UInt8 {
    case emphasis, strong, strikethrough, link, image
  }

  init(_ kind: Kind, _ start: Int32, _ end: Int32) {
    self.kind = kind
    self.start = start
    self.end = end
  }

  init(open mark: Mark, link: Int32 = -1) {
    self.init(.open, 0, 0)
    self.mark = mark
    self.link = link
  }

  init(close mark: Mark) {
    self.init(.close, 0, 0)
    self.mark = mark
  }
}
