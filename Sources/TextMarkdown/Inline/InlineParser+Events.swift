extension InlineParser {
  /// The tokens as events, each delimiter's emphasis in place.
  func events() -> [InlineEvent] {
    var events: [InlineEvent] = []
    events.reserveCapacity(tokens.count + marks.count)
    for token in tokens {
      switch token.kind {
      case .text: events.append(InlineEvent(.text, token.start, token.end))
      case .decoded: events.append(InlineEvent(.decoded, token.start, token.end))
      case .delimiter:
        var mark = token.closes
        while mark >= 0 {
          events.append(InlineEvent(close: Self.eventMark(marks[Int(mark)].kind)))
          mark = marks[Int(mark)].next
        }
        if token.count > 0 {
          events.append(InlineEvent(.text, token.start, token.start + token.count))
        }
        mark = token.opens
        while mark >= 0 {
          events.append(InlineEvent(open: Self.eventMark(marks[Int(mark)].kind)))
          mark = marks[Int(mark)].next
        }
      case .code: events.append(InlineEvent(.code, token.start, token.end))
      case .html: events.append(InlineEvent(.html, token.start, token.end))
      case .softBreak: events.append(InlineEvent(.softBreak, token.start, token.end))
      case .hardBreak: events.append(InlineEvent(.hardBreak, token.start, token.end))
      case .linkStart: events.append(InlineEvent(open: .link, link: token.count))
      case .linkEnd: events.append(InlineEvent(close: .link))
      case .imageStart: events.append(InlineEvent(open: .image, link: token.count))
      case .imageEnd: events.append(InlineEvent(close: .image))
      }
    }
    return events
  }

  /// Whether the subject or the decoded text holds an `@` anywhere: without one, no e-mail
  /// autolink can be in the text, and ``linkingEmails(in:)`` would give its events back as
  /// they are (it finds none either when the `@` is in code, HTML or a destination).
  ///
  /// One `memchr` over each buffer: testing each text event's bytes in turn cost a tenth of
  /// a parse.
  var mayHoldEmail: Bool {
    subject.withUnsafeBufferPointer { $0.firstIndex(of: UInt8(ascii: "@"), in: $0.indices) != nil }
      || decoded.withUnsafeBufferPointer {
        $0.firstIndex(of: UInt8(ascii: "@"), in: $0.indices) != nil
      }
  }

  private static func eventMark(_ kind: InlineMark.Kind) -> InlineEvent.Mark {
    switch kind {
    case .emphasis: return .emphasis
    case .strong: return .strong
    case .strikethrough: return .strikethrough
    }
  }

  /// Adds GFM's e-mail autolinks to `events`: in each run of adjacent text outside links,
  /// read as one text as cmark-gfm reads its merged text nodes.
  mutating func linkingEmails(in events: [InlineEvent]) -> [InlineEvent] {
    var result: [InlineEvent] = []
    result.reserveCapacity(events.count)
    var isInLink = false
    var index = 0
    while index < events.count {
      let event = events[index]
      guard event.kind == .text || event.kind == .decoded else {
        if event.kind == .open && event.mark == .link {
          isInLink = true
        } else if event.kind == .close && event.mark == .link {
          isInLink = false
        }
        result.append(event)
        index += 1
        continue
      }
      var end = index
      while end < events.count && (events[end].kind == .text || events[end].kind == .decoded) {
        end += 1
      }
      if isInLink {
        result += events[index..<end]
      } else {
        appendLinkingEmails(events[index..<end], to: &result)
      }
      index = end
    }
    return result
  }

  /// The bytes of a text event.
  private func bytes(of event: InlineEvent) -> ArraySlice<UInt8> {
    event.kind == .text
      ? subject[Int(event.start)..<Int(event.end)] : decoded[Int(event.start)..<Int(event.end)]
  }

  /// One run of adjacent text, with its e-mail addresses made links.
  private mutating func appendLinkingEmails(
    _ run: ArraySlice<InlineEvent>, to result: inout [InlineEvent]
  ) {
    var text: [UInt8] = []
    for event in run { text += bytes(of: event) }
    guard text.contains(UInt8(ascii: "@")) else {
      result += run
      return
    }
    let links = text.withUnsafeBufferPointer { EmailAutolinks.find(in: $0, work: &work) }
    guard !links.isEmpty else {
      result += run
      return
    }
    // Cuts the run's events at the links' ends, in order.
    var offset = 0
    var nextLink = 0
    var isInside = false
    for event in run {
      var piece = event
      let length = Int(event.end - event.start)
      var taken = 0
      while taken < length {
        let boundary =
          nextLink < links.count
          ? (isInside ? links[nextLink].range.upperBound : links[nextLink].range.lowerBound)
          : Int.max
        let pieceEnd = min(offset + length - taken, boundary) - offset
        if pieceEnd > 0 {
          var part = piece
          part.end = part.start + Int32(pieceEnd)
          result.append(part)
          piece.start = part.end
          taken += pieceEnd
          offset += pieceEnd
        }
        if offset == boundary {
          if isInside {
            result.append(InlineEvent(close: .link))
            nextLink += 1
          } else {
            urls.append(links[nextLink].url)
            result.append(InlineEvent(open: .link, link: Int32(urls.count - 1)))
          }
          isInside.toggle()
        }
      }
    }
    if isInside, offset == links[nextLink].range.upperBound {
      result.append(InlineEvent(close: .link))
    }
  }
}
